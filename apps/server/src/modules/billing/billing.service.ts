/**
 * Billing (issue 6; spec §1 VIP purchase, §3 Membership plan / Order, §4 Order and Payment flow / VIP, §5, §7
 * groupList, upgrade, buy, gopay, orderField, notify, orders, orderInfo; §8 'Payment failed', 'Order unpaid').
 *
 * {@link BillingService} is what the billing module puts on `app.services.billing` (index.ts): the domain services,
 * built once over one shared context (billing.context.ts: database, ledger, channels, options, clock, log), and the
 * calls other modules and tests make, passed through to them. It holds no rules and no SQL of its own:
 * - plans.service.ts: VIP plans and their three prices, what is on sale (groupList, orderField, console plans);
 * - orders.service.ts: buy, gopay, orders, cancel, verify, the expiry sweep, the account events, console orders;
 * - payments.service.ts: notify (verify, then credit once), paying with points (upgrade), {@link grantVip};
 * - redemption.service.ts: redemption codes and their batches;
 * - reports.service.ts: the revenue report;
 * - billing.repo.ts: every query.
 */
import type { CodeBatch, MemberState } from '@openvod/contract';
import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { BillingContext, BillingOptions } from './billing.context.ts';
import type { OrderRow } from './billing.repo.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import { OrdersService } from './orders.service.ts';
import { type PaymentInput, type PaymentOutcome, PaymentsService, type VipGrant } from './payments.service.ts';
import { PlansService } from './plans.service.ts';
import { RedemptionService } from './redemption.service.ts';
import { ReportsService } from './reports.service.ts';

export {
  type BillingOptions,
  DEFAULT_ORDER_EXPIRE_MINUTES,
  REDEEM_FAILURES_PER_HOUR,
} from './billing.context.ts';
export type { OrderRow } from './billing.repo.ts';
export { assertNotGuest } from './orders.service.ts';
export { type PaymentInput, type PaymentOutcome, PROBLEM_PAYMENTS, type VipGrant } from './payments.service.ts';
export { planName, priceFor } from './plans.service.ts';
export { codeBatchExpiry, PLOG_TYPE_REDEEM } from './redemption.service.ts';

export class BillingService {
  /** VIP plans, prices and the channels on offer. */
  readonly plans: PlansService;
  /** Membership, VIP grants, notify and crediting payments, upgrade with points. */
  readonly payments: PaymentsService;
  /** Orders: buy, gopay, list, cancel, verify, expiry, account events, console. */
  readonly orders: OrdersService;
  /** Redemption codes and their batches. */
  readonly redemption: RedemptionService;
  /** The console's revenue report. */
  readonly reports: ReportsService;
  private readonly ctx: BillingContext;

  constructor(
    readonly db: Db,
    readonly ledger: LedgerService,
    readonly channels: ChannelRegistry,
    readonly opts: BillingOptions,
  ) {
    this.ctx = { db, ledger, channels, opts, now: () => new Date(), log: opts.log ?? (() => {}) };
    this.plans = new PlansService(this.ctx);
    this.payments = new PaymentsService(this.ctx, this.plans);
    this.orders = new OrdersService(this.ctx, this.plans, this.payments);
    this.redemption = new RedemptionService(this.ctx, this.payments);
    this.reports = new ReportsService(this.ctx, this.plans);
  }

  /** The clock of every billing service; tests move it. */
  get now(): () => Date {
    return this.ctx.now;
  }
  set now(clock: () => Date) {
    this.ctx.now = clock;
  }

  /** Provider work started by {@link onUserDeleted}, settled after the deletion commits (tests await it). */
  get settling(): Promise<void> {
    return this.orders.settling;
  }

  /** {@link PaymentsService.grantVip}: VIP days in a group, stacked, journaled, idempotent by key (points exchange). */
  grantVip(tx: Db, g: VipGrant): Promise<boolean> {
    return this.payments.grantVip(tx, g);
  }

  /** {@link PaymentsService.memberState}: the user's membership, fresh from `db`. */
  memberState(userId: number, db?: Db): Promise<MemberState> {
    return this.payments.memberState(userId, db);
  }

  /** {@link PlansService.everBought}: whether the user ever paid an order. */
  everBought(userId: number, db?: Db): Promise<boolean> {
    return this.plans.everBought(userId, db);
  }

  /** {@link OrdersService.orderByCode}: the order with this number, or undefined. */
  orderByCode(code: string, db?: Db): Promise<OrderRow | undefined> {
    return this.orders.orderByCode(code, db);
  }

  /** {@link PaymentsService.applyPayment}: credit a verified payment once, in its own transaction. */
  applyPayment(channel: string, p: PaymentInput): Promise<PaymentOutcome> {
    return this.payments.applyPayment(channel, p);
  }

  /** {@link OrdersService.expireDue}: the expiry sweep (billing.jobs.ts); how many orders it expired. */
  expireDue(limit?: number): Promise<number> {
    return this.orders.expireDue(limit);
  }

  /** {@link RedemptionService.createCodeBatch}: a batch of fresh redemption codes. */
  createCodeBatch(body: Parameters<RedemptionService['createCodeBatch']>[0]): Promise<CodeBatch> {
    return this.redemption.createCodeBatch(body);
  }

  /** {@link OrdersService.onUserDeleted}: `user.deleted`, inside the deletion transaction. */
  onUserDeleted(tx: Db, userId: number): Promise<void> {
    return this.orders.onUserDeleted(tx, userId);
  }

  /** {@link OrdersService.onUsersMerged}: `user.merged`, inside the merge transaction; how many orders moved. */
  onUsersMerged(tx: Db, guestId: number, targetId: number): Promise<number> {
    return this.orders.onUsersMerged(tx, guestId, targetId);
  }
}
