/**
 * Console: points report (issue 7 item 6): points issued (credits) and spent (debits) between two operator days, by
 * plog type, and the points outstanding now (the sum of every user's balance) (adminPointsReport).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Statistic } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call, type Res } from '../../api.ts';
import { useDayRange } from '../../dayRange.tsx';
import { plogTypeName, useI18n } from '../../i18n.ts';
import { DataTable, ListCard } from '../../ui.tsx';

type Row = Res<'adminPointsReport'>['by_type'][number];

export default function PointsReportPage() {
  const { t } = useI18n();
  // Until the operator picks days, the server's default (its last 30 operator days).
  const { query, picker } = useDayRange();
  const q = useQuery({
    queryKey: ['admin', 'points', 'report', query],
    queryFn: ({ signal }) => call('adminPointsReport', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<Row> = [
    {
      title: t('points.col.type'),
      dataIndex: 'plog_type',
      render: (type: number) => `${plogTypeName(t, type)} (${type})`,
    },
    { title: t('points.issued'), dataIndex: 'issued', align: 'right' },
    { title: t('points.spent'), dataIndex: 'spent', align: 'right' },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap size={32}>
          {picker(q.data)}
          <div data-testid="report-issued" data-value={q.data?.issued ?? ''}>
            <Statistic title={t('points.issued')} value={q.data?.issued ?? 0} />
          </div>
          <div data-testid="report-spent" data-value={q.data?.spent ?? ''}>
            <Statistic title={t('points.spent')} value={q.data?.spent ?? 0} />
          </div>
          <div data-testid="report-outstanding" data-value={q.data?.outstanding ?? ''}>
            <Statistic title={t('points.outstanding')} value={q.data?.outstanding ?? 0} />
          </div>
        </Space>
      </Card>
      <ListCard title={t('points.report')} error={q.error} help={t('points.reportHelp')} testId="points-report">
        <DataTable<Row>
          rowKey="plog_type"
          columns={columns}
          dataSource={q.data?.by_type ?? []}
          loading={q.isLoading}
          pagination={false}
        />
      </ListCard>
    </Space>
  );
}
