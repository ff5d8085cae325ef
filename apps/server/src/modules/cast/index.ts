/**
 * The cast module (spec §2 Casting, DLNA): renderers on the server's own LAN are given the server's own media
 * addresses on its LAN address and listening port. Its plugin builds {@link CastService}, registers the cast routes
 * (cast.routes.ts) and the remux cache's cleanup job (cast.jobs.ts). Shape of a module: core/module.ts.
 */
import { defineModule } from '../../core/module.ts';
import { castCacheJob } from './cast.jobs.ts';
import { castRoutes } from './cast.routes.ts';
import { CastService } from './cast.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    cast: CastService;
  }
}

export const castModule = defineModule('cast', ['content'], (app, ctx) => {
  const { config } = ctx;
  const content = app.services.content;
  const cast = new CastService(content, {
    enabled: config.cast.dlna,
    signMedia: (pathname) => app.mediaSigner.sign(pathname),
    interfaces: config.cast.interfaces,
    cache: { maxBytes: config.cast.cacheMaxBytes, maxAgeMs: config.cast.cacheMaxAgeMs },
    mediaDir: ctx.mediaDir,
    host: config.host,
    publicOrigin: new URL(config.publicUrl).origin,
    port: () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? address.port : undefined;
    },
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  app.services.cast = cast;
  castRoutes(app, cast, content);
  app.jobs.register(castCacheJob(() => cast.pruneCache(), ctx.log));
});
