/**
 * The places module (spec §2 System: /choose-location and /open-location; the region of the personal centre, shown
 * on the member's homepage): the operator's map settings (tiles and geocoder, console "Map settings"), the
 * geocoder proxy and the member's region (places.service.ts), their routes (places.routes.ts) and the deletion
 * handler (`user.deleted`: the region goes with the account). Shape of a module: core/module.ts.
 *
 * Services for other modules: `app.services.places.getRegion(userId)` → `{name, address, latitude, longitude} |
 * null` (accounts' user info reads it late-bound; so does the social module's public user info) and
 * `tileSource()` (the CSP's img-src, app.ts).
 */
import { defineModule } from '../../core/module.ts';
import { placesRoutes } from './places.routes.ts';
import { PlacesService } from './places.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Map settings, geocoder proxy, the member's region (modules/places). */
    places: PlacesService;
  }
}

export const placesModule = defineModule('places', [], async (app, ctx) => {
  const places = new PlacesService(ctx.db.db, {
    allowPrivate: ctx.config.allowPrivateFeeds,
    invalidation: app.invalidation,
  });
  app.services.places = places;
  // Read once now, so the CSP's img-src names the operator's tile host from the first pages served (app.ts); not
  // awaited, and a failure is left to the next read (an app built on an unmigrated database: cli/openapi.ts).
  places.settings().catch(() => undefined);
  placesRoutes(app, places);
  // Inside the deletion transaction: the member's region is removed (accounts.events.ts `user.deleted`).
  app.events.on('user.deleted', ({ tx, user }) => places.onUserDeleted(tx, user.user_id));
});
