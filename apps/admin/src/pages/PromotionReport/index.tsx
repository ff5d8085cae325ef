/**
 * Console: promotion report (issue "promotion" item 8): fen earned, still pending, released and reversed by
 * operator day over a range (default the server's last 30 operator days), and every member's pending and
 * withdrawable balances now (adminPromotionReport). Withdrawals and payouts are the cash module's report.
 */
import { fenToYuan as yuan } from '@openvod/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Statistic } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call, type Res } from '../../api.ts';
import { useDayRange } from '../../dayRange.tsx';
import { useI18n } from '../../i18n.ts';
import { DataTable, ListCard } from '../../ui.tsx';

type Row = Res<'adminPromotionReport'>['list'][number];

/** fen → "12.34" (the contract's fenToYuan). */
export { yuan };

export default function PromotionReportPage() {
  const { t } = useI18n();
  const { query, picker } = useDayRange();
  const q = useQuery({
    queryKey: ['admin', 'promotion', 'report', query],
    queryFn: ({ signal }) => call('adminPromotionReport', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const money = (title: string, key: keyof Row) => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (v: number) => yuan(v),
  });
  const columns: ColumnsType<Row> = [
    { title: t('promo.day'), dataIndex: 'day' },
    money(t('promo.earned'), 'earned_fen'),
    money(t('promo.pendingNow'), 'pending_fen'),
    money(t('promo.released'), 'released_fen'),
    money(t('promo.reversed'), 'reversed_fen'),
    money(t('promo.withdrawn'), 'withdrawn_fen'),
    money(t('promo.paidOut'), 'paid_fen'),
    { title: t('promo.count'), dataIndex: 'count', align: 'right' },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap size={32}>
          {picker(q.data)}
          <Statistic title={t('promo.pendingTotal')} value={yuan(q.data?.pending_fen ?? 0)} />
          <Statistic title={t('promo.availableTotal')} value={yuan(q.data?.available_fen ?? 0)} />
          <Statistic title={t('promo.frozenTotal')} value={yuan(q.data?.frozen_fen ?? 0)} />
          <Statistic title={t('promo.paidTotal')} value={yuan(q.data?.paid_fen ?? 0)} />
        </Space>
      </Card>
      <ListCard title={t('nav.promotionReport')} error={q.error} help={t('promo.reportHelp')} testId="promotion-report">
        <DataTable<Row>
          rowKey="day"
          columns={columns}
          dataSource={q.data?.list ?? []}
          loading={q.isLoading}
          pagination={false}
        />
      </ListCard>
    </Space>
  );
}
