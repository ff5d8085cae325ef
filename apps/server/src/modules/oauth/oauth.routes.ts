/**
 * Third-party sign-in routes: oauth (GET, start: `{url, state}`) and wxLogin (POST, the callback's code and state →
 * session). Rate limit 10/min per IP on both.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { clientContext } from '../accounts/accounts.service.ts';
import type { OAuthService } from './oauth.service.ts';

const LIMIT = { max: 10, timeWindow: '1 minute' };

export function oauthRoutes(app: FastifyInstance, oauth: OAuthService) {
  const ok = { code: 1 as const, msg: 'ok' };
  defineRoute(app, 'oauth', async ({ query }) => ({ ...ok, ...(await oauth.start(query.provider, query.redirect)) }), {
    rateLimit: LIMIT,
  });
  defineRoute(
    app,
    'wxLogin',
    async ({ body, req }) => ({
      ...ok,
      ...(await oauth.login(body, clientContext(req))),
    }),
    { rateLimit: LIMIT },
  );
}
