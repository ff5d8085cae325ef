/**
 * The ledger module's public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs): besides
 * ledger.service.ts, only what is exported here may be imported from outside. The billing module registers the
 * nightly check (billing.module.ts), since it builds the ledger service.
 */
export { LEDGER_CHECK_JOB, ledgerCheckJob } from './ledger.jobs.ts';
