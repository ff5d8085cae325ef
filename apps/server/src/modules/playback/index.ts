/**
 * The playback module (spec §3 "Favourite/log record", §4 "Record list", §7 getJsonRealPath and the user logs):
 * parse-API resolution of play addresses (realpath.ts) and the user logs `mac_ulog` (ulog.repo.ts): watch records,
 * favourites and downloads. Its plugin builds {@link PlaybackService} as `app.services.playback`, registers its
 * routes (playback.routes.ts) and its handlers of the accounts module's events: `user.deleted` (the user's free
 * entries go, in the deletion transaction) and `user.merged` (a guest's entries become the target's, in the merge
 * transaction). It announces `favourite.added` (playback.events.ts). Shape of a module: core/module.ts.
 *
 * The app config (`player` map), the content module's gallery category and the quotas module's free-view hook are
 * read at each call, not while the module is built.
 */
import { defineModule } from '../../core/module.ts';
import { playbackRoutes } from './playback.routes.ts';
import { PlaybackService } from './playback.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    playback: PlaybackService;
  }
}

export const playbackModule = defineModule('playback', [], (app, ctx) => {
  const playback = new PlaybackService(ctx.db.db, {
    players: async () => (await app.services.appConfig.get()).player,
    allowPrivate: ctx.config.allowPrivateFeeds,
    galleryTypeId: async () => (await app.services.content.specialTypes()).app_gallery_typeid,
    // The free-view rule of spec §4 inside ajaxUlog (the quotas module).
    quota: () => app.services.quotas.hook(),
    events: app.events,
    onEntriesRemoved: (userId) => app.invalidation.publish('ulog', userId),
  });
  app.services.playback = playback;
  app.events.on('user.deleted', ({ tx, user }) => playback.forgetUser(tx, user.user_id));
  app.events.on('user.merged', async ({ tx, merge: m }) => {
    m.moved.ulogs = await playback.moveUser(tx, m.guest.user_id, m.target.user_id);
  });
  playbackRoutes(app, playback);
});
