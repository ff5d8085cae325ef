/**
 * The downloads module (issue 17 items 2 and 7): the viewer app's download reports and the console's downloads
 * report (downloads.service.ts on downloads.repo.ts; routes in downloads.routes.ts). Whether a user holds the
 * download entry of an episode is the playback module's (`app.services.playback.hasDownload`, read at request
 * time); a device guest's reports move with its account merge (`user.merged`). Shape of a module: core/module.ts.
 */
import { defineModule } from '../../core/module.ts';
import { downloadsRoutes } from './downloads.routes.ts';
import { DownloadsService } from './downloads.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Download reports of the viewer app and the console's downloads report (modules/downloads). */
    downloads: DownloadsService;
  }
}

export const downloadsModule = defineModule('downloads', [], (app, ctx) => {
  const downloads = new DownloadsService(ctx.db.db, {
    timeZone: ctx.config.timeZone,
    hasDownload: (userId, vodId, sid, nid) => app.services.playback.hasDownload(userId, vodId, sid, nid),
  });
  app.services.downloads = downloads;
  app.events.on('user.merged', async ({ tx, merge: m }) => {
    m.moved.download_reports = await downloads.moveUser(tx, m.guest.user_id, m.target.user_id);
  });
  downloadsRoutes(app, downloads);
});
