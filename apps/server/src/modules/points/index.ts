/**
 * The points module (issue 7 item 5; spec §3 Task config, §4 Sign-in and Duration reward, §5 exchange, §7, §9):
 * daily tasks and check-in, duration rewards and the daily free-use counters (points.service.ts), the exchange
 * centre (exchange.service.ts) and the console's task editor, quotas, prices and report (points-admin.service.ts),
 * all on points.repo.ts; the routes (points.routes.ts) and the handlers paying the "collect a film" and "share"
 * tasks (points.events.ts). Shape of a module: core/module.ts.
 *
 * The daily tasks paid by events count distinct things, once each per operator day, up to the task's `num` (the
 * task list shows `count/num` and the task's name says "n a day"): "collect" one film per favourite (ref: vod_id);
 * "share" (plog type 21) one shared page per short link a member makes (`share.created`, modules/social; ref: the
 * link's code, one code per page), so sharing the same page again that day pays nothing and sharing `num` different
 * pages completes the task. A client can no longer report a share through setPlog (CLIENT_TASK_TYPES).
 *
 * Other modules are reached lazily through `app.services`, at request time: the ledger (every change of points),
 * the app config (bindPhonePoint), billing's `grantVip` (VIP days bought with points) and the ads module (the
 * ad-click task: `claimClickReward` checks a setPlog type 13, `clickableFor` offers the task).
 */
import { TASK_PLOG } from '@openvod/contract';
import { defineModule } from '../../core/module.ts';
import { ExchangeService } from './exchange.service.ts';
import { subscribePoints } from './points.events.ts';
import { pointsRoutes } from './points.routes.ts';
import { type PointsLedger, PointsService } from './points.service.ts';
import { PointsAdminService } from './points-admin.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** The viewer's points: tasks, check-in, duration rewards, daily free uses (modules/points). */
    points: PointsService;
  }
}

export const pointsModule = defineModule('points', [], (app, ctx) => {
  const db = ctx.db.db;
  const { timeZone } = ctx.config;
  const ledger: PointsLedger = {
    post: (tx, input) => app.services.ledger.post(tx, input),
    balances: (d, userId) => app.services.ledger.balances(d, userId),
  };
  const points = new PointsService(db, ledger, {
    timeZone,
    bindPhonePoint: () => app.services.appConfig.bindPhonePoint(),
    // Issue 7 item 4: setPlog type 13 pays only for a click on an ad this server served to the user, once.
    verifyAdClick: (userId, impressionId, tx) => app.services.ads.claimClickReward(userId, impressionId, tx),
    // The ad-click task is offered only while this viewer can be shown an ad (a slot on, an ad in it, not VIP).
    taskAvailable: async (plogType, user) =>
      plogType !== TASK_PLOG.adClick || (await app.services.ads.clickableFor(user)),
    // Watch time counted (points.events.ts): the promotion module counts the viewer active today.
    watchReported: (user, day, total) => app.events.announce('watch.reported', { user, day, total }),
  });
  // VIP days bought with points go through billing's grantVip (journaled as vip_s / noad_s).
  const exchange = new ExchangeService(db, ledger, { grantVip: (tx, g) => app.services.billing.grantVip(tx, g) });
  const admin = new PointsAdminService(db, { timeZone, now: () => points.now() });
  app.services.points = points;
  pointsRoutes(app, { points, exchange, admin });
  subscribePoints(app.events, points);
});
