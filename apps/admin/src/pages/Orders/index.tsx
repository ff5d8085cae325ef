/**
 * Console: orders (issue 6 item 8; spec §3 Order, §4 Order states). Search by order number, user id or user name, filter
 * by state and channel, or list only orders with a payment problem (amount mismatch, paid twice) (adminListOrders); view one order with its verified notifications and the provider's record
 * (adminGetOrder asks the provider live); close an unpaid order (adminCloseOrder: closed at the provider first; if
 * the provider says paid, the order becomes paid).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Input,
  Popconfirm,
  Result,
  Select,
  Space,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call, errorMessage, type Res } from '../../api.ts';
import {
  billingKeys,
  channelLabel,
  fenToYuan,
  longLabel,
  paymentOutcomeLabel,
  priceKindLabel,
  StatusTag,
  statusLabel,
  tradeStateLabel,
} from '../../billing.tsx';
import { useI18n } from '../../i18n.ts';
import { DataTable, formatTime, intParam, ListCard, PageSpin, useAction } from '../../ui.tsx';

type Item = Res<'adminListOrders'>['list'][number];

const when = (iso: string | null | undefined) => (iso ? formatTime(iso) : '-');

function Json({ value }: { value: unknown }) {
  return (
    <pre
      style={{
        margin: 0,
        maxHeight: 260,
        overflow: 'auto',
        padding: 8,
        background: '#fafafa',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        fontSize: 12,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function OrderDrawer({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useI18n();
  const order = useQuery({
    queryKey: billingKeys.order(code),
    queryFn: ({ signal }) => call('adminGetOrder', { params: { order_code: code }, signal }),
  });
  const close = useAction({
    mutationFn: () => call('adminCloseOrder', { params: { order_code: code } }),
    invalidate: [billingKeys.orders, billingKeys.order(code)],
    success: 'billing.order.closed',
  });
  const info = order.data?.info;
  const provider = order.data?.provider;
  return (
    <Drawer
      open
      onClose={onClose}
      size={640}
      title={`${t('billing.order.title')} ${code}`}
      destroyOnHidden
      data-testid="order-drawer"
      extra={
        info?.order_status === 'unpaid' && (
          <Popconfirm
            title={t('billing.order.closeConfirm')}
            okText={t('billing.order.close')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
            onConfirm={() => close.mutateAsync().catch(() => undefined)}
          >
            <Button danger loading={close.isPending} data-testid="order-close">
              {t('billing.order.close')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {order.isError && <Result status="error" title={errorMessage(order.error, t('common.loadFailed'))} />}
      {!info && !order.isError && <PageSpin />}
      {info && (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('billing.order.code')}>
              <Typography.Text copyable>{info.order_code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.status')}>
              <StatusTag status={info.order_status} t={t} />
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.user')}>
              {info.user_name} (#{info.user_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.plan')}>
              {info.group_name} · {longLabel(info.order_long, t)} ({info.order_days})
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.amount')}>
              ¥{fenToYuan(info.order_price)} · {priceKindLabel(info.order_price_kind, t)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.channel')}>
              {channelLabel(info.order_pay_type, t)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.order.time')}>{when(info.order_time)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.order.payTime')}>{when(info.order_pay_time)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.order.expireTime')}>{when(info.order_expire_time)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.order.closeTime')}>{when(info.order_close_time)}</Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>{t('billing.order.provider')}</Typography.Title>
            {order.data?.provider_error && (
              <Alert type="warning" showIcon title={order.data.provider_error} style={{ marginBottom: 8 }} />
            )}
            {provider ? (
              <Space orientation="vertical" style={{ width: '100%' }} data-testid="order-provider">
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('billing.order.providerStatus')}>
                    <span data-testid="order-provider-status" data-status={provider.status}>
                      {tradeStateLabel(provider.status, t)}
                    </span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('billing.order.txn')}>
                    {provider.provider_txn_id ?? '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('billing.order.amount')}>
                    {provider.amount === null ? '-' : `¥${fenToYuan(provider.amount)}`}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('billing.order.payTime')}>{when(provider.paid_at)}</Descriptions.Item>
                </Descriptions>
                <Json value={provider.raw} />
              </Space>
            ) : (
              !order.data?.provider_error && <Typography.Text type="secondary">-</Typography.Text>
            )}
          </div>

          <div>
            <Typography.Title level={5}>{t('billing.order.payments')}</Typography.Title>
            {(order.data?.payments ?? []).length === 0 ? (
              <Typography.Text type="secondary">{t('billing.order.noPayments')}</Typography.Text>
            ) : (
              order.data?.payments.map((p) => (
                <div key={`${p.channel}:${p.provider_txn_id}`} style={{ marginBottom: 12 }} data-testid="order-payment">
                  <Typography.Text strong>
                    {channelLabel(p.channel, t)} · {p.provider_txn_id} · ¥{fenToYuan(p.amount)} ·{' '}
                    <span data-testid="order-payment-status" data-status={p.status}>
                      {paymentOutcomeLabel(p.status, t)}
                    </span>{' '}
                    · {when(p.created_at)}
                  </Typography.Text>
                  <Json value={p.raw} />
                </div>
              ))
            )}
          </div>
        </Space>
      )}
    </Drawer>
  );
}

export default function OrdersPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const query = {
    wd: search.get('wd') || undefined,
    status: (search.get('status') || undefined) as Item['order_status'] | undefined,
    channel: (search.get('channel') || undefined) as Item['order_pay_type'] | undefined,
    problem: search.get('problem') === '1' ? ('1' as const) : undefined,
    page: intParam(search.get('page')) || 1,
    limit: intParam(search.get('limit')) || 20,
  };
  const [wd, setWd] = useState(query.wd ?? '');
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...billingKeys.orders, query],
    queryFn: ({ signal }) => call('adminListOrders', { query, signal }),
    placeholderData: keepPreviousData,
  });

  function update(next: Record<string, string | number | undefined>) {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') params.delete(k);
      else params.set(k, String(v));
    }
    setSearch(params, { replace: true });
  }

  const columns: ColumnsType<Item> = [
    {
      title: t('billing.order.code'),
      dataIndex: 'order_code',
      render: (code: string) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setViewing(code)}>
          <Typography.Text code>{code}</Typography.Text>
        </Button>
      ),
    },
    {
      title: t('billing.order.user'),
      dataIndex: 'user_name',
      render: (name: string, row) => (
        <span>
          {name} <Typography.Text type="secondary">#{row.user_id}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('billing.order.plan'),
      key: 'plan',
      render: (_v, row) => `${row.group_name} · ${longLabel(row.order_long, t)}`,
    },
    {
      title: t('billing.order.amount'),
      dataIndex: 'order_price',
      align: 'right',
      render: (fen: number) => `¥${fenToYuan(fen)}`,
    },
    { title: t('billing.order.channel'), dataIndex: 'order_pay_type', render: (c: string) => channelLabel(c, t) },
    {
      title: t('billing.order.status'),
      dataIndex: 'order_status',
      render: (s: string) => <StatusTag status={s} t={t} />,
    },
    {
      title: t('billing.order.time'),
      dataIndex: 'order_time',
      responsive: ['md'],
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{when(v)}</span>,
    },
    {
      title: t('billing.order.payTime'),
      dataIndex: 'order_pay_time',
      responsive: ['lg'],
      render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{when(v)}</span>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, row) => (
        <Button size="small" onClick={() => setViewing(row.order_code)} data-testid={`order-view-${row.order_code}`}>
          {t('billing.order.view')}
        </Button>
      ),
    },
  ];

  return (
    <ListCard
      title={t('billing.order.list')}
      error={list.error}
      testId="orders-card"
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('billing.order.search')}
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onSearch={(v) => update({ wd: v.trim() || undefined, page: undefined })}
            style={{ width: 260 }}
            data-testid="orders-search"
          />
          <Select
            allowClear
            placeholder={t('billing.order.status')}
            value={query.status}
            onChange={(v) => update({ status: v, page: undefined })}
            style={{ width: 130 }}
            options={(['unpaid', 'paid', 'cancelled', 'expired'] as const).map((s) => ({
              value: s,
              label: statusLabel(s, t),
            }))}
          />
          <Select
            allowClear
            placeholder={t('billing.order.channel')}
            value={query.channel}
            onChange={(v) => update({ channel: v, page: undefined })}
            style={{ width: 130 }}
            options={(['alipay', 'wechat', 'fake'] as const).map((c) => ({ value: c, label: channelLabel(c, t) }))}
          />
          <Checkbox
            checked={query.problem === '1'}
            onChange={(e) => update({ problem: e.target.checked ? '1' : undefined, page: undefined })}
            data-testid="orders-problem"
          >
            {t('billing.order.problemOnly')}
          </Checkbox>
        </Space>
      }
    >
      <DataTable<Item>
        rowKey="order_code"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showTotal: (n) => t('common.total', { n }),
          onChange: (page, limit) => update({ page, limit }),
        }}
      />
      {viewing && <OrderDrawer code={viewing} onClose={() => setViewing(null)} />}
    </ListCard>
  );
}
