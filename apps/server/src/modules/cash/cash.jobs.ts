/**
 * The withdrawal module's scheduled job (core/jobs.ts): every minute (and right after an approval, which sends it
 * in the approving transaction), the payout run (cash.service.ts `runPayouts`): approved withdrawals are sent to the
 * payout channel, and paying ones whose answer was unknown are looked at again by query. One run at a time across
 * all processes (pg-boss's stately queue); a second run or a second worker claims nothing the first has claimed
 * (guarded transitions, FOR UPDATE SKIP LOCKED), and Alipay pays one out_biz_no once.
 */
import type { JobDefinition } from '../../core/jobs.ts';
import type { CashService } from './cash.service.ts';

/** Queue name of the payout run. */
export const CASH_PAYOUT_JOB = 'cash.payout';

/** The payout run's definition over `cash`; `handler()` runs it once (tests call it directly). */
export function cashPayoutJob(
  cash: Pick<CashService, 'runPayouts'>,
  log: (msg: string, err?: unknown) => void,
): JobDefinition {
  return {
    name: CASH_PAYOUT_JOB,
    cron: '* * * * *',
    handler: async () => {
      try {
        const r = await cash.runPayouts();
        if (r.sent || r.looked) {
          log(`cash: payouts sent ${r.sent}, looked at ${r.looked}, paid ${r.paid}, failed ${r.failed}`);
        }
      } catch (err) {
        log('cash payout run failed', err);
        throw err;
      }
    },
  };
}
