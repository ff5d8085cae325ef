/**
 * The gbook module (spec §1 "movie-request community, feedback"; §2 seekmovie/*, me/seek-movie, me/my-seek-movie,
 * me/feed-back, me/feed-back-list; §7 gbookView, gbookSave, gbookField, gbookHit): movie requests and feedback in
 * MacCMS's `mac_gbook` (db/schema/gbook.ts), their upvotes and the request form's captcha, the console's requests and
 * feedback pages' calls. Rules: gbook.service.ts; routes: gbook.routes.ts; captcha and its e2e seam:
 * gbook.captcha.ts. Shape of a module: core/module.ts.
 *
 * Writes go through the community safety layer (`app.services.community.guardWrite`, modules/community), read at
 * call time. Screenshots are kept on the storage port (ctx.storage) under `gbook/` and served at /media/gbook/ by the
 * media module. On the accounts module's `user.deleted` the member's rows are anonymised inside the deletion
 * transaction.
 */
import { defineModule } from '../../core/module.ts';
import { isGuestAccount } from '../accounts/index.ts';
import { gbookRoutes } from './gbook.routes.ts';
import { GbookService } from './gbook.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Movie requests and feedback (modules/gbook). */
    gbook: GbookService;
  }
}

export const gbookModule = defineModule('gbook', [], async (app, ctx) => {
  const gbook = new GbookService(ctx.db.db, {
    guard: () => app.services.community,
    isGuest: isGuestAccount,
    // Late-bound like the guard: the content module's special categories, less the playlets (titles one requests).
    feedTypeIds: async () => {
      const { app_shortvideo_typeid, app_smallvideo_typeid, app_gallery_typeid, app_live_typeid } =
        await app.services.content.specialTypes();
      return [app_shortvideo_typeid, app_smallvideo_typeid, app_gallery_typeid, app_live_typeid].filter((id) => id > 0);
    },
    storage: ctx.storage,
    captchaFile: ctx.config.testCaptchaFile,
  });
  app.services.gbook = gbook;
  if (ctx.config.testCaptchaFile) {
    app.log.warn(`TEST_CAPTCHA_FILE is set: request captcha answers are written to ${ctx.config.testCaptchaFile}`);
  }
  app.events.on('user.deleted', ({ tx, user }) => gbook.forgetUser(tx, user.user_id));
  await gbookRoutes(app, gbook, (token) => app.services.accounts.authenticate(token));
});
