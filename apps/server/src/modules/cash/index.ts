/**
 * The withdrawal module (spec §2 cash-center, cash-list, cash-type; §4 Withdrawal states; §5 rules; §7 cashList,
 * cash; research/money.md §1.2 payout, §2 Withdrawal; shape of a module: core/module.ts). Its plugin builds the
 * payout channels (alipay-payout.ts: Alipay's uni.transfer when ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and the
 * certificates or ALIPAY_PUBLIC_KEY are set; `fake`, the development gateway of modules/billing/fake-channel.ts
 * reached in process through the same client, whenever billing's fake channel is on: FAKE_PAY, never in
 * production), the {@link CashService} (`app.services.cash`), the routes (cash.routes.ts), the payout job
 * (cash.jobs.ts) and its reaction to `user.deleted` (pending and approved withdrawals rejected, amounts returned,
 * inside the deletion transaction).
 *
 * Tables: `mac_cash` (its own) and the withdrawal-account columns of `promo_promoter`, a row it shares with the
 * promotion module (modules/promotion owns the promoter columns and sets `fraud_flag`, which this module reads);
 * see cash.repo.ts. Money moves only through `app.services.ledger` (assets cash_fen, cash_frozen, cash_paid).
 *
 * The module's public surface for other modules (enforced by .dependency-cruiser.cjs): this file and
 * cash.service.ts.
 */
import { defineModule } from '../../core/module.ts';
import {
  FAKE_APP_ID,
  FakeTransferGateway,
  fakePayEnabled,
  loadOrCreateFakePayoutKeys,
  loadRsaKey,
} from '../billing/index.ts';
import { AlipayPayout, alipayPayoutFromEnv, type PayoutChannel } from './alipay-payout.ts';
import { CASH_PAYOUT_JOB, cashPayoutJob } from './cash.jobs.ts';
import { cashRoutes } from './cash.routes.ts';
import { CashService } from './cash.service.ts';

export { CASH_PAYOUT_JOB } from './cash.jobs.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Withdrawals and their payout (modules/cash). */
    cash: CashService;
    /** The fake gateway's payout side while the development payment channel is on (tests look at it). */
    fakeTransfers?: FakeTransferGateway;
  }
}

export const cashModule = defineModule('cash', ['ledger'], (app, ctx) => {
  const { config } = ctx;
  const log = ctx.log;
  const channels: Partial<Record<'alipay' | 'fake', PayoutChannel>> = {};
  try {
    const alipay = alipayPayoutFromEnv(config.billing.vars);
    if (alipay) channels.alipay = alipay;
  } catch (err) {
    // Misconfigured payout keys: the alipay payout mode is not offered (the console lists the modes it can use).
    log(`alipay payout not offered: ${err instanceof Error ? err.message : String(err)}`, err);
  }
  if (fakePayEnabled(config.billing.fakePay, config.nodeEnv)) {
    const keys = loadOrCreateFakePayoutKeys(config.dataDir);
    const gateway = new FakeTransferGateway(ctx.db.db, keys);
    app.services.fakeTransfers = gateway;
    channels.fake = new AlipayPayout({
      id: 'fake',
      appId: FAKE_APP_ID,
      privateKey: loadRsaKey(keys.merchant.privateKey, 'private', 'fake merchant key'),
      alipayPublicKey: loadRsaKey(keys.gateway.publicKey, 'public', 'fake gateway key'),
      // Not dialled: the transport hands each signed request to the gateway in this process.
      gateway: 'http://fake-gateway.invalid/gateway.do',
      transport: (params) => gateway.handle(params),
    });
  }
  const cash = new CashService(ctx.db.db, {
    ledger: app.services.ledger,
    channels,
    timeZone: config.timeZone,
    log,
    releaseDue: (userId) => app.services.promotion.releaseDue(userId),
    kickPayout: async (tx) => {
      if (app.jobs.started) await app.jobs.send(CASH_PAYOUT_JOB, {}, { tx });
    },
  });
  app.services.cash = cash;
  cashRoutes(app, cash);
  app.events.on('user.deleted', ({ tx, user }) => cash.onUserDeleted(tx, user.user_id));
  // Run by the process that runs jobs (ROLE all or worker), once across processes (core/jobs.ts).
  app.jobs.register(cashPayoutJob(cash, log));
});
