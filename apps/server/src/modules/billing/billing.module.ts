/**
 * Wiring of billing and the ledger into the app (issue 6): the channel registry (alipay and wechat from their keys,
 * H5's factories; `fake` unless FAKE_PAY=0, never in production, announced in the start log), the services, the routes, the
 * account-deletion hook (unpaid orders settled or cancelled) and the jobs (order expiry every minute, ledger check
 * nightly: billing.jobs.ts, ledger.jobs.ts), registered with the app's job runner (core/jobs.ts).
 */
import type { Redis } from 'ioredis';
import type { App } from '../../app.ts';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/client.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { RedisFailureCounter } from '../accounts/index.ts';
import { ledgerCheckJob } from '../ledger/index.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { createAlipayChannel } from './alipay.channel.ts';
import { orderExpiryJob } from './billing.jobs.ts';
import { billingAdminRoutes, billingRoutes } from './billing.routes.ts';
import { BillingService, REDEEM_FAILURES_PER_HOUR } from './billing.service.ts';
import type { ChannelEnv } from './channel.ts';
import { ChannelRegistry, fakePayEnabled } from './channel-registry.ts';
import { FakeChannel, loadOrCreateFakeKeys } from './fake-channel.ts';
import { createWechatChannel } from './wechat.channel.ts';

export interface BillingDeps {
  config: Config;
  db: Db;
  accounts: AccountsService;
  redis?: Redis | undefined;
  redisPrefix: string;
}

/** Build the billing and ledger services and register their routes, hooks and jobs. */
export async function registerBilling(
  app: App,
  deps: BillingDeps,
): Promise<{ billing: BillingService; ledger: LedgerService; fake: FakeChannel | undefined }> {
  const { config } = deps;
  // What the jobs did at info level; failures (and ledger differences) as errors.
  const log = (msg: string, err?: unknown) => (err === undefined ? app.log.info(msg) : app.log.error({ err }, msg));
  const ledger = new LedgerService(deps.db, (msg, data) => app.log.error({ data }, msg));
  const env: ChannelEnv = {
    vars: config.billing.vars,
    publicUrl: config.publicUrl,
    nodeEnv: config.nodeEnv,
    dataDir: config.dataDir,
    log,
  };
  const fake = fakePayEnabled(config.billing.fakePay, config.nodeEnv)
    ? new FakeChannel(deps.db, loadOrCreateFakeKeys(config.dataDir), config.publicUrl)
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
  const billing = new BillingService(deps.db, ledger, channels, {
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
    orderExpireMinutes: config.billing.orderExpireMinutes,
    redeemFailures: deps.redis
      ? new RedisFailureCounter(deps.redis, `${deps.redisPrefix}redeem-fail:`, REDEEM_FAILURES_PER_HOUR, 3600_000)
      : undefined,
    log,
  });
  // Inside the deletion transaction: the user's unpaid orders are cancelled (accounts.events.ts `user.deleted`).
  app.events.on('user.deleted', ({ tx, user }) => billing.onUserDeleted(tx, user.user_id));
  // A guest signing in to an account brings its orders, extra views/downloads and VIP journal (accounts/guest-merge.ts).
  app.events.on('user.merged', async ({ tx, merge: m }) => {
    Object.assign(m.moved, await ledger.moveBalances(tx, m.guest.user_id, m.target.user_id, m.key));
    await ledger.journalMove(tx, 'vip_s', m.guest.user_id, m.target.user_id, m.vipSeconds, m.key);
    await ledger.journalMove(tx, 'noad_s', m.guest.user_id, m.target.user_id, m.noadSeconds, m.key);
    m.moved.orders = await billing.onUsersMerged(tx, m.guest.user_id, m.target.user_id);
  });
  await billingRoutes(app, billing, deps.accounts, fake);
  billingAdminRoutes(app, billing, ledger);
  // Run by the process that runs jobs (ROLE all or worker), once across processes (core/jobs.ts).
  app.jobs.register(orderExpiryJob(billing, log));
  app.jobs.register(ledgerCheckJob(ledger, log, { at: config.billing.ledgerCheckAt, timeZone: config.timeZone }));
  return { billing, ledger, fake };
}
