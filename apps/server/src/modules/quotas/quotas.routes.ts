/**
 * Quota routes (spec/calls.md "quotas" rows checkBuyPopedom and ajaxBuyPopedom). The free-view rule reaches
 * ajaxUlog (PlaybackDeps.quota: {@link QuotasService.hook}) and getDetail (ContentServiceOptions.playGate:
 * {@link QuotasService.playOpen}) through app.ts, which hands them this module's service (app.services.quotas).
 * checkBuyPopedom reads the optional `authorcode` (no or an invalid session = group 1, never 401); ajaxBuyPopedom
 * needs a session and is limited to 30 a minute per client.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser, type UserRow } from '../accounts/accounts.service.ts';
import type { QuotasService } from './quotas.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

/**
 * Register the quota routes. `authenticate` is the accounts module's session check (throws for an invalid token);
 * checkBuyPopedom treats a failure as no session.
 */
export function quotasRoutes(
  app: FastifyInstance,
  quotas: QuotasService,
  authenticate: (token: string) => Promise<UserRow>,
): void {
  const optionalUser = async (token: string | undefined): Promise<UserRow | undefined> => {
    if (!token) return undefined;
    try {
      return await authenticate(token);
    } catch {
      return undefined;
    }
  };
  defineRoute(app, 'checkBuyPopedom', async ({ query, req }) => ({
    ...ok,
    ...(await quotas.evaluate(await optionalUser(req.client.authorcode), query)),
  }));
  defineRoute(
    app,
    'ajaxBuyPopedom',
    async ({ query, req }) => ({ ...ok, ...(await quotas.buy(currentUser(req), query)) }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
}
