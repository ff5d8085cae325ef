/**
 * The ledger module (DESIGN.md §4; shape of a module: core/module.ts): every balance change of points, views,
 * downloads, cash and VIP / no-ad time is journaled here (ledger.service.ts, queries in ledger.repo.ts). Its plugin
 * builds {@link LedgerService} (`app.services.ledger`, read by billing, points, quotas and rewards) and registers the
 * nightly ledger check (ledger.jobs.ts, LEDGER_CHECK_AT in the operator's time zone). The console's ledger-check
 * routes (adminLedgerCheck, adminRunLedgerCheck) sit with billing's console routes (billing.routes.ts) on its
 * Revenue page.
 *
 * The module's public surface for other modules (enforced by .dependency-cruiser.cjs): this file and
 * ledger.service.ts.
 */
import { defineModule } from '../../core/module.ts';
import { ledgerCheckJob } from './ledger.jobs.ts';
import { LedgerService } from './ledger.service.ts';

export { LEDGER_CHECK_JOB, ledgerCheckJob } from './ledger.jobs.ts';

declare module '../../core/module.ts' {
  interface Services {
    ledger: LedgerService;
  }
}

export const ledgerModule = defineModule('ledger', [], (app, ctx) => {
  const { config } = ctx;
  // Differences found by a check are an operator's alarm: logged as errors with the rows.
  const ledger = new LedgerService(ctx.db.db, (msg, data) => app.log.error({ data }, msg));
  app.services.ledger = ledger;
  // Run by the process that runs jobs (ROLE all or worker), once across processes (core/jobs.ts).
  app.jobs.register(ledgerCheckJob(ledger, ctx.log, { at: config.billing.ledgerCheckAt, timeZone: config.timeZone }));
});
