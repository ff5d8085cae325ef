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
import { defineModule } from '../../core/module.ts';
import { redisLoginGuard } from '../accounts/index.ts';
import { adminRoutes } from './admin.routes.ts';
import { AdminService } from './admin.service.ts';
import { jobsAdminRoutes } from './jobs.routes.ts';

declare module '../../core/module.ts' {
  interface Services {
    admin: AdminService;
  }
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
    loginGuard: redis ? redisLoginGuard(redis, `${ctx.redisPrefix}admin-`) : undefined,
  });
  app.services.admin = admin;
  adminRoutes(app, admin);
  // The console's Jobs page: schedules, last runs and failures of every registered job.
  jobsAdminRoutes(app, app.jobs);
});
