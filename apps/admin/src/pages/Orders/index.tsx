/**
 * Console: orders (issue 6 item 8; spec §3 Order, §4 Order states). Search by order number, user id or user name, filter
 * by state and channel, or list only orders with a payment problem (amount mismatch, paid twice) (adminListOrders); view one order with its verified notifications and the provider's record
 * (adminGetOrder asks the provider live); close an unpaid order (adminCloseOrder: closed at the provider first; if
 * the provider says paid, the order becomes paid).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, type Res } from '../../api.ts';
import { billingKeys, channelLabel, fenToYuan, longLabel, StatusTag, statusLabel } from '../../billing.tsx';
import { useI18n } from '../../i18n.ts';
import { DataTable, intParam, ListCard, serverPagination, useUrlQuery, when } from '../../ui.tsx';
import { OrderDrawer } from './OrderDrawer.tsx';

type Item = Res<'adminListOrders'>['list'][number];

export default function OrdersPage() {
  const { t } = useI18n();
  const { search, update } = useUrlQuery();
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
        pagination={serverPagination(list.data, query, update, t)}
      />
      {viewing && <OrderDrawer code={viewing} onClose={() => setViewing(null)} />}
    </ListCard>
  );
}
