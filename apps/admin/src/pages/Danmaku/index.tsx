/**
 * Danmaku moderation (issue 5 item 6): the newest danmaku, searchable by text, user (name or id) and title (name or
 * id); remove one (it also leaves the screens of current viewers); block or unblock its sender from sending. The
 * list of blocked users is shown below. Calls: adminListDanmaku, adminDeleteDanmaku, adminListDanmakuBlocks,
 * adminBlockDanmakuUser, adminUnblockDanmakuUser.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, Card, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, errorMessage, type Res } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { DataTable, FilteredTable, formatTime, intParam, LoadError, useUrlQuery } from '../../ui.tsx';

type Item = Res<'adminListDanmaku'>['list'][number];
type Block = Res<'adminListDanmakuBlocks'>['list'][number];

const listKey = ['danmaku', 'list'] as const;
const blocksKey = ['danmaku', 'blocks'] as const;

/** Playback position in seconds as m:ss. */
function position(sec: number): string {
  const s = Math.floor(sec);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export default function DanmakuPage() {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const { search, update } = useUrlQuery();
  const query = {
    wd: search.get('wd') || undefined,
    user: search.get('user') || undefined,
    vod: search.get('vod') || undefined,
    page: intParam(search.get('page')) || 1,
    limit: intParam(search.get('limit')) || 20,
  };
  const [form, setForm] = useState({ wd: query.wd ?? '', user: query.user ?? '', vod: query.vod ?? '' });

  const list = useQuery({
    queryKey: [...listKey, query],
    queryFn: ({ signal }) => call('adminListDanmaku', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const blocks = useQuery({
    queryKey: blocksKey,
    queryFn: ({ signal }) => call('adminListDanmakuBlocks', { signal }),
  });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: blocksKey }),
    ]);
  const onError = (e: unknown) => message.error(errorMessage(e, t('common.networkError')));

  const remove = useMutation({
    mutationFn: (id: number) => call('adminDeleteDanmaku', { params: { id } }),
    onSuccess: async () => {
      message.success(t('common.deleted'));
      await refresh();
    },
    onError,
  });
  const block = useMutation({
    mutationFn: (id: number) => call('adminBlockDanmakuUser', { params: { id }, body: { reason: '' } }),
    onSuccess: async () => {
      message.success(t('danmaku.blockedDone'));
      await refresh();
    },
    onError,
  });
  const unblock = useMutation({
    mutationFn: (id: number) => call('adminUnblockDanmakuUser', { params: { id } }),
    onSuccess: async () => {
      message.success(t('danmaku.unblockedDone'));
      await refresh();
    },
    onError,
  });

  const columns: ColumnsType<Item> = [
    { title: 'ID', dataIndex: 'barrage_id', width: 70 },
    {
      title: t('danmaku.col.text'),
      dataIndex: 'barrage_text',
      render: (text: string, row) => (
        <Space size={8}>
          <span
            aria-hidden="true"
            style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: row.barrage_color }}
          />
          {/* Plain text: React escapes it. */}
          <span data-testid="danmaku-text">{text}</span>
        </Space>
      ),
    },
    {
      title: t('danmaku.col.user'),
      dataIndex: 'user_name',
      render: (name: string, row) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <span>
            {name} <Typography.Text type="secondary">#{row.user_id}</Typography.Text>
          </span>
          {row.user_blocked && <Tag color="red">{t('danmaku.blockedTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('danmaku.col.title'),
      dataIndex: 'vod_name',
      render: (name: string, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {name}{' '}
          <Typography.Text type="secondary">{t('danmaku.episode', { sid: row.sid, nid: row.nid })}</Typography.Text>
        </span>
      ),
    },
    { title: t('danmaku.col.position'), dataIndex: 'barrage_time', render: (s: number) => position(s) },
    {
      title: t('danmaku.col.sent'),
      dataIndex: 'created_at',
      render: (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(iso)}</span>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, row) => (
        <Space size={4}>
          <Popconfirm
            title={t('danmaku.deleteConfirm')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'danmaku-delete-ok' }}
            onConfirm={() => remove.mutateAsync(row.barrage_id).catch(() => undefined)}
          >
            <Button size="small" danger data-testid="danmaku-delete">
              {t('common.delete')}
            </Button>
          </Popconfirm>
          {row.user_blocked ? (
            <Button size="small" onClick={() => unblock.mutate(row.user_id)} data-testid="danmaku-unblock">
              {t('danmaku.unblock')}
            </Button>
          ) : (
            <Popconfirm
              title={t('danmaku.blockConfirm', { name: row.user_name })}
              okText={t('danmaku.block')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'danmaku-block-ok' }}
              onConfirm={() => block.mutateAsync(row.user_id).catch(() => undefined)}
            >
              <Button size="small" data-testid="danmaku-block">
                {t('danmaku.block')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const blockColumns: ColumnsType<Block> = [
    { title: 'ID', dataIndex: 'user_id', width: 70 },
    { title: t('danmaku.col.user'), dataIndex: 'user_name' },
    { title: t('danmaku.col.since'), dataIndex: 'created_at', render: (iso: string) => formatTime(iso) },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, row) => (
        <Button size="small" onClick={() => unblock.mutate(row.user_id)}>
          {t('danmaku.unblock')}
        </Button>
      ),
    },
  ];

  const apply = () => update({ wd: form.wd.trim(), user: form.user.trim(), vod: form.vod.trim(), page: undefined });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('nav.danmaku')} styles={{ body: { paddingTop: 12 } }}>
        <FilteredTable<Item>
          list={list}
          query={query}
          update={update}
          rowKey="barrage_id"
          columns={columns}
          testId="danmaku-table"
          filters={
            <>
              <Input
                allowClear
                placeholder={t('danmaku.searchText')}
                value={form.wd}
                onChange={(e) => setForm({ ...form, wd: e.target.value })}
                onPressEnter={apply}
                style={{ width: 200 }}
                data-testid="danmaku-search-text"
              />
              <Input
                allowClear
                placeholder={t('danmaku.searchUser')}
                value={form.user}
                onChange={(e) => setForm({ ...form, user: e.target.value })}
                onPressEnter={apply}
                style={{ width: 180 }}
                data-testid="danmaku-search-user"
              />
              <Input
                allowClear
                placeholder={t('danmaku.searchTitle')}
                value={form.vod}
                onChange={(e) => setForm({ ...form, vod: e.target.value })}
                onPressEnter={apply}
                style={{ width: 200 }}
                data-testid="danmaku-search-title"
              />
              <Button type="primary" onClick={apply} data-testid="danmaku-search">
                {t('danmaku.search')}
              </Button>
            </>
          }
        />
      </Card>
      <Card title={t('danmaku.blocks')}>
        <LoadError error={blocks.error} />
        <DataTable<Block>
          rowKey="user_id"
          size="small"
          columns={blockColumns}
          dataSource={blocks.data?.list ?? []}
          loading={blocks.isFetching}
          pagination={false}
          locale={{ emptyText: t('danmaku.noBlocks') }}
          data-testid="danmaku-blocks"
        />
      </Card>
    </Space>
  );
}
