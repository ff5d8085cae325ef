/**
 * Console: revenue report (issue 6 item 8): paid orders and their amount (fen, shown in yuan) between two operator days,
 * grouped by day, plan or channel (adminRevenueReport), as a table with a bar per row and the totals; and the ledger
 * check (adminLedgerCheck / adminRunLedgerCheck, DESIGN.md §4): balances that differ from their journal sums.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Segmented, Space, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, type Res } from '../../api.ts';
import { assetLabel, billingKeys, channelLabel, fenToYuan, longLabel } from '../../billing.tsx';
import { useDayRange } from '../../dayRange.tsx';
import { useI18n } from '../../i18n.ts';
import { DataTable, formatTime, ListCard, useAction } from '../../ui.tsx';

type Row = Res<'adminRevenueReport'>['list'][number];
type Difference = Res<'adminLedgerCheck'>['list'][number];

const ledgerKey = ['admin', 'ledger', 'check'] as const;

/** The last ledger check, its differences, and a button that runs it now. */
function LedgerCard() {
  const { t } = useI18n();
  const check = useQuery({ queryKey: ledgerKey, queryFn: ({ signal }) => call('adminLedgerCheck', { signal }) });
  const run = useAction({
    mutationFn: () => call('adminRunLedgerCheck'),
    invalidate: [ledgerKey],
    success: 'billing.ledger.done',
  });
  const data = check.data;
  const columns: ColumnsType<Difference> = [
    { title: t('billing.ledger.user'), dataIndex: 'user_id' },
    { title: t('billing.ledger.asset'), dataIndex: 'asset', render: (a: string) => assetLabel(a, t) },
    { title: t('billing.ledger.balance'), dataIndex: 'balance', align: 'right' },
    { title: t('billing.ledger.journal'), dataIndex: 'journal_sum', align: 'right' },
    { title: t('billing.ledger.at'), dataIndex: 'checked_at', render: (v: string) => formatTime(v) },
  ];
  return (
    <Card
      title={t('billing.ledger.title')}
      data-testid="ledger-card"
      extra={
        <Button onClick={() => run.mutate()} loading={run.isPending} data-testid="ledger-run">
          {t('billing.ledger.run')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {data?.checked_at
          ? t('billing.ledger.last', { at: formatTime(data.checked_at), n: data.checked })
          : t('billing.ledger.never')}
      </Typography.Paragraph>
      {data?.checked_at && data.list.length === 0 && (
        <Alert type="success" showIcon title={t('billing.ledger.clean')} data-testid="ledger-clean" />
      )}
      {data && data.list.length > 0 && (
        <DataTable<Difference>
          // One check run lists many differences: a row is one user's asset.
          rowKey={(d) => `${d.user_id}:${d.asset}`}
          columns={columns}
          dataSource={data.list}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      )}
    </Card>
  );
}
type By = 'day' | 'plan' | 'channel';

export default function RevenuePage() {
  const { t } = useI18n();
  // Until the operator picks days, the server's default (its last 30 operator days).
  const days = useDayRange();
  const [by, setBy] = useState<By>('day');
  const query = { ...days.query, by };
  const report = useQuery({
    queryKey: [...billingKeys.revenue, query],
    queryFn: ({ signal }) => call('adminRevenueReport', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const list = report.data?.list ?? [];
  const max = Math.max(1, ...list.map((r) => r.amount));
  // By plan the key is the plan id: label it with the group and the length in the console's language.
  const plans = useQuery({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => call('adminListPlans', { signal }),
    enabled: by === 'plan',
  });
  const planLabel = (row: Row) => {
    const plan = plans.data?.list.find((p) => String(p.plan_id) === row.key);
    return plan ? `${plan.group_name} · ${longLabel(plan.long, t)}` : row.label || row.key;
  };

  const columns: ColumnsType<Row> = [
    {
      title:
        by === 'day'
          ? t('billing.revenue.day')
          : by === 'plan'
            ? t('billing.revenue.plan')
            : t('billing.order.channel'),
      dataIndex: 'label',
      render: (label: string, row) =>
        by === 'channel' ? channelLabel(row.key, t) : by === 'plan' ? planLabel(row) : label || row.key,
    },
    { title: t('billing.revenue.orders'), dataIndex: 'orders', align: 'right', width: 100 },
    {
      title: t('billing.revenue.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 140,
      render: (fen: number) => <span style={{ whiteSpace: 'nowrap' }}>¥{fenToYuan(fen)}</span>,
    },
    {
      title: '',
      key: 'bar',
      width: 240,
      responsive: ['md'],
      render: (_v, row) => (
        <div style={{ background: '#f0f5ff', borderRadius: 3, height: 12, width: 220 }}>
          <div
            style={{
              background: '#1677ff',
              borderRadius: 3,
              height: 12,
              width: `${Math.round((row.amount / max) * 100)}%`,
            }}
          />
        </div>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ListCard
        title={t('billing.revenue.title')}
        error={report.error}
        testId="revenue-card"
        extra={
          <Space wrap>
            {days.picker(report.data)}
            <Segmented<By>
              value={by}
              onChange={setBy}
              options={[
                { value: 'day', label: t('billing.revenue.byDay') },
                { value: 'plan', label: t('billing.revenue.byPlan') },
                { value: 'channel', label: t('billing.revenue.byChannel') },
              ]}
              data-testid="revenue-by"
            />
          </Space>
        }
      >
        <Space size={48} style={{ marginBottom: 16 }}>
          <Statistic title={t('billing.revenue.sumOrders')} value={report.data?.sum_orders ?? 0} />
          <Statistic
            title={t('billing.revenue.sumAmount')}
            value={fenToYuan(report.data?.sum_amount ?? 0)}
            prefix="¥"
            data-testid="revenue-sum"
          />
        </Space>
        <DataTable<Row>
          rowKey="key"
          columns={columns}
          dataSource={list}
          loading={report.isFetching}
          pagination={false}
          locale={{ emptyText: <Typography.Text type="secondary">{t('billing.revenue.empty')}</Typography.Text> }}
        />
      </ListCard>
      <LedgerCard />
    </Space>
  );
}
