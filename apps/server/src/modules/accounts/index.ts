/**
 * The accounts module (spec §4 accounts, §6 roles): users, groups, sessions, sign-in by password, phone code,
 * one-click and guest, account deletion and VIP expiry, the console's users and groups. Its plugin builds
 * {@link AccountsService} and {@link PhoneService}, registers the viewer routes (accounts.routes.ts, phone.routes.ts)
 * and the console's (accounts-admin.routes.ts), the hourly deletions-and-VIP-expiry job (accounts.jobs.ts) and the
 * session cache's invalidation (session-cache.ts). Shape of a module: core/module.ts.
 *
 * Built after sms, whose code service and one-click provider the phone sign-in holds; the app config's settings are
 * read at request time through `app.services.appConfig`.
 *
 * Besides accounts.service.ts and phone.service.ts, only what is exported here may be imported by other modules
 * (.dependency-cruiser.cjs).
 */
import type { Redis } from 'ioredis';
import { defineModule } from '../../core/module.ts';
import { accountsJob } from './accounts.jobs.ts';
import { accountsRoutes } from './accounts.routes.ts';
import {
  AccountsService,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_NAME,
  LOGIN_SLOWDOWN_MS,
} from './accounts.service.ts';
import { accountsAdminRoutes } from './accounts-admin.routes.ts';
import { LoginGuard, RedisFailureCounter } from './limits.ts';
import { phoneRoutes } from './phone.routes.ts';
import { PhoneService } from './phone.service.ts';

export { effectiveRights, grantNewTypes, type NewType, typeIdsOf } from './group-rights.ts';
export { isGuestAccount, quotaGroupOf } from './guest-account.ts';
export { LoginGuard, MemoryFailureCounter, RedisFailureCounter } from './limits.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Users, sessions (and the signed-in fast path, `caller`), deletion (modules/accounts). */
    accounts: AccountsService;
    /** Phone-code, one-click and bind-phone sign-in (modules/accounts/phone.service.ts). */
    phone: PhoneService;
  }
}

/**
 * Failed sign-ins per name and address (then 429 there) and per name (then slowed down), shared by every process
 * through Redis: keys `<keyPrefix>login-fail-addr:` and `<keyPrefix>login-fail:` (the viewers' and, with an
 * `admin-` prefix, the console's; modules/admin).
 */
export function redisLoginGuard(redis: Redis, keyPrefix: string): LoginGuard {
  const counter = (key: string) =>
    new RedisFailureCounter(redis, `${keyPrefix}${key}`, LOGIN_FAILURES_PER_NAME, LOGIN_FAILURE_WINDOW_MS);
  return new LoginGuard(counter('login-fail-addr:'), counter('login-fail:'), LOGIN_SLOWDOWN_MS);
}

export const accountsModule = defineModule('accounts', ['sms'], async (app, ctx) => {
  const { config, redis } = ctx;
  const accounts = new AccountsService(ctx.db.db, {
    timeZone: config.timeZone,
    mediaDir: ctx.mediaDir,
    storage: ctx.storage,
    events: app.events,
    invalidation: app.invalidation,
    // keepalive_points, reg_ip_daily_limit and tourist_state come from the operator's app config, read live.
    settings: () => app.services.appConfig.accountSettings(),
    // Failed logins per name and address (then 429 there) and per name (then slowed down), shared through Redis.
    loginGuard: redis ? redisLoginGuard(redis, ctx.redisPrefix) : undefined,
    // The region of the personal centre (modules/places, registered later): read when a user info is built.
    region: async (userId) => (app.services.places ? app.services.places.getRegion(userId) : null),
  });
  const phone = new PhoneService(
    accounts,
    app.services.sms,
    { bindPhonePoint: () => app.services.appConfig.bindPhonePoint() },
    app.services.oneClick,
  );
  app.services.accounts = accounts;
  app.services.phone = phone;
  await accountsRoutes(app, accounts);
  // Hourly and at a worker's start: deletions past their 3 working days, VIPs past their end (accounts.jobs.ts).
  app.jobs.register(
    accountsJob(ctx.db.db, (m) => app.log.info(m), {
      timeZone: config.timeZone,
      mediaDir: ctx.mediaDir,
      storage: ctx.storage,
      handlers: accounts.deletionHandlers,
    }),
  );
  accountsAdminRoutes(app, accounts);
  phoneRoutes(app, phone);
});
