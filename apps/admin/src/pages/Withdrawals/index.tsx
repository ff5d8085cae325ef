/**
 * Console: withdrawals (modules/cash; spec §4 Withdrawal states, §9 arrival within 2 h, at most 48 h after
 * approval). The queue by state (adminListCash): the payee account in full, the member's fraud flag, the 2 h "late"
 * and 48 h "overdue" flags (overdue ones listed first); approve (adminApproveCash: the payout job pays it with payout
 * mode alipay or fake), reject with a reason (adminRejectCash: the amount returns), mark paid with a reference
 * (adminMarkCashPaid, manual payout), retry a failed payout (adminRetryCash). The withdrawal settings below
 * (adminGetCashSettings / adminUpdateCashSettings): minimum, fee, caps, payout mode, automatic approval limit.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call, type Res } from '../../api.ts';
import { fenToYuan } from '../../billing.tsx';
import { type MessageKey, useI18n } from '../../i18n.ts';
import { DataTable, intParam, ListCard, serverPagination, useAction, useUrlQuery, when } from '../../ui.tsx';
import { cashKeys, SettingsCard } from './CashSettingsCard.tsx';
import { TextAction } from './TextAction.tsx';

type Item = Res<'adminListCash'>['list'][number];
const STATUSES = ['pending', 'approved', 'paying', 'paid', 'rejected', 'failed', 'cancelled'] as const;
const statusColor: Record<string, string> = {
  pending: 'gold',
  approved: 'blue',
  paying: 'processing',
  paid: 'green',
  rejected: 'red',
  failed: 'red',
  cancelled: 'default',
};

export default function WithdrawalsPage() {
  const { t } = useI18n();
  const { search, update } = useUrlQuery();
  const query = {
    status: (search.get('status') || undefined) as Item['cash_status'] | undefined,
    user_id: intParam(search.get('user_id')) || undefined,
    page: intParam(search.get('page')) || 1,
    limit: intParam(search.get('limit')) || 20,
  };
  const list = useQuery({
    queryKey: [...cashKeys.list, query],
    queryFn: ({ signal }) => call('adminListCash', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const invalidate = [cashKeys.list];
  const approve = useAction({
    mutationFn: (id: number) => call('adminApproveCash', { params: { id } }),
    invalidate,
    success: 'cash.approved',
  });
  const reject = useAction({
    mutationFn: (v: { id: number; reason: string }) =>
      call('adminRejectCash', { params: { id: v.id }, body: { reason: v.reason } }),
    invalidate,
    success: 'cash.rejected',
  });
  const paid = useAction({
    mutationFn: (v: { id: number; ref: string }) =>
      call('adminMarkCashPaid', { params: { id: v.id }, body: { ref: v.ref } }),
    invalidate,
    success: 'cash.markedPaid',
  });
  const retry = useAction({
    mutationFn: (id: number) => call('adminRetryCash', { params: { id } }),
    invalidate,
    success: 'cash.retried',
  });

  const columns: ColumnsType<Item> = [
    { title: '#', dataIndex: 'cash_id', width: 70 },
    {
      title: t('cash.member'),
      dataIndex: 'user_name',
      render: (name: string, row) => (
        <span>
          {name} <Typography.Text type="secondary">#{row.user_id}</Typography.Text>
          {row.fraud_flag && (
            <Tag color="red" style={{ marginLeft: 6 }} title={row.fraud_reason} data-testid="cash-fraud">
              {t('cash.fraud')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: t('cash.amount'),
      dataIndex: 'cash_money',
      align: 'right',
      render: (fen: number, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          ¥{fenToYuan(fen)}
          {row.cash_fee > 0 && <Typography.Text type="secondary"> (−¥{fenToYuan(row.cash_fee)})</Typography.Text>}
        </span>
      ),
    },
    {
      title: t('cash.payee'),
      key: 'payee',
      render: (_v, row) => (
        <span>
          {row.cash_payee_name} · <Typography.Text copyable>{row.cash_bank_no}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('cash.status'),
      dataIndex: 'cash_status',
      render: (s: string, row) => (
        <Space size={4} wrap>
          <Tag color={statusColor[s]} data-testid="cash-status" data-status={s}>
            {t(`cash.status.${s}` as MessageKey)}
          </Tag>
          {row.overdue ? (
            <Tag color="red" data-testid="cash-overdue">
              {t('cash.overdue')}
            </Tag>
          ) : (
            row.late && (
              <Tag color="orange" data-testid="cash-late">
                {t('cash.late')}
              </Tag>
            )
          )}
          {row.cash_reason && <Typography.Text type="secondary">{row.cash_reason}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('cash.time'),
      key: 'time',
      responsive: ['md'],
      render: (_v, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {when(row.cash_time)}
          {row.cash_time_audit && (
            <>
              <br />
              <Typography.Text type="secondary">
                {t('cash.reviewedAt')} {when(row.cash_time_audit)}
              </Typography.Text>
            </>
          )}
        </span>
      ),
    },
    {
      title: t('cash.ref'),
      key: 'ref',
      responsive: ['lg'],
      render: (_v, row) => (row.cash_ref ? `${row.cash_channel} · ${row.cash_ref}` : '-'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      // The table scrolls sideways even at 1280 px: the approve / reject buttons stay in view.
      fixed: 'right',
      render: (_v, row) => (
        <Space wrap size={4}>
          {row.cash_status === 'pending' && (
            <Popconfirm
              title={t('cash.approveConfirm')}
              okText={t('cash.approve')}
              cancelText={t('common.cancel')}
              okButtonProps={{ 'data-testid': 'confirm-ok' }}
              onConfirm={() => approve.mutateAsync(row.cash_id).catch(() => undefined)}
            >
              <Button size="small" type="primary" data-testid={`cash-approve-${row.cash_id}`}>
                {t('cash.approve')}
              </Button>
            </Popconfirm>
          )}
          {(row.cash_status === 'pending' || row.cash_status === 'approved') && (
            <TextAction
              label={t('cash.reject')}
              title={t('cash.rejectTitle')}
              placeholder={t('cash.reasonPlaceholder')}
              danger
              testId={`cash-reject-${row.cash_id}`}
              pending={reject.isPending}
              onSubmit={(reason) => reject.mutateAsync({ id: row.cash_id, reason })}
            />
          )}
          {row.cash_status === 'approved' && (
            <TextAction
              label={t('cash.markPaid')}
              title={t('cash.markPaidTitle')}
              placeholder={t('cash.refPlaceholder')}
              testId={`cash-paid-${row.cash_id}`}
              pending={paid.isPending}
              onSubmit={(ref) => paid.mutateAsync({ id: row.cash_id, ref })}
            />
          )}
          {row.cash_status === 'failed' && (
            <Popconfirm
              title={t('cash.retryConfirm')}
              okText={t('cash.retry')}
              cancelText={t('common.cancel')}
              okButtonProps={{ 'data-testid': 'confirm-ok' }}
              onConfirm={() => retry.mutateAsync(row.cash_id).catch(() => undefined)}
            >
              <Button size="small" data-testid={`cash-retry-${row.cash_id}`}>
                {t('cash.retry')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListCard
        title={t('cash.title')}
        error={list.error}
        testId="cash-card"
        help={t('cash.help')}
        extra={
          <Space wrap>
            <Select
              allowClear
              placeholder={t('cash.status')}
              value={query.status}
              onChange={(v) => update({ status: v, page: undefined })}
              style={{ width: 140 }}
              options={STATUSES.map((s) => ({ value: s, label: t(`cash.status.${s}` as MessageKey) }))}
              data-testid="cash-filter"
            />
            <Input.Search
              allowClear
              placeholder={t('cash.userId')}
              defaultValue={query.user_id ? String(query.user_id) : ''}
              onSearch={(v) => update({ user_id: intParam(v.trim()) || undefined, page: undefined })}
              style={{ width: 160 }}
            />
          </Space>
        }
      >
        {(list.data?.overdue ?? 0) > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('cash.overdueAlert', { n: list.data?.overdue ?? 0 })}
          />
        )}
        {(list.data?.overdue ?? 0) === 0 && (list.data?.late ?? 0) > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('cash.lateAlert', { n: list.data?.late ?? 0 })}
          />
        )}
        <DataTable<Item>
          rowKey="cash_id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          pagination={serverPagination(list.data, query, update, t)}
        />
      </ListCard>
      <SettingsCard />
    </>
  );
}
