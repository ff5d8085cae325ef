/**
 * Ad routes: adList (viewer app; the optional `authorcode` identifies VIP and ad-free viewers, an invalid one counts
 * as a guest) and the console's adminListAds / adminCreateAd / adminUpdateAd / adminDeleteAd (console session).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AdminGuard, defineRoute } from '../../plugins/routes.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AdsService, AdViewer } from './ads.service.ts';

/** The signed-in viewer of a request, or undefined for guests and invalid sessions (never a 401). */
export async function optionalViewer(accounts: AccountsService, req: FastifyRequest): Promise<AdViewer | undefined> {
  const token = req.client.authorcode;
  if (!token) return undefined;
  try {
    return await accounts.authenticate(token);
  } catch {
    return undefined;
  }
}

export function adsRoutes(app: FastifyInstance, ads: AdsService, accounts: AccountsService, adminGuard: AdminGuard) {
  const ok = { code: 1 as const, msg: 'ok' };
  defineRoute(app, 'adList', async ({ query, req }) => ({
    ...ok,
    list: await ads.forViewer(query.ad_local_type, await optionalViewer(accounts, req)),
  }));
  defineRoute(
    app,
    'adminListAds',
    async ({ query }) => ({ ...ok, list: await ads.adminList(query.ad_local_type) }),
    adminGuard,
  );
  defineRoute(app, 'adminCreateAd', async ({ body }) => ({ ...ok, info: await ads.create(body) }), adminGuard);
  defineRoute(
    app,
    'adminUpdateAd',
    async ({ params, body }) => ({ ...ok, info: await ads.update(params.id, body) }),
    adminGuard,
  );
  defineRoute(
    app,
    'adminDeleteAd',
    async ({ params }) => {
      await ads.remove(params.id);
      return ok;
    },
    adminGuard,
  );
}
