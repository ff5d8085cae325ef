/**
 * The danmaku module (spec §3 "Danmaku", §4 "Danmaku send", §7 barrageList / barrageSend): danmaku of an episode,
 * their live channel and the console's moderation (danmaku.service.ts). Its plugin builds the live hub (Redis pub/sub
 * channel `<redisPrefix>danmaku` with REDIS_URL, in this process otherwise; danmaku.hub.ts), {@link DanmakuService}
 * as `app.services.danmaku` (per-user send counter in Redis under `<redisPrefix>danmaku-send:` with REDIS_URL),
 * registers the routes and the live channel (danmaku.routes.ts) and, on the accounts module's `user.deleted`, removes
 * the deleted user's danmaku inside the deletion transaction. Shape of a module: core/module.ts.
 *
 * `app_barrage_state` (danmaku on or off) is read from the app config at each call, not while the module is built.
 */
import { DANMAKU_USER_WINDOW_MS } from '@openvod/contract';
import { RedisHitCounter } from '../../core/hit-counter.ts';
import { defineModule } from '../../core/module.ts';
import { DanmakuHub } from './danmaku.hub.ts';
import { danmakuRoutes } from './danmaku.routes.ts';
import { DanmakuService } from './danmaku.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    danmaku: DanmakuService;
  }
}

export const danmakuModule = defineModule('danmaku', [], async (app, ctx) => {
  const { redis, redisPrefix } = ctx;
  const hub = new DanmakuHub(redis, `${redisPrefix}danmaku`, (msg, err) => app.log.warn({ err }, msg));
  await hub.start();
  app.addHook('onClose', async () => hub.close());
  const danmaku = new DanmakuService(ctx.db.db, hub, {
    barrageState: async () => (await app.services.appConfig.get()).app_barrage_state,
    sendCounter: redis ? new RedisHitCounter(redis, `${redisPrefix}danmaku-send:`, DANMAKU_USER_WINDOW_MS) : undefined,
  });
  app.services.danmaku = danmaku;
  app.events.on('user.deleted', ({ tx, user }) => danmaku.forgetUser(tx, user.user_id));
  await danmakuRoutes(app, danmaku, hub);
});
