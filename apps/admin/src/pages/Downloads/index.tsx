/**
 * Console: downloads report (issue 17 item 7; adminDownloadsReport): over the last N operator days (7, 14, 30 or
 * 90), the episodes whose download the viewer app reported started, completed and failed per day, the totals with
 * the share completed, and the ten titles with the most episodes started. The app reports only episodes whose
 * download the server granted (ajaxUlog type 5); each event counts once per user, episode and day.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Progress, Segmented, Space, Statistic } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, type Res } from '../../api.ts';
import { useI18n } from '../../i18n.ts';
import { DataTable, ListCard } from '../../ui.tsx';

type Report = Res<'adminDownloadsReport'>;
type DayRow = Report['list'][number];
type TopRow = Report['top'][number];
const RANGES = [7, 14, 30, 90] as const;

/** Completed as a whole percent of started (0 when nothing started). */
const completedShare = (r: { started: number; completed: number }) =>
  r.started > 0 ? Math.min(100, Math.round((r.completed / r.started) * 100)) : 0;

export default function DownloadsPage() {
  const { t } = useI18n();
  const [days, setDays] = useState<number>(14);
  const q = useQuery({
    queryKey: ['admin', 'downloads', 'report', days],
    queryFn: ({ signal }) => call('adminDownloadsReport', { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
  const totals = q.data?.totals ?? { started: 0, completed: 0, failed: 0 };
  const count = (title: string, key: 'started' | 'completed' | 'failed') => ({
    title,
    dataIndex: key,
    align: 'right' as const,
  });
  const dayColumns: ColumnsType<DayRow> = [
    { title: t('dl.day'), dataIndex: 'day' },
    count(t('dl.started'), 'started'),
    count(t('dl.completed'), 'completed'),
    count(t('dl.failed'), 'failed'),
  ];
  const topColumns: ColumnsType<TopRow> = [
    {
      title: t('dl.title'),
      dataIndex: 'vod_name',
      render: (name: string, row) => <Link to={`/vods/${row.vod_id}`}>{name || `#${row.vod_id}`}</Link>,
    },
    count(t('dl.started'), 'started'),
    count(t('dl.completed'), 'completed'),
    count(t('dl.failed'), 'failed'),
    { title: t('dl.users'), dataIndex: 'users', align: 'right' },
  ];
  // Newest day first: the operator reads today at the top.
  const dayRows = [...(q.data?.list ?? [])].reverse();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Segmented<number>
            block
            style={{ maxWidth: 420 }}
            value={days}
            onChange={setDays}
            options={RANGES.map((n) => ({ value: n, label: t('dl.lastDays', { n }) }))}
            data-testid="dl-range"
          />
          <Space wrap size={[32, 12]}>
            <div data-testid="dl-started" data-value={q.data ? totals.started : ''}>
              <Statistic title={t('dl.started')} value={totals.started} />
            </div>
            <div data-testid="dl-completed" data-value={q.data ? totals.completed : ''}>
              <Statistic title={t('dl.completed')} value={totals.completed} />
            </div>
            <div data-testid="dl-failed" data-value={q.data ? totals.failed : ''}>
              <Statistic title={t('dl.failed')} value={totals.failed} />
            </div>
            <div>
              <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>{t('dl.completedShare')}</div>
              <Progress type="circle" size={56} percent={completedShare(totals)} />
            </div>
          </Space>
          {q.data && (
            <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('dl.range', { from: q.data.from, to: q.data.to })}</span>
          )}
        </Space>
      </Card>
      <ListCard title={t('dl.byDay')} error={q.error} help={t('dl.help')} testId="dl-days">
        <DataTable<DayRow>
          rowKey="day"
          columns={dayColumns}
          dataSource={dayRows}
          loading={q.isLoading}
          pagination={dayRows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
          size="small"
        />
      </ListCard>
      <ListCard title={t('dl.top')} testId="dl-top">
        <DataTable<TopRow>
          rowKey="vod_id"
          columns={topColumns}
          dataSource={q.data?.top ?? []}
          loading={q.isLoading}
          pagination={false}
          size="small"
          locale={{ emptyText: t('dl.none') }}
        />
      </ListCard>
    </Space>
  );
}
