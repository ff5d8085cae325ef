/**
 * The console's Jobs page (adminListJobs): every registered background job (core/jobs.ts) with its schedule and its
 * latest run and failure, read from pg-boss's tables, so any process (an api one too) shows what the workers did.
 */
import type { FastifyInstance } from 'fastify';
import type { Jobs } from '../../core/jobs.ts';
import { defineRoute } from '../../core/routes.ts';

/** Registers adminListJobs; its guard comes from the contract's `auth: 'admin'` (core/auth.ts). */
export function jobsAdminRoutes(app: FastifyInstance, jobs: Jobs) {
  defineRoute(app, 'adminListJobs', async () => ({
    code: 1 as const,
    msg: 'ok',
    list: await jobs.status(),
    runs_here: jobs.runsHandlers,
  }));
}
