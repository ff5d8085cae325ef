/**
 * The poster module (spec §2 reward-more and id-card, §7 createTempQrcode and createQrcode, §9 "save promotion
 * QR"): the promotion poster and the identity QR the server draws (poster.draw.ts) and keeps on the storage port
 * (poster.service.ts: links, cache, background), their routes and the console's poster background
 * (poster.routes.ts). Shape of a module: core/module.ts.
 *
 * Other modules are reached lazily through `app.services`, at request time: the app config (the app's name on the
 * default background) and the points module (`award` of plog type 23, the "save promotion QR" task, paid by
 * createQrcode only: setPlog refuses type 23 from clients).
 */
import { TASK_PLOG } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import { defineModule } from '../../core/module.ts';
import { isGuestAccount } from '../accounts/index.ts';
import { posterRoutes } from './poster.routes.ts';
import { PosterService } from './poster.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** The promotion poster and identity QR (modules/poster). */
    poster: PosterService;
  }
}

export const posterModule = defineModule('poster', [], async (app, ctx) => {
  const poster = new PosterService(ctx.db.db, {
    publicUrl: ctx.config.publicUrl,
    storage: ctx.storage,
    appName: async () => (await app.services.appConfig.get()).app_share_name,
    payTask: async (userId) => {
      try {
        return (await app.services.points.award(userId, TASK_PLOG.saveQr, 'poster')).point;
      } catch (err) {
        // The operator switched the task off (or set it to 0 points): the poster is still saved.
        if (err instanceof AppError && err.key === 'points_task_off') return 0;
        throw err;
      }
    },
    isGuest: isGuestAccount,
  });
  app.services.poster = poster;
  await posterRoutes(app, poster);
});
