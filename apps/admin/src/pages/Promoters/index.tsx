/**
 * Console: promoters (issue "promotion" item 8): every member who invited, earned or set a withdrawal account, with
 * invitees, qualified invitees, level, earned / pending / withdrawable (yuan from fen), open fraud signals and flags
 * (adminListPromoters). A row opens the promoter: its invitees, latest earnings (reverse one with a reason: a
 * correcting ledger transfer, refused when the balance no longer covers it), fraud signals (clear), the fraud flag
 * with a reason (the cash module refuses its withdrawals) and the agent mark (adminGetPromoter, adminFlagPromoter,
 * adminSetAgent, adminReverseEarning, adminClearSignal). Signals are never acted on automatically.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Input, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, type Res } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { FilteredTable, formatTime, ListCard, useAction, useDebounced, useUrlQuery } from '../../ui.tsx';
import { yuan } from '../PromotionReport/index.tsx';

type Row = Res<'adminListPromoters'>['list'][number];
type Detail = Res<'adminGetPromoter'>;
const KEY = ['admin', 'promotion', 'promoters'];

export default function PromotersPage() {
  const { t } = useI18n();
  const { search, update } = useUrlQuery();
  const [text, setText] = useState(search.get('q') ?? '');
  const q = useDebounced(text);
  const flagged = (search.get('flagged') ?? undefined) as '0' | '1' | undefined;
  const query = {
    q: q || undefined,
    flagged,
    page: Number(search.get('page') ?? 1),
    limit: Number(search.get('limit') ?? 20),
  };
  const list = useQuery({
    queryKey: [...KEY, query],
    queryFn: ({ signal }) => call('adminListPromoters', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<number | null>(null);
  const columns: ColumnsType<Row> = [
    {
      title: t('promo.user'),
      dataIndex: 'user_name',
      render: (name: string, r) => (
        <Button type="link" onClick={() => setOpen(r.user_id)} data-testid="promoter-open">
          {name} ({r.user_id})
        </Button>
      ),
    },
    { title: t('promo.code'), dataIndex: 'invitation_code' },
    { title: t('promo.invitees'), dataIndex: 'invitees', align: 'right' },
    { title: t('promo.qualified'), dataIndex: 'qualified', align: 'right' },
    { title: t('promo.level'), dataIndex: 'level_name' },
    { title: t('promo.earned'), dataIndex: 'earned_fen', align: 'right', render: yuan },
    { title: t('promo.pending'), dataIndex: 'pending_fen', align: 'right', render: yuan },
    { title: t('promo.available'), dataIndex: 'available_fen', align: 'right', render: yuan },
    {
      title: t('promo.signals'),
      dataIndex: 'signals',
      align: 'right',
      render: (n: number) => (n ? <Tag color="orange">{n}</Tag> : 0),
    },
    {
      title: t('promo.flags'),
      key: 'flags',
      render: (_: unknown, r) => (
        <Space size={4}>
          {r.fraud_flag && <Tag color="red">{t('promo.flagged')}</Tag>}
          {r.is_agent && <Tag color="gold">{t('promo.agent')}</Tag>}
        </Space>
      ),
    },
  ];
  return (
    <ListCard title={t('nav.promoters')} help={t('promo.promotersHelp')} testId="promoters">
      <FilteredTable<Row>
        filters={
          <>
            <Input.Search
              allowClear
              value={text}
              placeholder={t('promo.search')}
              onChange={(e) => {
                setText(e.target.value);
                update({ q: e.target.value, page: undefined });
              }}
              style={{ width: 240 }}
            />
            <Select
              value={flagged ?? ''}
              style={{ width: 160 }}
              onChange={(v) => update({ flagged: v || undefined, page: undefined })}
              options={[
                { value: '', label: t('promo.allPromoters') },
                { value: '1', label: t('promo.flaggedOnly') },
                { value: '0', label: t('promo.unflaggedOnly') },
              ]}
            />
          </>
        }
        list={list}
        query={query}
        update={update}
        rowKey="user_id"
        columns={columns}
        testId="promoter-table"
      />
      {open !== null && <PromoterDrawer userId={open} onClose={() => setOpen(null)} />}
    </ListCard>
  );
}

function PromoterDrawer({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useI18n();
  const key = [...KEY, 'detail', userId];
  const d = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call('adminGetPromoter', { params: { id: userId }, signal }),
  });
  const [reason, setReason] = useState('');
  const [reverse, setReverse] = useState<{ id: number; reason: string } | null>(null);
  const invalidate = [key, KEY];
  const flag = useAction({
    mutationFn: (v: { flag: boolean; reason: string }) =>
      call('adminFlagPromoter', { params: { id: userId }, body: v }),
    invalidate,
  });
  const agent = useAction({
    mutationFn: (is_agent: boolean) => call('adminSetAgent', { params: { id: userId }, body: { is_agent } }),
    invalidate,
  });
  const doReverse = useAction({
    mutationFn: (v: { id: number; reason: string }) =>
      call('adminReverseEarning', { params: { id: v.id }, body: { reason: v.reason } }),
    invalidate,
    onSuccess: () => setReverse(null),
  });
  const clear = useAction({
    mutationFn: (id: number) => call('adminClearSignal', { params: { id } }),
    invalidate,
  });
  const info = d.data?.info;
  const earningCols: ColumnsType<Detail['earnings'][number]> = [
    { title: t('promo.time'), dataIndex: 'created_at', render: (v: string) => formatTime(v) },
    {
      title: t('promo.source'),
      dataIndex: 'source',
      render: (s: string) => t(`promo.source.${s}` as 'promo.source.register'),
    },
    {
      title: t('promo.invitee'),
      dataIndex: 'invitee_id',
      render: (id: number, r) => (id ? `${r.invitee} (${id})` : ''),
    },
    { title: t('promo.amount'), dataIndex: 'amount_fen', align: 'right', render: yuan },
    {
      title: t('promo.status'),
      dataIndex: 'status',
      render: (s: string, r) => (
        <span>
          {t(`promo.status.${s}` as 'promo.status.pending')}
          {r.reverse_reason ? ` · ${r.reverse_reason}` : ''}
        </span>
      ),
    },
    {
      title: '',
      key: 'act',
      render: (_: unknown, r) =>
        r.status !== 'reversed' && (
          <Button
            size="small"
            danger
            onClick={() => setReverse({ id: r.earning_id, reason: '' })}
            data-testid="reverse"
          >
            {t('promo.reverse')}
          </Button>
        ),
    },
  ];
  const signalCols: ColumnsType<Detail['signals'][number]> = [
    { title: t('promo.time'), dataIndex: 'created_at', render: (v: string) => formatTime(v) },
    {
      title: t('promo.kind'),
      dataIndex: 'kind',
      render: (k: string) => t(`promo.signal.${k}` as 'promo.signal.cycle'),
    },
    { title: t('promo.invitee'), dataIndex: 'invitee_id' },
    { title: t('promo.detail'), dataIndex: 'detail', render: (v: object) => JSON.stringify(v) },
    {
      title: '',
      key: 'act',
      render: (_: unknown, r) =>
        r.cleared_at ? (
          <Tag>{t('promo.cleared')}</Tag>
        ) : (
          <Button size="small" onClick={() => clear.mutate(r.signal_id)}>
            {t('promo.clear')}
          </Button>
        ),
    },
  ];
  return (
    <Drawer open width="min(960px, 100vw)" onClose={onClose} title={info ? `${info.user_name} (${info.user_id})` : ''}>
      {info && d.data && (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="promoter-detail">
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
            <Descriptions.Item label={t('promo.code')}>{info.invitation_code}</Descriptions.Item>
            <Descriptions.Item label={t('promo.level')}>{info.level_name}</Descriptions.Item>
            <Descriptions.Item label={t('promo.invitees')}>
              {info.invitees} / {t('promo.qualified')} {info.qualified}
            </Descriptions.Item>
            <Descriptions.Item label={t('promo.earned')}>{yuan(info.earned_fen)}</Descriptions.Item>
            <Descriptions.Item label={t('promo.pending')}>{yuan(info.pending_fen)}</Descriptions.Item>
            <Descriptions.Item label={t('promo.available')}>{yuan(info.available_fen)}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('promo.flags')}>
            <Space wrap>
              <span>{t('promo.agent')}</span>
              <Switch checked={info.is_agent} loading={agent.isPending} onChange={(v) => agent.mutate(v)} />
              {info.fraud_flag ? (
                <>
                  <Tag color="red" data-testid="flag-reason">
                    {t('promo.flagged')}: {info.fraud_reason}
                  </Tag>
                  <Button onClick={() => flag.mutate({ flag: false, reason: '' })} loading={flag.isPending}>
                    {t('promo.unflag')}
                  </Button>
                </>
              ) : (
                <>
                  <Input
                    placeholder={t('promo.flagReason')}
                    value={reason}
                    maxLength={255}
                    onChange={(e) => setReason(e.target.value)}
                    style={{ width: 240 }}
                  />
                  <Button
                    danger
                    disabled={!reason.trim()}
                    onClick={() => flag.mutate({ flag: true, reason: reason.trim() })}
                    loading={flag.isPending}
                    data-testid="flag"
                  >
                    {t('promo.flag')}
                  </Button>
                </>
              )}
            </Space>
          </Card>
          <Card size="small" title={t('promo.signals')}>
            <Table
              size="small"
              rowKey="signal_id"
              columns={signalCols}
              dataSource={d.data.signals}
              pagination={false}
              scroll={{ x: 'max-content' }}
            />
          </Card>
          <Card size="small" title={t('promo.earnings')}>
            <Table
              size="small"
              rowKey="earning_id"
              columns={earningCols}
              dataSource={d.data.earnings}
              pagination={false}
              scroll={{ x: 'max-content' }}
            />
          </Card>
          <Card size="small" title={t('promo.inviteeList')}>
            <Table
              size="small"
              rowKey="user_id"
              dataSource={d.data.invitees}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('promo.user'), dataIndex: 'user_name', render: (n: string, r) => `${n} (${r.user_id})` },
                { title: t('promo.time'), dataIndex: 'reg_time', render: (v: string) => formatTime(v) },
                { title: 'IP', dataIndex: 'reg_ip' },
                { title: t('promo.qualified'), dataIndex: 'qualified', render: (v: boolean) => (v ? '✓' : '') },
                { title: t('promo.earned'), dataIndex: 'earned_fen', align: 'right', render: yuan },
              ]}
            />
          </Card>
        </Space>
      )}
      <Modal
        open={reverse !== null}
        title={t('promo.reverse')}
        okText={t('promo.reverse')}
        okButtonProps={{ danger: true, disabled: !reverse?.reason.trim(), loading: doReverse.isPending }}
        onOk={() => reverse && doReverse.mutate({ id: reverse.id, reason: reverse.reason.trim() })}
        onCancel={() => setReverse(null)}
      >
        <p>{t('promo.reverseHelp')}</p>
        <Input
          placeholder={t('promo.reverseReason')}
          value={reverse?.reason ?? ''}
          maxLength={255}
          onChange={(e) => reverse && setReverse({ ...reverse, reason: e.target.value })}
          data-testid="reverse-reason"
        />
      </Modal>
    </Drawer>
  );
}
