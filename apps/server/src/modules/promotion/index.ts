/**
 * The promotion module, earnings side (spec §1 promotion and invitation codes, §6 Promoter/agent, §7 visit,
 * rewardList, checkActive; shape of a module: core/module.ts): invitation visits, earnings from invitees
 * (registration, daily activity, spending at depth 1-3, points exchanged into cash) held then released through the
 * ledger, promoter levels and invitation tiers, fraud signals, and the console's settings, promoters and report.
 * Withdrawals are modules/cash; the poster modules/poster.
 *
 * Its plugin builds {@link PromotionService} (`app.services.promotion`) and PromotionAdminService (the default
 * levels come with migration 0008_promotion_levels.sql), registers the routes (promotion.routes.ts), the jobs (promotion.jobs.ts:
 * release every 2 minutes, fraud signals daily) and its handlers of other modules' events (promotion.events.ts:
 * `user.registered`, `view.claimed`, `watch.reported`, `order.paid`, `user.merged`). The ledger and billing's
 * grantVip are reached lazily through `app.services`. Its clock is core/clock.ts (TEST_CLOCK_FILE in tests).
 *
 * For other modules (the cash module): `app.services.promotion.releaseDue(userId)` releases a member's due earnings
 * (call before reading `cash_fen` for a withdrawal), `promo_promoter.fraud_flag` / `fraud_reason` are set here.
 */
import { createClock } from '../../core/clock.ts';
import { defineModule } from '../../core/module.ts';
import { subscribePromotion } from './promotion.events.ts';
import { releaseJob, signalsJob } from './promotion.jobs.ts';
import { promotionRoutes } from './promotion.routes.ts';
import { PromotionService } from './promotion.service.ts';
import { PromotionAdminService } from './promotion-admin.service.ts';

export { PROMOTION_RELEASE_JOB, PROMOTION_SIGNALS_JOB, releaseJob, signalsJob } from './promotion.jobs.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Promotion earnings, levels, visits, fraud signals (modules/promotion). */
    promotion: PromotionService;
  }
}

export const promotionModule = defineModule('promotion', ['ledger'], async (app, ctx) => {
  const { config } = ctx;
  const db = ctx.db.db;
  const promotion = new PromotionService(db, {
    ledger: {
      post: (tx, input) => app.services.ledger.post(tx, input),
      balances: (d, userId) => app.services.ledger.balances(d, userId),
    },
    grantVip: (tx, g) => app.services.billing.grantVip(tx, g),
    now: createClock(config.testClockFile),
    timeZone: config.timeZone,
    log: ctx.log,
  });
  const admin = new PromotionAdminService(db, promotion, config.timeZone);
  app.services.promotion = promotion;
  promotionRoutes(app, { promotion, admin });
  subscribePromotion(app.events, promotion);
  app.jobs.register(releaseJob(promotion, ctx.log));
  app.jobs.register(signalsJob(promotion, ctx.log, config.timeZone));
  if (config.testClockFile)
    app.log.warn(`TEST_CLOCK_FILE is set: the promotion clock is moved by ${config.testClockFile}`);
});
