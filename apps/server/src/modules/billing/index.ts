/**
 * The billing module (issue 6; spec §1 VIP purchase, §3–§5, §7 billing calls; shape of a module: core/module.ts).
 * Its plugin builds the payment channels (channel-registry.ts: alipay and wechat when their keys are set; `fake`
 * unless FAKE_PAY=0, never in production, announced in the start log), the billing services (billing.service.ts:
 * plans, orders, payments, redemption codes, reports; queries in billing.repo.ts) on `app.services.billing`, the
 * viewer routes with notify and the fake cashier, the console's billing and ledger-check routes (billing.routes.ts),
 * its reactions to the accounts module's `user.deleted` and `user.merged`, and the order expiry job
 * (billing.jobs.ts). Built after the ledger module (`app.services.ledger`); the accounts service is read at request
 * time (`app.services.accounts`, not a plugin yet).
 *
 * The module's public surface for other modules (enforced by .dependency-cruiser.cjs): this file and the
 * `*.service.ts` files.
 */
import { defineModule } from '../../core/module.ts';
import { RedisFailureCounter } from '../accounts/index.ts';
import { createAlipayChannel } from './alipay.channel.ts';
import './billing.events.ts';
import { orderExpiryJob } from './billing.jobs.ts';
import { billingAdminRoutes, billingRoutes } from './billing.routes.ts';
import { BillingService, REDEEM_FAILURES_PER_HOUR } from './billing.service.ts';
import type { ChannelEnv } from './channel.ts';
import { ChannelRegistry, fakePayEnabled } from './channel-registry.ts';
import { FakeChannel, loadOrCreateFakeKeys } from './fake-channel.ts';
import { createWechatChannel } from './wechat.channel.ts';

export { alipayTime, fenToYuan, yuanToFen } from './alipay.channel.ts';
export { loadRsaKey, privatePem, publicPem } from './alipay-wechat-keys.ts';
export { fakePayEnabled } from './channel-registry.ts';
// The fake gateway's payout side, built by the withdrawal module (modules/cash) when the fake channel is on.
export {
  FAKE_APP_ID,
  FakeTransferGateway,
  type FakeTransferOutcome,
  loadOrCreateFakePayoutKeys,
  requestSignContent,
} from './fake-channel.ts';

declare module '../../core/module.ts' {
  interface Services {
    billing: BillingService;
  }
}

export const billingModule = defineModule('billing', ['ledger'], async (app, ctx) => {
  const { config, redis, redisPrefix } = ctx;
  const ledger = app.services.ledger;
  // What the jobs did at info level; failures as errors.
  const log = ctx.log;
  const env: ChannelEnv = {
    vars: config.billing.vars,
    publicUrl: config.publicUrl,
    nodeEnv: config.nodeEnv,
    dataDir: config.dataDir,
    log,
  };
  // Throws (the server does not start) when production asks for the test payment channel.
  const fake = fakePayEnabled(config.billing.fakePay, config.nodeEnv)
    ? new FakeChannel(ctx.db.db, loadOrCreateFakeKeys(config.dataDir), config.publicUrl)
    : undefined;
  if (fake) {
    app.log.warn(
      'The test payment channel (fake) is ON: signed-in users can "pay" their own orders without money at ' +
        '/api/pay/fake/<order>. For development and demos only; set FAKE_PAY=0 to turn it off.',
    );
  }
  const channels = ChannelRegistry.fromFactories(
    env,
    { alipay: createAlipayChannel, wechat: createWechatChannel },
    fake ? [fake] : [],
  );
  const billing = new BillingService(ctx.db.db, ledger, channels, {
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
    orderExpireMinutes: config.billing.orderExpireMinutes,
    redeemFailures: redis
      ? new RedisFailureCounter(redis, `${redisPrefix}redeem-fail:`, REDEEM_FAILURES_PER_HOUR, 3600_000)
      : undefined,
    log,
    onVipChanged: (userId) => app.invalidation.publish('user', userId),
    // Inside the payment's transaction (billing.events.ts): the promotion module pays the buyer's inviters.
    onOrderPaid: (tx, order, now) => app.events.emit('order.paid', { tx, order, now }),
  });
  app.services.billing = billing;
  // Inside the deletion transaction: the user's unpaid orders are cancelled (accounts.events.ts `user.deleted`).
  app.events.on('user.deleted', ({ tx, user }) => billing.onUserDeleted(tx, user.user_id));
  // A guest signing in to an account brings its orders, extra views/downloads and VIP journal (accounts/guest-merge.ts).
  app.events.on('user.merged', async ({ tx, merge: m }) => {
    Object.assign(m.moved, await ledger.moveBalances(tx, m.guest.user_id, m.target.user_id, m.key));
    await ledger.journalMove(tx, 'vip_s', m.guest.user_id, m.target.user_id, m.vipSeconds, m.key);
    await ledger.journalMove(tx, 'noad_s', m.guest.user_id, m.target.user_id, m.noadSeconds, m.key);
    m.moved.orders = await billing.onUsersMerged(tx, m.guest.user_id, m.target.user_id);
  });
  // The accounts service is read per request: the accounts module is not a plugin yet (app.ts builds it).
  await billingRoutes(app, billing, (token) => app.services.accounts.authenticate(token), fake);
  billingAdminRoutes(app, billing, ledger);
  // Run by the process that runs jobs (ROLE all or worker), once across processes (core/jobs.ts).
  app.jobs.register(orderExpiryJob(billing, log));
});
