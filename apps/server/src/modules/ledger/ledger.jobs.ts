/**
 * The ledger module's scheduled job (core/jobs.ts, DESIGN.md §4): the nightly ledger check at a fixed local time,
 * `at` ("HH:MM", default {@link DEFAULT_LEDGER_CHECK_AT}, config LEDGER_CHECK_AT) in the operator's `timeZone`
 * (config TZ). The job looks every minute (one look a minute across all processes) and runs
 * {@link LedgerService.check} when no run is recorded since the latest slot ({@link ledgerCheckSlot}): so one run a
 * night, within a minute of the slot; a server that was down at that time checks at its first look; a look that finds
 * a run of the current slot (the console's adminRunLedgerCheck) skips. The result is stored (ledger_check_run /
 * ledger_check_diff), logged, and shown by the console (adminLedgerCheck, Revenue page). A failure is logged and
 * retried by pg-boss (and by the next look).
 */
import type { JobDefinition } from '../../core/jobs.ts';
import { DEFAULT_LEDGER_CHECK_AT, type LedgerService, ledgerCheckSlot } from './ledger.service.ts';

/** Queue name of the nightly check's look. */
export const LEDGER_CHECK_JOB = 'ledger.nightly-check';

/**
 * The job's definition; `handler()` is one look (tests call it directly). `now` is the clock (tests). Throws at once
 * on a malformed `at`.
 */
export function ledgerCheckJob(
  ledger: LedgerService,
  log: (msg: string, err?: unknown) => void,
  opts: { at?: string; timeZone?: string; now?: () => Date } = {},
): JobDefinition {
  const at = opts.at ?? DEFAULT_LEDGER_CHECK_AT;
  const timeZone = opts.timeZone ?? 'Asia/Shanghai';
  const now = opts.now ?? (() => new Date());
  ledgerCheckSlot(now(), at, timeZone); // a malformed time fails at start, not at every look
  return {
    name: LEDGER_CHECK_JOB,
    // A look every minute; the check itself once a night, at or after `at`.
    cron: '* * * * *',
    dailyAt: at,
    handler: async () => {
      try {
        const slot = ledgerCheckSlot(now(), at, timeZone);
        const last = await ledger.lastCheckedAt();
        if (last && last.getTime() >= slot.getTime()) return;
        const r = await ledger.check();
        const line = `ledger check ${r.check_id}: ${r.checked} balance(s), ${r.list.length} difference(s)`;
        // Differences are an operator's alarm (console 账本核对); a clean check is routine.
        if (r.list.length > 0) log(line, new Error(`${r.list.length} balance(s) differ from their journal`));
        else log(line);
      } catch (err) {
        log('ledger check failed', err);
        throw err;
      }
    },
  };
}
