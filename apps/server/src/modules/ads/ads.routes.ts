/**
 * Ad routes: adList, adImpression and adClick (viewer app; the optional `authorcode` identifies the viewer - VIP and
 * ad-free viewers get no ads, a click pays only the signed-in viewer the ad was served to - an invalid one counts
 * as a guest; guests are told apart by the `deviceid` header, else the address) and the console's adminListAds /
 * adminCreateAd / adminUpdateAd / adminDeleteAd / adminReorderAds / adminAdStats (console session). The viewer
 * reports are rate-limited per IP (120 a minute).
 */
import { INT_MAX } from '@openvod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../core/routes.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { AD_FRAME_CSP } from './ad-frame.ts';
import { type AdsService, type AdViewer, subjectOf } from './ads.service.ts';

/** The accounts module's session check: the user of a token; throws for an invalid one. */
export type Authenticate = (token: string) => Promise<UserRow>;

/** The signed-in viewer of a request, or undefined for guests and invalid sessions (never a 401). */
export async function optionalViewer(authenticate: Authenticate, req: FastifyRequest): Promise<UserRow | undefined> {
  const token = req.client.authorcode;
  if (!token) return undefined;
  try {
    return await authenticate(token);
  } catch {
    return undefined;
  }
}

/** Register the ad routes (viewer and console) on `app`; `authenticate` tells who a viewer is. */
export function adsRoutes(app: FastifyInstance, ads: AdsService, authenticate: Authenticate) {
  const ok = { code: 1 as const, msg: 'ok' };
  const REPORT_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };
  defineRoute(app, 'adList', async ({ query, req }) => {
    const viewer: AdViewer | undefined = await optionalViewer(authenticate, req);
    return {
      ...ok,
      list: await ads.forViewer(query.ad_local_type, viewer, subjectOf(viewer, req.client.deviceid, req.ip)),
    };
  });
  defineRoute(
    app,
    'adImpression',
    async ({ body }) => ({ ...ok, counted: await ads.impression(body.token) }),
    REPORT_LIMIT,
  );
  defineRoute(
    app,
    'adClick',
    async ({ body, req }) => ({ ...ok, ...(await ads.click(body.token, await optionalViewer(authenticate, req))) }),
    REPORT_LIMIT,
  );
  // Script and network ads' sandboxed frame document (ad-frame.ts): HTML under its own CSP `sandbox`, not JSON.
  app.get(
    '/api/ads/:id/frame',
    {
      schema: {
        operationId: 'adFrame',
        summary:
          "A script (ad_type 3) or network (ad_type 0) ad's HTML document for the app's sandboxed iframe; served " +
          'with a CSP sandbox without same-origin, so its code never runs in the app origin',
        tags: ['app'],
        params: z.object({ id: z.coerce.number().int().min(1).max(INT_MAX) }),
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      const html = await ads.frame(id);
      return reply
        .header('content-security-policy', AD_FRAME_CSP)
        .header('cache-control', 'public, max-age=60')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
  defineRoute(app, 'adminAdStats', async ({ query }) => ({ ...ok, ...(await ads.stats(query)) }));
  defineRoute(app, 'adminReorderAds', async ({ body }) => ({
    ...ok,
    list: await ads.reorder(body.ad_local_type, body.ids),
  }));
  defineRoute(app, 'adminListAds', async ({ query }) => ({ ...ok, list: await ads.adminList(query.ad_local_type) }));
  defineRoute(app, 'adminCreateAd', async ({ body }) => ({ ...ok, info: await ads.create(body) }));
  defineRoute(app, 'adminUpdateAd', async ({ params, body }) => ({ ...ok, info: await ads.update(params.id, body) }));
  defineRoute(app, 'adminDeleteAd', async ({ params }) => {
    await ads.remove(params.id);
    return ok;
  });
}
