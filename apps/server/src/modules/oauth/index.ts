/**
 * The oauth module: third-party sign-in (oauth + wxLogin, spec §7) over the providers WECHAT_LOGIN_PROVIDER names
 * (oauth.provider.ts; the development fake refuses NODE_ENV=production, so the server does not start). Its plugin
 * builds {@link OAuthService} as `app.services.oauth` and registers the oauth and wxLogin routes (oauth.routes.ts).
 * It has no tables of its own: users are found and registered through the accounts module. Shape of a module:
 * core/module.ts.
 *
 * The accounts service and the app config's `secret('oauth_state')` are read at each call, not while the module is
 * built.
 */
import { defineModule } from '../../core/module.ts';
import { createOAuthProviders } from './oauth.provider.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { OAuthService } from './oauth.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    oauth: OAuthService;
  }
}

export const oauthModule = defineModule('oauth', [], (app, ctx) => {
  const wechat = ctx.config.auth.wechat;
  const providers = createOAuthProviders(wechat, { nodeEnv: ctx.config.nodeEnv });
  const oauth = new OAuthService(
    () => app.services.accounts,
    providers,
    () => app.services.appConfig.secret('oauth_state'),
    wechat.redirectUri,
  );
  app.services.oauth = oauth;
  oauthRoutes(app, oauth);
});
