/**
 * The appconfig module (spec §3 "App config", §4 Launch): the operator's app config and the published app version
 * (appconfig.service.ts), server secrets, and the `encrypt_data` cipher. Its plugin builds {@link AppConfigService}
 * as `app.services.appConfig`, decorates the app with `payloadCipher` (core/routes.ts), shares the config's
 * invalidation across processes through Redis pub/sub with REDIS_URL (channel `<redisPrefix>appconfig`,
 * {@link shareAppConfigInvalidation}) and registers getAppConfig, checkUpdate and the console's app config and
 * version routes (appconfig.routes.ts). Shape of a module: core/module.ts.
 *
 * Built after the sms and oauth modules: the config tells clients whether SMS codes, one-click sign-in and which
 * third-party sign-ins are offered (`sms_enabled`, `one_click_enabled`, `oauth_providers`).
 */
import { defineModule } from '../../core/module.ts';
import { appConfigRoutes } from './appconfig.routes.ts';
import { AppConfigService, shareAppConfigInvalidation } from './appconfig.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    appConfig: AppConfigService;
  }
}

export const appconfigModule = defineModule('appconfig', ['sms', 'oauth'], async (app, ctx) => {
  const appConfig = new AppConfigService(ctx.db.db, () => app.services.content, {
    smsEnabled: app.services.sms.enabled,
    oneClickEnabled: app.services.oneClick !== undefined,
    oauthProviders: app.services.oauth.providerNames,
    encryptKey: ctx.config.auth.encryptKey,
  });
  app.services.appConfig = appConfig;
  app.decorate('payloadCipher', appConfig.payloadCipher());
  if (ctx.redis) {
    const closeSub = await shareAppConfigInvalidation(appConfig, ctx.redis, `${ctx.redisPrefix}appconfig`);
    app.addHook('onClose', closeSub);
  }
  appConfigRoutes(app, appConfig);
});
