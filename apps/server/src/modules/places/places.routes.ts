/**
 * Places routes (packages/contract endpoints/places.ts): the app's map configuration, the geocoder proxy (per IP:
 * placeSearch 30 a minute, placeReverse 60 a minute; 429 'Please do not operate frequently'), the member's region
 * and the console's map settings.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser, isGuestAccount } from '../accounts/accounts.service.ts';
import type { PlacesService } from './places.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

export function placesRoutes(app: FastifyInstance, places: PlacesService) {
  defineRoute(app, 'getMapConfig', async () => ({ ...ok, info: await places.mapConfig() }));
  defineRoute(
    app,
    'placeSearch',
    async ({ query, req }) => ({ ...ok, list: await places.search(query.q, query.limit, req.locale) }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'placeReverse',
    async ({ query, req }) => ({ ...ok, info: await places.reverse(query.lat, query.lng, req.locale) }),
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'saveRegion',
    async ({ body, req }) => {
      const user = currentUser(req);
      const info = await places.saveRegion({ user_id: user.user_id, guest: isGuestAccount(user) }, body.region);
      return { ...ok, info };
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'adminGetPlacesSettings', async () => ({ ...ok, info: await places.settings() }));
  defineRoute(app, 'adminSavePlacesSettings', async ({ body }) => ({ ...ok, info: await places.saveSettings(body) }));
}
