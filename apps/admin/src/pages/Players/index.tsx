/**
 * The player table (MacCMS `vodplayer`; server modules/content/players.ts): each player code of `vod_play_from` with
 * the name viewers see on its lines, a description, an order and a parse address. Imports add the codes their titles
 * use (named as the feed names them, else by code); here the operator names, orders or removes them. Calls
 * adminListPlayers, adminSavePlayer, adminDeletePlayer.
 */
import type { Player } from '@openvod/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, errorMessage } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { keys } from '../../queries.ts';
import { DataTable, LoadError, useAction } from '../../ui.tsx';

const playersKey = [...keys.catalogueSettings, 'players'] as const;

function PlayerModal({ player, onClose }: { player: Player | null; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Player>();
  const [error, setError] = useState<string | null>(null);
  const save = useAction({
    mutationFn: (v: Player) =>
      call('adminSavePlayer', {
        params: { from: v.from.trim() },
        body: { show: v.show?.trim() ?? '', des: v.des ?? '', sort: v.sort ?? 0, parse: v.parse ?? '' },
      }),
    invalidate: [playersKey],
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={player ? `${t('player.edit')} · ${player.from}` : t('player.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'player-save' }}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<Player>
        form={form}
        layout="vertical"
        initialValues={player ?? { from: '', show: '', des: '', sort: 0, parse: '' }}
        onFinish={(v) => {
          setError(null);
          save.mutate({ ...player, ...v } as Player, {
            onError: (e) => setError(errorMessage(e, t('common.networkError'))),
          });
        }}
      >
        <Form.Item
          name="from"
          label={t('player.f.from')}
          extra={t('player.f.fromHelp')}
          rules={[{ required: true, whitespace: true, max: 60 }]}
        >
          <Input disabled={!!player} maxLength={60} data-testid="player-from" />
        </Form.Item>
        <Form.Item name="show" label={t('player.f.show')} extra={t('player.f.showHelp')} rules={[{ max: 60 }]}>
          <Input maxLength={60} autoFocus data-testid="player-show" />
        </Form.Item>
        <Form.Item name="des" label={t('player.f.des')} rules={[{ max: 255 }]}>
          <Input maxLength={255} data-testid="player-des" />
        </Form.Item>
        <Form.Item name="sort" label={t('player.f.sort')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} data-testid="player-sort" />
        </Form.Item>
        <Form.Item name="parse" label={t('player.f.parse')} extra={t('player.f.parseHelp')} rules={[{ max: 1024 }]}>
          <Input type="url" maxLength={1024} placeholder="https://" data-testid="player-parse" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function PlayersPage() {
  const { t } = useI18n();
  const list = useQuery({
    queryKey: playersKey,
    queryFn: ({ signal }) => call('adminListPlayers', { signal }).then((r) => r.list),
  });
  const [editing, setEditing] = useState<Player | 'new' | null>(null);
  const remove = useAction({
    mutationFn: (from: string) => call('adminDeletePlayer', { params: { from } }),
    invalidate: [playersKey],
    success: 'common.deleted',
  });
  const columns: ColumnsType<Player> = [
    { title: t('player.f.sort'), dataIndex: 'sort', width: 70 },
    {
      title: t('player.f.from'),
      dataIndex: 'from',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('player.f.show'),
      dataIndex: 'show',
      render: (v: string, row) =>
        v === row.from ? (
          <Space size={4}>
            <Typography.Text>{v}</Typography.Text>
            <Tag color="orange">{t('player.unnamed')}</Tag>
          </Space>
        ) : (
          <Typography.Text strong data-testid={`player-show-${row.from}`}>
            {v}
          </Typography.Text>
        ),
    },
    { title: t('player.f.des'), dataIndex: 'des', render: (v: string) => v || '—' },
    {
      title: t('player.f.parse'),
      dataIndex: 'parse',
      render: (v: string) => (v ? <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text> : '—'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_v, row) => (
        <Space size={4}>
          <Button size="small" onClick={() => setEditing(row)} data-testid={`player-edit-${row.from}`}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('player.deleteConfirm', { name: row.from })}
            onConfirm={() => remove.mutate(row.from)}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
          >
            <Button size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('nav.players')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="player-create">
          {t('player.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('player.help')}</Typography.Paragraph>
      <LoadError error={list.error} />
      <div data-testid="player-table">
        <DataTable<Player>
          rowKey="from"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          pagination={false}
        />
      </div>
      {editing && (
        <PlayerModal
          key={editing === 'new' ? 'new' : editing.from}
          player={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
