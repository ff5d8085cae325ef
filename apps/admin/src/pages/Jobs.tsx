/**
 * Console: background jobs (adminListJobs; the server's core/jobs.ts): each job with its schedule, the time and
 * state of its last run and its last kept error. Refreshed every 30 seconds and on demand.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call, type Res } from '../api.ts';
import { type MessageKey, type Translate, useI18n } from '../i18n.ts';
import { DataTable, formatTime, ListCard } from '../ui.tsx';

type Job = Res<'adminListJobs'>['list'][number];

const jobsKey = ['admin', 'jobs'] as const;

/** The console's names of the modules' jobs (queue names of the server's `<module>.jobs.ts`). */
const JOB_NAMES: Record<string, MessageKey> = {
  'content.hits-reset': 'jobs.name.hitsReset',
  'accounts.deletions-and-vip-expiry': 'jobs.name.accounts',
  'billing.order-expiry': 'jobs.name.orderExpiry',
  'ledger.nightly-check': 'jobs.name.ledgerCheck',
  'cast.cache-cleanup': 'jobs.name.castCache',
};

/** "Every minute", "Hourly" for the schedules the modules use; the cron expression otherwise. */
function scheduleLabel(cron: string | null, t: Translate): string {
  if (cron === null) return t('jobs.schedule.none');
  if (cron === '* * * * *') return t('jobs.schedule.minute');
  if (cron === '0 * * * *') return t('jobs.schedule.hour');
  return cron;
}

/** pg-boss job states: label and tag colour. */
const STATES: Record<string, { label: MessageKey; colour: string }> = {
  completed: { label: 'jobs.state.completed', colour: 'success' },
  active: { label: 'jobs.state.active', colour: 'processing' },
  created: { label: 'jobs.state.created', colour: 'default' },
  retry: { label: 'jobs.state.retry', colour: 'warning' },
  failed: { label: 'jobs.state.failed', colour: 'error' },
  cancelled: { label: 'jobs.state.cancelled', colour: 'default' },
};

function StateTag({ state }: { state: string | null }) {
  const { t } = useI18n();
  if (state === null) return <Tag data-testid="job-state">{t('jobs.state.never')}</Tag>;
  const known = STATES[state];
  return (
    <Tag color={known?.colour ?? 'default'} data-testid="job-state">
      {known ? t(known.label) : state}
    </Tag>
  );
}

export default function JobsPage() {
  const { t } = useI18n();
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => call('adminListJobs', { signal }),
    refetchInterval: 30_000,
  });
  const columns: ColumnsType<Job> = [
    {
      title: t('jobs.col.job'),
      dataIndex: 'name',
      render: (name: string) => (
        <div>
          <div style={{ fontWeight: 500 }}>{JOB_NAMES[name] ? t(JOB_NAMES[name]) : name}</div>
          <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{name}</div>
        </div>
      ),
    },
    {
      title: t('jobs.col.schedule'),
      key: 'schedule',
      render: (_v, job) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{scheduleLabel(job.cron, t)}</div>
          {job.cron && (
            <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
              <code>{job.cron}</code> · {job.tz}
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('jobs.col.lastRun'),
      dataIndex: 'last_run_at',
      render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{v ? formatTime(v) : '—'}</span>,
    },
    { title: t('jobs.col.state'), dataIndex: 'last_state', render: (s: string | null) => <StateTag state={s} /> },
    {
      title: t('jobs.col.lastError'),
      key: 'error',
      render: (_v, job) =>
        job.last_error ? (
          <div style={{ maxWidth: 360 }}>
            <Typography.Text type="danger" data-testid="job-error">
              {job.last_error}
            </Typography.Text>
            {job.last_error_at && (
              <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{formatTime(job.last_error_at)}</div>
            )}
          </div>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <ListCard
      title={t('jobs.title')}
      testId="jobs"
      help={t('jobs.help')}
      error={jobs.error}
      extra={
        <Button onClick={() => void jobs.refetch()} loading={jobs.isFetching} data-testid="jobs-refresh">
          {t('jobs.refresh')}
        </Button>
      }
    >
      {jobs.data && !jobs.data.runs_here && (
        <Alert type="info" showIcon title={t('jobs.apiOnly')} style={{ marginBottom: 12 }} data-testid="jobs-api" />
      )}
      <DataTable<Job>
        rowKey="name"
        columns={columns}
        dataSource={jobs.data?.list ?? []}
        loading={jobs.isLoading}
        pagination={false}
        data-testid="jobs-table"
      />
    </ListCard>
  );
}
