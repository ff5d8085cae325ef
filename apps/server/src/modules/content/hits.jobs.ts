/**
 * Resets of the period view counters (issue 4 item 1 "hits"): `vod_hits_day`, `vod_hits_week` and `vod_hits_month`
 * start again at 0 on the operator's day, week (Monday) and month boundaries in `config.timeZone`.
 *
 * The last period the counters belong to is stored in `app_setting` under {@link HITS_PERIOD_KEY}
 * (`{ day: 'YYYY-MM-DD', week: 'YYYY-MM-DD' (its Monday), month: 'YYYY-MM' }`). {@link resetHitsIfDue} compares it
 * with the current periods inside a transaction holding `pg_advisory_xact_lock(HITS_LOCK_KEY)`, so several server
 * processes reset exactly once: the first one resets and stores the new periods, the others then find nothing due.
 * It runs every minute as a job ({@link hitsResetJob}; the first look of a worker comes at its start, so a server
 * that was down over midnight resets then), and in every process before rankings and counts are read or written
 * (the service remembers the period it last checked, so that is a string comparison in between). Only rows with a
 * non-zero counter are updated. On an empty setting (new install) the current periods are stored without resetting.
 */
import { DateTime } from 'luxon';
import type { JobDefinition } from '../../core/jobs.ts';
import { setSetting } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';
import * as cat from './catalogue.repo.ts';

export const HITS_PERIOD_KEY = 'hits_period';
/** Advisory lock key of the reset ("OVHT"). */
export const HITS_LOCK_KEY = 0x4f564854;

export interface HitsPeriods {
  day: string;
  week: string;
  month: string;
}

/** The operator's day, week (its Monday) and month of `now` in `timeZone`. */
export function periodsOf(now: Date, timeZone: string): HitsPeriods {
  const d = DateTime.fromJSDate(now, { zone: timeZone });
  return {
    day: d.toISODate() as string,
    week: d.startOf('week').toISODate() as string,
    month: d.toFormat('yyyy-MM'),
  };
}

/** What a reset did: which counters were cleared (false on a new install or when nothing was due). */
export interface HitsReset {
  periods: HitsPeriods;
  day: boolean;
  week: boolean;
  month: boolean;
}

/** Reset the counters whose period has ended since the stored one; safe to call from many processes at once. */
export async function resetHitsIfDue(db: Db, now: Date, timeZone: string): Promise<HitsReset> {
  const periods = periodsOf(now, timeZone);
  return db.transaction(async (tx) => {
    await cat.lockHitsReset(tx, HITS_LOCK_KEY);
    const stored = await cat.storedHitsPeriods(tx, HITS_PERIOD_KEY);
    const due = {
      day: stored !== undefined && stored.day !== periods.day,
      week: stored !== undefined && stored.week !== periods.week,
      month: stored !== undefined && stored.month !== periods.month,
    };
    if (due.day || due.week || due.month) await cat.clearPeriodHits(tx, due);
    if (!stored || due.day || due.week || due.month) await setSetting(tx, HITS_PERIOD_KEY, periods);
    return { periods, ...due };
  });
}

/** Queue name of the reset. */
export const HITS_RESET_JOB = 'content.hits-reset';

/**
 * The reset as a scheduled job (core/jobs.ts): `check` (ContentService.ensureHitsPeriod) every minute, once across
 * all processes; a failure is logged and retried by pg-boss. `handler()` runs it once.
 */
export function hitsResetJob(check: () => Promise<unknown>, log: (msg: string, err: unknown) => void): JobDefinition {
  return {
    name: HITS_RESET_JOB,
    // A look every minute; the counters reset when the operator's day (and week, month) turns, at midnight.
    cron: '* * * * *',
    dailyAt: '00:00',
    handler: async () => {
      try {
        await check();
      } catch (err) {
        log('catalogue job (hits counter reset) failed', err);
        throw err;
      }
    },
  };
}
