/**
 * The content module (spec §7 "Content"): the catalogue of titles and categories, lists, detail, rankings, search,
 * topics and day covers, and the console's catalogue pages. Its plugin builds {@link ContentService} (the viewer
 * side), ContentAdminService and TitlesAdminService (the console), registers their routes (content.routes.ts,
 * content-admin.routes.ts, titles-admin.routes.ts), the hits reset job (hits.jobs.ts) and, at shutdown, the write of
 * this process's searched words (search.ts). Shape of a module: core/module.ts.
 *
 * Registered first: other modules read `app.services.content` while they are built, and it needs none of them then.
 * Who a session belongs to (the accounts module) and the play gate (the quotas module) are read on each request.
 *
 * Its public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs): besides its *.service.ts
 * files, only what is exported here may be imported from outside the module.
 */
import { defineModule } from '../../core/module.ts';
import { contentRoutes } from './content.routes.ts';
import { ContentService } from './content.service.ts';
import { contentAdminRoutes } from './content-admin.routes.ts';
import { ContentAdminService } from './content-admin.service.ts';
import { hitsResetJob } from './hits.jobs.ts';
import { titlesAdminRoutes } from './titles-admin.routes.ts';
import { TitlesAdminService } from './titles-admin.service.ts';

export { cleanPlayColumns, formatPlay, parseEpisodes, parsePlay, SOURCE_SEP } from './play.ts';
export { addPlayers, cleanPlayerCode } from './players.ts';

declare module '../../core/module.ts' {
  interface Services {
    content: ContentService;
  }
}

export const contentModule = defineModule('content', [], (app, ctx) => {
  const db = ctx.db.db;
  const content = new ContentService(db, {
    timeZone: ctx.config.timeZone,
    // Late-bound: the accounts and quotas modules are registered after this one; these run on requests only.
    // The signed-in fast path: the session cache's caller, no query while cached (accounts/session-cache.ts).
    authenticate: (token) => app.services.accounts.caller(token),
    onError: (msg, err) => app.log.error({ err }, msg),
    // Catalogue writes drop every process's cache; so do group rights edits (core/invalidation.ts).
    invalidation: app.invalidation,
    // The free-view rule of spec §4 shuts getDetail's addresses (the quotas module).
    playGate: (caller, vodId, title) => app.services.quotas.playOpen(caller, vodId, title),
  });
  app.services.content = content;
  // The play addresses of the server's own media are signed (media/signed-urls.ts; decorated by app.ts).
  contentRoutes(app, content, (text) => app.mediaSigner.signTextBytes(text));
  contentAdminRoutes(app, new ContentAdminService(db, content));
  titlesAdminRoutes(app, new TitlesAdminService(db, content));
  // Day/week/month view counters: reset due periods every minute (a job: once across processes).
  app.jobs.register(
    hitsResetJob(
      () => content.ensureHitsPeriod(),
      (msg, err) => app.log.error({ err }, msg),
    ),
  );
  // Each process buffers its own searched words: written at shutdown too.
  app.addHook('onClose', async () => {
    await content.flushSearches().catch((err) => app.log.error({ err }, 'writing searched words failed'));
  });
});
