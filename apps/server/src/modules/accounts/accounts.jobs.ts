/**
 * The accounts module's scheduled job (core/jobs.ts): every hour, and once when a worker starts, the account
 * deletions past their 3 working days ({@link processDeletions}, with the modules' deletion handlers) and the VIPs
 * whose end has passed dropped to members ({@link expireVips}). One run across all processes; a failure of either
 * part does not hold up the other, is logged, and fails the run so pg-boss retries it (both parts are idempotent).
 */
import type { JobDefinition } from '../../core/jobs.ts';
import type { FileStorage } from '../../core/storage.ts';
import type { Db } from '../../db/client.ts';
import { type DeletionHandler, expireVips, processDeletions } from './accounts.service.ts';

/** Queue name of the accounts job. */
export const ACCOUNTS_JOB = 'accounts.deletions-and-vip-expiry';

/**
 * The job's definition; `handler()` runs it once (tests call it directly). `log` gets one line per run that did
 * something and one per failed part. `handlers` is read at every run (`app.services.accounts.deletionHandlers`).
 */
export function accountsJob(
  db: Db,
  log: (msg: string) => void,
  opts: { timeZone?: string; mediaDir?: string; storage?: FileStorage; handlers?: readonly DeletionHandler[] } = {},
): JobDefinition {
  return {
    name: ACCOUNTS_JOB,
    cron: '0 * * * *',
    runAtStart: true,
    handler: async () => {
      let firstError: unknown;
      const failed = (job: string) => (err: unknown) => {
        log(`accounts ${job} job failed: ${err instanceof Error ? err.message : String(err)}`);
        firstError ??= err;
        return 0;
      };
      // A failing deletion handler must not hold up the VIP expiry (and the other way round).
      const deleted = await processDeletions(db, new Date(), opts).catch(failed('deletion'));
      const expired = await expireVips(db).catch(failed('VIP expiry'));
      if (deleted || expired) log(`accounts: ${deleted} deletion(s) processed, ${expired} VIP(s) expired`);
      if (firstError !== undefined) throw firstError;
    },
  };
}
