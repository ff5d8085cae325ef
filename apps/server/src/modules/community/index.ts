/**
 * The community module (spec §1 community, §5 write rules, §6 roles): the safety layer every community write
 * passes (community.service.ts: tourist, mute, comments off, frequency, repeat, word filter) and its console routes
 * (community.routes.ts). Its plugin builds {@link CommunityService} as `app.services.community` (write counters and
 * the repeat memory in Redis under `<redisPrefix>community:` with REDIS_URL, in this process otherwise) and, on the
 * accounts module's `user.deleted`, forgets the user's mute inside the deletion transaction. Shape of a module:
 * core/module.ts.
 *
 * The app config's `comment_status` is read at each comment write through `app.services.appConfig`.
 */
import { MemoryHitCounter, RedisHitCounter } from '../../core/hit-counter.ts';
import { defineModule } from '../../core/module.ts';
import { isGuestAccount } from '../accounts/index.ts';
import { communityRoutes } from './community.routes.ts';
import { CommunityService, MemoryOnceStore, RedisOnceStore } from './community.service.ts';

export type { OnceStore } from './community.service.ts';
export { CommunityService } from './community.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** The community's safety layer: guardWrite, the word filter, mutes (modules/community). */
    community: CommunityService;
  }
}

/** The write counters' window: the settings' limits are per minute. */
const WRITE_WINDOW_MS = 60_000;

export const communityModule = defineModule('community', [], async (app, ctx) => {
  const { redis, redisPrefix } = ctx;
  const community = new CommunityService({
    db: ctx.db.db,
    commentStatus: async () => (await app.services.appConfig.get()).comment_status,
    counter: redis
      ? new RedisHitCounter(redis, `${redisPrefix}community:n:`, WRITE_WINDOW_MS)
      : new MemoryHitCounter(WRITE_WINDOW_MS),
    recent: redis ? new RedisOnceStore(redis, `${redisPrefix}community:r:`) : new MemoryOnceStore(),
    isGuest: isGuestAccount,
  });
  app.services.community = community;
  communityRoutes(app, community);
  app.events.on('user.deleted', ({ tx, user }) => community.forgetUser(tx, user.user_id));
});
