/**
 * The promotion module's scheduled jobs (core/jobs.ts):
 * - `promotion.release` every 2 minutes: earnings whose hold ended move from earn_pending to cash_fen
 *   (PromotionService.releaseDue; safe to run twice or in two workers: guarded status update and ledger keys).
 * - `promotion.signals` daily at 04:10 operator time: the fraud-signal sweep (inactive invitees, shared withdrawal
 *   accounts, invitation cycles; PromotionService.sweepSignals).
 */
import type { JobDefinition } from '../../core/jobs.ts';
import type { PromotionService } from './promotion.service.ts';

export const PROMOTION_RELEASE_JOB = 'promotion.release';
export const PROMOTION_SIGNALS_JOB = 'promotion.signals';

/** The release sweep over `promotion`; `handler()` runs it once (tests call it directly). */
export function releaseJob(
  promotion: Pick<PromotionService, 'releaseDue'>,
  log: (msg: string, err?: unknown) => void,
): JobDefinition {
  return {
    name: PROMOTION_RELEASE_JOB,
    cron: '*/2 * * * *',
    handler: async () => {
      try {
        const n = await promotion.releaseDue();
        if (n) log(`promotion: ${n} earning(s) released`);
      } catch (err) {
        log('promotion release sweep failed', err);
        throw err;
      }
    },
  };
}

/** The daily fraud-signal sweep. */
export function signalsJob(
  promotion: Pick<PromotionService, 'sweepSignals'>,
  log: (msg: string, err?: unknown) => void,
  timeZone: string,
): JobDefinition {
  return {
    name: PROMOTION_SIGNALS_JOB,
    cron: '10 4 * * *',
    tz: timeZone,
    handler: async () => {
      try {
        const n = await promotion.sweepSignals();
        if (n) log(`promotion: ${n} new fraud signal(s)`);
      } catch (err) {
        log('promotion signal sweep failed', err);
        throw err;
      }
    },
  };
}
