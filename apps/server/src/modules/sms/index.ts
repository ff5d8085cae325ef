/**
 * The SMS module (spec §5 phone sign-in; research/money.md §3): verification codes sent through the SMS provider
 * SMS_PROVIDER names (sms.provider.ts) and the one-click local-number provider ONE_CLICK_PROVIDER names
 * (one-click.ts). It has no routes of its own: the phone calls that use it are the accounts module's
 * (accounts/phone.routes.ts). Its plugin builds {@link SmsCodeService} as `app.services.sms` and the one-click
 * provider as `app.services.oneClick`; development fakes refuse NODE_ENV=production (the server does not start).
 * Shape of a module: core/module.ts.
 *
 * Its public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs): besides sms.service.ts,
 * only what is exported here may be imported from outside the module.
 */
import { defineModule } from '../../core/module.ts';
import { createOneClickProvider, type OneClickProvider } from './one-click.ts';
import { createSmsProvider } from './sms.provider.ts';
import { SmsCodeService } from './sms.service.ts';

export { OneClickError, type OneClickProvider } from './one-click.ts';
export type { FetchLike, SmsPurpose } from './sms.provider.ts';

declare module '../../core/module.ts' {
  interface Services {
    sms: SmsCodeService;
    /** The one-click local-number provider (ONE_CLICK_PROVIDER), undefined when none is configured. */
    oneClick: OneClickProvider | undefined;
  }
}

/**
 * Reads the app config's `secret('sms_code')` (the HMAC key of stored codes, unless SMS_CODE_SECRET is set) lazily,
 * at the first code: the appconfig module may be registered after this one.
 */
export const smsModule = defineModule('sms', [], (app, ctx) => {
  const { config } = ctx;
  const auth = config.auth;
  const env = { nodeEnv: config.nodeEnv, dataDir: config.dataDir, log: (m: string) => ctx.log(m) };
  const provider = createSmsProvider(auth.sms, env);
  app.services.oneClick = createOneClickProvider(auth, env);
  app.services.sms = new SmsCodeService(
    ctx.db.db,
    provider,
    () => app.services.appConfig.secret('sms_code', auth.sms.codeSecret),
    config.timeZone,
    (msg, err) => app.log.warn({ err }, msg),
  );
});
