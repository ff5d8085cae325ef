/** The console's view of the server's background jobs (core/jobs.ts in the server; console page Jobs). */
import { z } from 'zod';
import { ok } from './envelope.ts';

/** One job: its schedule and its latest run and failure. Times are ISO 8601 instants, null when none yet. */
export const AdminJob = z.object({
  /** Queue name, `<module>.<job>` (e.g. `billing.order-expiry`). */
  name: z.string(),
  /** Five-field cron expression in `tz`; null for a queue that runs only what is sent to it. */
  cron: z.string().nullable(),
  /** IANA time zone of `cron` (the operator's). */
  tz: z.string(),
  /**
   * For a job that looks often (`cron`) but does its work once a day: the local time (HH:MM in `tz`) the work is
   * done at or after, e.g. the nightly ledger check; null otherwise.
   */
  daily_at: z.string().nullable(),
  /** When the latest run started. */
  last_run_at: z.string().nullable(),
  /** State of the latest run: created, retry, active, completed, cancelled or failed. */
  last_state: z.string().nullable(),
  /** Message of the latest failure kept (a failed run, or a run waiting to retry). */
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
});
export type AdminJob = z.infer<typeof AdminJob>;

export const AdminJobsResponse = ok({
  list: z.array(AdminJob),
  /** Whether this server process runs job handlers (ROLE all or worker); an api process only reads the history. */
  runs_here: z.boolean(),
});
export type AdminJobsResponse = z.infer<typeof AdminJobsResponse>;
