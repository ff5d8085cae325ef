/**
 * The ads module (spec §3 "Ad record", §4 "Pre-roll ad", §5, §6; issue 5 item 4 and issue 7 item 4): serving with
 * the app config's switch and the viewers' caps, signed show tokens, impressions and clicks counted on the server,
 * the ad-click reward claim, the sandboxed frame of script and network ads, and the console's editor and numbers
 * (ads.service.ts on ads.repo.ts; ads.routes.ts). Shape of a module: core/module.ts.
 *
 * Other modules are reached lazily through `app.services`, at request time: the app config (`ads`, the token
 * secret), the accounts' session check, the points module (a click pays setPlog type 13) and the rewards module
 * (completed rewarded views on the console's ads page). The points module calls back `claimClickReward` and
 * `clickableFor` the same way.
 *
 * Its public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs): besides ads.service.ts,
 * only what is exported here may be imported from outside the module.
 */
import { TASK_PLOG } from '@openvod/contract';
import { defineModule } from '../../core/module.ts';
import { adsRoutes } from './ads.routes.ts';
import { AdsService } from './ads.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Player ads: serving, counting, the click reward, the console's editor (modules/ads). */
    ads: AdsService;
  }
}

export const adsModule = defineModule('ads', [], (app, ctx) => {
  const appConfig = () => app.services.appConfig;
  const ads = new AdsService(ctx.db.db, {
    adsConfig: async () => (await appConfig().get()).ads,
    tokenSecret: () => appConfig().secret('ad_token'),
    timeZone: ctx.config.timeZone,
    // Issue 7 item 4: a click pays setPlog type 13 (the points module checks the claim: claimClickReward).
    rewardClick: (user, impressionId) => app.services.points.setPlog(user, TASK_PLOG.adClick, impressionId),
    // The console's ads page: completed (granted) rewarded views per ad, from the rewards report (issue 7 item 6).
    rewardCounts: async (adIds, from, to) => {
      const counts = new Map<number, number>();
      for (const row of (await app.services.rewards.report({ from, to })).list) {
        if (row.ad_id === null || !adIds.includes(row.ad_id)) continue;
        counts.set(row.ad_id, (counts.get(row.ad_id) ?? 0) + row.granted);
      }
      return counts;
    },
  });
  app.services.ads = ads;
  adsRoutes(app, ads, (token) => app.services.accounts.authenticate(token));
});
