/**
 * The admin module: the operator console's accounts and sessions, its sign-in (failed attempts counted as the
 * viewer's are, accounts/limits.ts, in Redis with REDIS_URL), catalogue import and the Jobs page (jobs.routes.ts);
 * titles, categories and category bindings are the content module's (content/titles-admin.routes.ts). Its plugin
 * builds {@link AdminService} as
 * `app.services.admin` and registers those routes and the console's authenticator (admin.routes.ts). Shape of a
 * module: core/module.ts.
 *
 * The content service (cache drops after an import) and the billing service (adminMe
 * `fake_pay`) are read at each call, not while the module is built.
 */
import type { Redis } from 'ioredis';
import { defineModule } from '../../core/module.ts';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_PER_NAME, LOGIN_SLOWDOWN_MS } from '../accounts/accounts.service.ts';
import { LoginGuard, RedisFailureCounter } from '../accounts/index.ts';
import { adminRoutes } from './admin.routes.ts';
import { AdminService } from './admin.service.ts';
import { jobsAdminRoutes } from './jobs.routes.ts';

declare module '../../core/module.ts' {
  interface Services {
    admin: AdminService;
  }
}

/**
 * Failed console sign-ins per name and address (then 429 there) and per name (then slowed down), shared by every
 * process: Redis keys `<prefix>admin-login-fail-addr:` and `<prefix>admin-login-fail:`.
 */
function redisLoginGuard(redis: Redis, prefix: string): LoginGuard {
  const counter = (key: string) =>
    new RedisFailureCounter(redis, `${prefix}${key}`, LOGIN_FAILURES_PER_NAME, LOGIN_FAILURE_WINDOW_MS);
  return new LoginGuard(counter('admin-login-fail-addr:'), counter('admin-login-fail:'), LOGIN_SLOWDOWN_MS);
}

export const adminModule = defineModule('admin', [], (app, ctx) => {
  const { config, redis } = ctx;
  const admin = new AdminService(ctx.db.db, () => app.services.content, {
    timeZone: config.timeZone,
    allowPrivateFeeds: config.allowPrivateFeeds,
    localToken: ctx.localToken,
    // The billing module offers the test channel only when FAKE_PAY allows it (and refuses to start in production).
    fakePay: () => app.services.billing.channels.get('fake') !== undefined,
    // Failed console sign-ins, counted as the viewer's are, in Redis with REDIS_URL (in memory otherwise).
    loginGuard: redis ? redisLoginGuard(redis, ctx.redisPrefix) : undefined,
  });
  app.services.admin = admin;
  adminRoutes(app, admin);
  // The console's Jobs page: schedules, last runs and failures of every registered job.
  jobsAdminRoutes(app, app.jobs);
});
