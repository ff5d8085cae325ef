/**
 * Console: background jobs (adminListJobs; the server's core/jobs.ts): each job with its schedule, the time and
 * state of its last run and its last kept error. Refreshed every 30 seconds and on demand.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Grid, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call, type Res } from '../../api.ts';
import { type MessageKey, type Translate, useI18n } from '../../i18n.ts';
import { DataTable, formatTime, ListCard } from '../../ui.tsx';

type Job = Res<'adminListJobs'>['list'][number];

const jobsKey = ['admin', 'jobs'] as const;

/** The console's names of the modules' jobs (queue names of the server's `<module>.jobs.ts`). */
const JOB_NAMES: Record<string, MessageKey> = {
  'content.hits-reset': 'jobs.name.hitsReset',
  'accounts.deletions-and-vip-expiry': 'jobs.name.accounts',
  'billing.order-expiry': 'jobs.name.orderExpiry',
  'ledger.nightly-check': 'jobs.name.ledgerCheck',
  'cast.cache-cleanup': 'jobs.name.castCache',
  'cash.payout': 'jobs.name.cashPayout',
  'promotion.release': 'jobs.name.promoRelease',
  'promotion.signals': 'jobs.name.promoSignals',
};

/** The console's name of a job, else its queue name. */
function jobName(name: string, t: Translate): string {
  const key = JOB_NAMES[name];
  return key ? t(key) : name;
}

/**
 * "Every minute", "Hourly" for the schedules the modules use, the cron expression otherwise; a job that looks often
 * but works once a day (`daily_at`) reads "Daily at 03:30 (checked every minute)".
 */
function scheduleLabel(cron: string | null, t: Translate, dailyAt: string | null = null): string {
  if (dailyAt !== null && cron === '* * * * *') return t('jobs.schedule.dailyMinute', { at: dailyAt });
  if (dailyAt !== null) return `${t('jobs.schedule.daily', { at: dailyAt })} · ${scheduleLabel(cron, t)}`;
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

const GREY = { color: 'rgba(0,0,0,0.45)', fontSize: 12 } as const;

/** The last kept error of a job and its time, in red; a dash when there is none. */
function LastError({ job }: { job: Job }) {
  if (!job.last_error) return <>—</>;
  return (
    <div style={{ maxWidth: 360 }}>
      <Typography.Text type="danger" data-testid="job-error">
        {job.last_error}
      </Typography.Text>
      {job.last_error_at && <div style={GREY}>{formatTime(job.last_error_at)}</div>}
    </div>
  );
}

export default function JobsPage() {
  const { t } = useI18n();
  // At phone width one column holds it all, so state and last run are seen without scrolling sideways.
  const narrow = Grid.useBreakpoint().md === false;
  const jobs = useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => call('adminListJobs', { signal }),
    refetchInterval: 30_000,
  });
  const compact: ColumnsType<Job> = [
    {
      title: t('jobs.col.job'),
      key: 'job',
      render: (_v, job) => (
        <div>
          <div style={{ fontWeight: 500 }}>{jobName(job.name, t)}</div>
          <div style={GREY}>{job.name}</div>
          <Space size={6} wrap style={{ marginTop: 4 }}>
            <span>{scheduleLabel(job.cron, t, job.daily_at)}</span>
            <StateTag state={job.last_state} />
            <span style={GREY} data-testid="job-last-run">
              {job.last_run_at ? formatTime(job.last_run_at) : ''}
            </span>
          </Space>
          {job.last_error && (
            <div style={{ marginTop: 4 }}>
              <LastError job={job} />
            </div>
          )}
        </div>
      ),
    },
  ];
  const columns: ColumnsType<Job> = [
    {
      title: t('jobs.col.job'),
      dataIndex: 'name',
      render: (name: string) => (
        <div>
          <div style={{ fontWeight: 500 }}>{jobName(name, t)}</div>
          <div style={GREY}>{name}</div>
        </div>
      ),
    },
    {
      title: t('jobs.col.schedule'),
      key: 'schedule',
      render: (_v, job) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{scheduleLabel(job.cron, t, job.daily_at)}</div>
          {job.cron && (
            <div style={GREY}>
              <code>{job.cron}</code> · {job.tz}
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('jobs.col.lastRun'),
      dataIndex: 'last_run_at',
      render: (v: string | null) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="job-last-run">
          {v ? formatTime(v) : '—'}
        </span>
      ),
    },
    { title: t('jobs.col.state'), dataIndex: 'last_state', render: (s: string | null) => <StateTag state={s} /> },
    { title: t('jobs.col.lastError'), key: 'error', render: (_v, job) => <LastError job={job} /> },
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
        columns={narrow ? compact : columns}
        dataSource={jobs.data?.list ?? []}
        loading={jobs.isLoading}
        pagination={false}
        data-testid="jobs-table"
      />
    </ListCard>
  );
}
