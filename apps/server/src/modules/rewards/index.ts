/**
 * The rewards module (issue 7 item 3; spec §4 "Rewarded ad wrapper"; research/money.md §4): single-use nonces of
 * rewarded views, own-ad timing by the database clock, AdMob SSV and uni-ad callbacks verified (signatures.ts),
 * grants of extra views / downloads on the ledger (rewards.service.ts on rewards.repo.ts), and its routes
 * (rewards.routes.ts). The ads module's console counts completed rewarded views through
 * `app.services.rewards.report`. Shape of a module: core/module.ts.
 *
 * `ADMOB_KEYS_URL` (default Google's key server) and `UNIAD_SECURITY_KEY` come from the configuration (`rewards`);
 * the ledger is reached lazily through `app.services`, at request time.
 */
import { defineModule } from '../../core/module.ts';
import { rewardsRoutes } from './rewards.routes.ts';
import { type RewardsLedger, RewardsService } from './rewards.service.ts';
import { AdmobKeyStore, DEFAULT_ADMOB_KEYS_URL } from './signatures.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Rewarded-ad nonces and verified grants (modules/rewards). */
    rewards: RewardsService;
  }
}

export const rewardsModule = defineModule('rewards', [], (app, ctx) => {
  const { config } = ctx;
  const ledger: RewardsLedger = {
    post: (tx, input) => app.services.ledger.post(tx, input),
    balance: (db, userId, asset) => app.services.ledger.balance(db, userId, asset),
  };
  const rewards = new RewardsService(ctx.db.db, ledger, {
    timeZone: config.timeZone,
    admobKeys: new AdmobKeyStore(config.rewards.admobKeysUrl || DEFAULT_ADMOB_KEYS_URL),
    // UNIAD_SECURITY_KEY (environment only); unset = uni-ad callbacks are refused.
    uniadSecret: config.rewards.uniadSecret || undefined,
  });
  app.services.rewards = rewards;
  rewardsRoutes(app, rewards);
});
