/**
 * Billing (issue 6; spec §1 VIP purchase, §3 Membership plan / Order, §4 Order and Payment flow / VIP, §5, §7
 * groupList, upgrade, buy, gopay, orderField, notify, orders, orderInfo; §8 'Payment failed', 'Order unpaid').
 *
 * - Plans: per VIP group (>= 3) one plan per length (day 1, week 7, month 30, year 365 days) with an original price,
 *   a renewal price (users who are or were VIP) and a new-user price (users who never paid an order), in fen. A
 *   caller pays the lowest price they qualify for (guests see the new-user price). `points` is the upgrade price.
 * - Orders: unpaid -> paid | cancelled | expired; one unpaid order per user (partial unique index: 50 concurrent
 *   buys leave one); a buy while one is open returns it (`existing: true`). Order numbers: 24 Crockford characters
 *   from the CSPRNG. Price snapshot on the order; notifications must carry exactly that amount.
 * - Paying (notify, or a provider query that says paid): one transaction claims the notification
 *   (`payment_event` unique (channel, provider txn id)), moves the order to paid with a guarded update (from unpaid,
 *   cancelled or expired: paid wins), sets the plan's group and stacks `user_end_time` / `user_noad_time`
 *   (greatest(now, end) + days), journaling each effect on the ledger under `order:<code>` keys. A replay changes
 *   nothing. VIP expiry back to group 2 is the accounts module's job (expireVips, hourly and at every sign-in check).
 * - Cancel and expiry close the trade at every channel `gopay` opened first; if a provider says paid, paid wins.
 * - Redemption codes: one guarded update `used_by is null -> user` plus the grant's journal rows in one
 *   transaction; wrong / used / expired answered apart (3010 / 3011 / 3012); failures counted per user and IP.
 */
import { randomUUID } from 'node:crypto';
import {
  type AdminOrderResponse,
  BillingErrorCode,
  type ChannelInfo,
  type CodeBatch,
  type Grant,
  type GrantKind,
  type Locale,
  type MemberState,
  normalizeRedeemCode,
  type Order,
  type OrderStatus,
  PLAN_DAYS,
  type PlanLong,
  type PriceKind,
  REDEEM_CODE_RULE,
  type RevenueResponse,
  type VipGroup,
  type VipPlan,
} from '@openvod/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { AppError } from '../../core/errors.ts';
import { type MessageKey, t } from '../../core/i18n/messages.ts';
import { operatorDayRange } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import {
  ledgerEntry,
  macGroup,
  macOrder,
  macUser,
  paymentEvent,
  redeemBatch,
  redeemCode,
  vipPlan,
} from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { type FailureCounter, isVip, MemoryFailureCounter, PLOG_TYPE } from '../accounts/accounts.service.ts';
import { isGuestAccount } from '../accounts/index.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PaymentAction, PaymentChannel, PayScene, TradeQueryResult } from './channel.ts';
import { NotificationRejected } from './channel.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import { newOrderCode, newRedeemCode } from './codes.ts';

/** `mac_plog.plog_type` of points granted by a redemption code (MacCMS cards journal none; 14 is ours). */
export const PLOG_TYPE_REDEEM = 14;
/** Default minutes an unpaid order stays payable (ORDER_EXPIRE_MINUTES). */
export const DEFAULT_ORDER_EXPIRE_MINUTES = 15;
/** Wrong / used / expired codes allowed per user and per IP per hour before 429. */
export const REDEEM_FAILURES_PER_HOUR = 10;

export type OrderRow = typeof macOrder.$inferSelect;
type PlanRow = typeof vipPlan.$inferSelect;

export interface BillingOptions {
  publicUrl: string;
  timeZone: string;
  orderExpireMinutes: number;
  /** Where the payer's browser returns after paying (the app's order list). */
  returnPath?: string;
  /** Per-user / per-IP counter of failed redemptions (Redis when REDIS_URL is set). */
  redeemFailures?: FailureCounter;
  log?: (msg: string, data?: unknown) => void;
}

const fail = (status: number, code: number, key: MessageKey) => new AppError(status, code, key);
const notFoundOrder = () => fail(404, 1004, 'billing_order_not_found');
const notPayable = () => fail(400, BillingErrorCode.orderNotPayable, 'billing_order_not_payable');
const channelUnavailable = () => fail(400, BillingErrorCode.channelUnavailable, 'billing_channel_unavailable');

const nowSec = (d: Date) => Math.floor(d.getTime() / 1000);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Which price a caller pays: the lowest of those they qualify for (ties: new, renew, original). */
export function priceFor(
  plan: Pick<PlanRow, 'price' | 'price_renew' | 'price_new'>,
  ctx: { wasVip: boolean; everBought: boolean },
): { price: number; kind: PriceKind } {
  const offers: { price: number; kind: PriceKind }[] = [];
  if (!ctx.everBought) offers.push({ price: plan.price_new, kind: 'new' });
  if (ctx.wasVip) offers.push({ price: plan.price_renew, kind: 'renew' });
  offers.push({ price: plan.price, kind: 'original' });
  return offers.reduce((best, o) => (o.price < best.price ? o : best));
}

/**
 * Spec §5 "Buying requires login": the device's automatic guest account (accounts/guest-account.ts) may not pay
 * money. 403 {@link BillingErrorCode.bindPhoneRequired} (`billing_bind_phone_required`); the viewer app opens the
 * bind-phone flow on it, and binding keeps the account (it becomes a member with everything it had).
 */
export function assertNotGuest(user: UserRow): void {
  if (isGuestAccount(user)) throw fail(403, BillingErrorCode.bindPhoneRequired, 'billing_bind_phone_required');
}

/**
 * A plan's name in `locale`, e.g. "VIP member · 1 month" (what a cashier shows and a provider's `subject` carries).
 * The built-in VIP group (3) is translated while it keeps its seeded name "VIP会员" (as the viewer app does,
 * apps/web/src/features/me/groupName.ts); a group the operator named shows its own name.
 */
export function planName(locale: Locale, groupId: number, groupName: string, long: string): string {
  const group =
    groupId === 3 && groupName.trim() === 'VIP会员' ? t(locale, 'group_vip_builtin') : groupName.trim() || 'VIP';
  const key = `plan_long_${long}`;
  const length = PLAN_LONG_KEYS.has(key) ? t(locale, key as MessageKey) : long;
  return `${group} · ${length}`;
}
const PLAN_LONG_KEYS = new Set(['plan_long_day', 'plan_long_week', 'plan_long_month', 'plan_long_year']);

export class BillingService {
  /** The clock; tests move it. */
  now: () => Date = () => new Date();
  private readonly redeemFailures: FailureCounter;
  private readonly log: (msg: string, data?: unknown) => void;

  constructor(
    readonly db: Db,
    readonly ledger: LedgerService,
    readonly channels: ChannelRegistry,
    readonly opts: BillingOptions,
  ) {
    this.redeemFailures = opts.redeemFailures ?? new MemoryFailureCounter(REDEEM_FAILURES_PER_HOUR, 3600_000);
    this.log = opts.log ?? (() => {});
  }

  // ------------------------------------------------------------------------------------------------- plans

  private async groupNames(db: Db = this.db): Promise<Map<number, string>> {
    const rows = await db.select({ id: macGroup.group_id, name: macGroup.group_name }).from(macGroup);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Has this user ever paid an order (the new-user price is for users who never did). */
  async everBought(userId: number, db: Db = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: macOrder.order_id })
      .from(macOrder)
      .where(and(eq(macOrder.user_id, userId), eq(macOrder.order_status, 'paid')))
      .limit(1);
    return Boolean(row);
  }

  private async pricingContext(user: UserRow | undefined) {
    if (!user) return { wasVip: false, everBought: false };
    return { wasVip: user.group_id > 2 || user.user_end_time > 0, everBought: await this.everBought(user.user_id) };
  }

  /** groupList / orderField: VIP groups on sale (group_status 1) with their plans on sale, shortest first. */
  async vipGroups(user?: UserRow): Promise<VipGroup[]> {
    const ctx = await this.pricingContext(user);
    const rows = await this.db
      .select({ plan: vipPlan, group_name: macGroup.group_name })
      .from(vipPlan)
      .innerJoin(macGroup, eq(macGroup.group_id, vipPlan.group_id))
      .where(and(eq(vipPlan.plan_status, 1), eq(macGroup.group_status, 1), gte(vipPlan.group_id, 3)))
      .orderBy(asc(vipPlan.group_id), asc(vipPlan.days));
    const groups = new Map<number, VipGroup>();
    for (const { plan, group_name } of rows) {
      let g = groups.get(plan.group_id);
      if (!g) {
        g = { group_id: plan.group_id, group_name, plans: [] };
        groups.set(plan.group_id, g);
      }
      const p = priceFor(plan, ctx);
      const item: VipPlan = {
        plan_id: plan.plan_id,
        group_id: plan.group_id,
        long: plan.long as PlanLong,
        days: plan.days,
        price: plan.price,
        price_renew: plan.price_renew,
        price_new: plan.price_new,
        price_now: p.price,
        price_kind: p.kind,
        points: plan.points,
      };
      g.plans.push(item);
    }
    return [...groups.values()];
  }

  /** The channels offered to viewers. */
  channelInfos(): ChannelInfo[] {
    return this.channels.list().map((c) => ({ channel: c.id, name: c.id, scenes: [...c.scenes] }));
  }

  /** The caller's membership after any change (fresh from the database). */
  async memberState(userId: number, db: Db = this.db): Promise<MemberState> {
    const [row] = await db
      .select({ user: macUser, group_name: macGroup.group_name })
      .from(macUser)
      .leftJoin(macGroup, eq(macGroup.group_id, macUser.group_id))
      .where(eq(macUser.user_id, userId));
    if (!row) throw fail(404, 1004, 'user_not_found');
    const credits = await this.ledger.balances(db, userId);
    return {
      user_id: userId,
      group_id: row.user.group_id,
      group_name: row.group_name ?? '',
      is_vip: isVip(row.user, this.now()),
      user_end_time: row.user.user_end_time,
      user_noad_time: row.user.user_noad_time,
      user_points: row.user.user_points,
      user_view_credits: credits.views,
      user_down_credits: credits.downloads,
      ever_bought: await this.everBought(userId, db),
    };
  }

  private async planFor(groupId: number, long: PlanLong): Promise<PlanRow> {
    const [plan] = await this.db
      .select({ plan: vipPlan })
      .from(vipPlan)
      .innerJoin(macGroup, eq(macGroup.group_id, vipPlan.group_id))
      .where(
        and(
          eq(vipPlan.group_id, groupId),
          eq(vipPlan.long, long),
          eq(vipPlan.plan_status, 1),
          eq(macGroup.group_status, 1),
        ),
      );
    if (!plan) throw fail(404, 1004, 'billing_plan_not_found');
    return plan.plan;
  }

  // ------------------------------------------------------------------------------------------------- VIP time

  /**
   * Give `days` of VIP in `groupId`: group = groupId, `user_end_time` and `user_noad_time` = greatest(now, end) +
   * days (seconds), journaled as `vip_s` / `noad_s` under `<key>:vip` / `<key>:noad`. Idempotent by `key`: a
   * replay changes nothing. Returns whether it applied.
   */
  async grantVip(
    tx: Db,
    g: {
      userId: number;
      groupId: number;
      days: number;
      key: string;
      kind: string;
      ref?: string;
      /** Extra fields for the `vip_s` journal row's meta (besides group_id and days). */
      meta?: Record<string, unknown>;
    },
  ): Promise<boolean> {
    const secs = g.days * 86_400;
    const vip = await this.ledger.post(tx, {
      userId: g.userId,
      asset: 'vip_s',
      amount: secs,
      kind: g.kind,
      key: `${g.key}:vip`,
      ref: g.ref ?? '',
      meta: { ...g.meta, group_id: g.groupId, days: g.days },
    });
    if (!vip.applied) return false;
    const now = nowSec(this.now());
    const [row] = await tx
      .update(macUser)
      .set({
        group_id: g.groupId,
        user_end_time: sql`greatest(${macUser.user_end_time}, ${now}) + ${secs}`,
        user_noad_time: sql`greatest(${macUser.user_noad_time}, ${now}) + ${secs}`,
      })
      .where(eq(macUser.user_id, g.userId))
      .returning({ user_id: macUser.user_id });
    if (!row) throw fail(404, 1004, 'user_not_found');
    await this.ledger.post(tx, {
      userId: g.userId,
      asset: 'noad_s',
      amount: secs,
      kind: g.kind,
      key: `${g.key}:noad`,
      ref: g.ref ?? '',
    });
    return true;
  }

  /**
   * upgrade (spec §7 upgrade; research/maccms.md §3.3): buy `long` of VIP group `group_id` (>= 3) with the plan's
   * `points`, journaled as plog type 7; the group becomes `group_id` and `user_end_time` / `user_noad_time` (seconds)
   * = greatest(now, end) + the plan's days (time stacks onto an unexpired end; switching group keeps the end).
   * Returns the membership after and the points spent. Errors: 404 1004 plan not on sale; 400 3003 not enough points
   * (or the plan has no points price). With an `idempotencyKey` (the `Idempotency-Key` header, research/money.md §2)
   * a replay spends and grants nothing more and answers the first result (points spent; the membership as it is
   * now); the same key with another group or length is refused with 422 3005 and changes nothing.
   */
  async upgrade(
    user: UserRow,
    body: { group_id: number; long: PlanLong },
    idempotencyKey?: string,
  ): Promise<{ info: MemberState; point: number }> {
    const plan = await this.planFor(body.group_id, body.long);
    if (plan.points <= 0) throw fail(400, BillingErrorCode.insufficientPoints, 'billing_not_for_points');
    return this.db.transaction(async (tx) => {
      // A retried request with the same Idempotency-Key finds its journal row and changes nothing.
      const key = `upgrade:${user.user_id}:${idempotencyKey ?? randomUUID()}`;
      let applied: boolean;
      try {
        ({ applied } = await this.ledger.post(tx, {
          userId: user.user_id,
          asset: 'points',
          amount: -plan.points,
          kind: 'upgrade',
          key,
          plogType: PLOG_TYPE.groupUpgrade,
          remarks: `upgrade ${plan.group_id} ${plan.long}`,
        }));
      } catch (err) {
        if (err instanceof AppError && err.key === 'insufficient_points') {
          throw fail(400, BillingErrorCode.insufficientPoints, 'billing_insufficient_points');
        }
        throw err;
      }
      if (applied) {
        await this.grantVip(tx, {
          userId: user.user_id,
          groupId: plan.group_id,
          days: plan.days,
          key,
          kind: 'upgrade',
          meta: { long: plan.long, points: plan.points },
        });
        return { info: await this.memberState(user.user_id, tx), point: plan.points };
      }
      // A replay: the first request's parameters are on its `vip_s` journal row.
      const [first] = await tx
        .select({ meta: ledgerEntry.meta })
        .from(ledgerEntry)
        .where(eq(ledgerEntry.idem_key, `${key}:vip`));
      const m = (first?.meta ?? {}) as { group_id?: number; long?: string; points?: number };
      if (m.group_id !== plan.group_id || m.long !== plan.long) {
        throw fail(422, BillingErrorCode.idempotencyMismatch, 'billing_idempotency_mismatch');
      }
      return { info: await this.memberState(user.user_id, tx), point: m.points ?? plan.points };
    });
  }

  // ------------------------------------------------------------------------------------------------- orders

  /** A `mac_order` row as the contract's Order (money in fen, times ISO 8601; `names`: group id -> name). */
  toOrder(row: OrderRow, names: Map<number, string>): Order {
    return {
      order_id: row.order_id,
      order_code: row.order_code,
      user_id: row.user_id,
      group_id: row.group_id,
      group_name: names.get(row.group_id) ?? '',
      plan_id: row.plan_id,
      order_long: row.order_long as PlanLong,
      order_days: row.order_days,
      order_price: row.order_price,
      order_price_kind: row.order_price_kind as PriceKind,
      order_status: row.order_status as OrderStatus,
      order_pay_type: row.order_pay_type as Order['order_pay_type'],
      order_time: row.order_time.toISOString(),
      order_pay_time: iso(row.order_pay_time),
      order_expire_time: row.order_expire_time.toISOString(),
      order_close_time: iso(row.order_close_time),
    };
  }

  /** {@link toOrder} with the group names loaded. */
  async orderOut(row: OrderRow): Promise<Order> {
    return this.toOrder(row, await this.groupNames());
  }

  /** The order with this number (any user), or undefined. */
  async orderByCode(code: string, db: Db = this.db): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(macOrder).where(eq(macOrder.order_code, code));
    return row;
  }

  private async ownOrder(user: UserRow, code: string): Promise<OrderRow> {
    const row = await this.orderByCode(code);
    if (!row || row.user_id !== user.user_id) throw notFoundOrder();
    return row;
  }

  private async unpaidOrderOf(userId: number): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(macOrder)
      .where(and(eq(macOrder.user_id, userId), eq(macOrder.order_status, 'unpaid')));
    return row;
  }

  /**
   * buy: a new unpaid order for the plan with the caller's price snapshot, or the caller's existing unpaid order
   * (`existing: true`; an expired one is expired first). 403 3006 for the device's guest account
   * ({@link assertNotGuest}); 400 3002 when the channel is not offered; 404 plan.
   */
  async buy(
    user: UserRow,
    body: { group_id: number; long: PlanLong; channel: string },
  ): Promise<{ info: Order; existing: boolean }> {
    assertNotGuest(user);
    if (!this.channels.get(body.channel)) throw channelUnavailable();
    const plan = await this.planFor(body.group_id, body.long);
    for (let attempt = 0; attempt < 5; attempt++) {
      const open = await this.unpaidOrderOf(user.user_id);
      if (open) {
        if (open.order_expire_time.getTime() > this.now().getTime()) {
          return { info: await this.orderOut(open), existing: true };
        }
        await this.expireOrder(open);
        continue;
      }
      const price = priceFor(plan, await this.pricingContext(user));
      const now = this.now();
      const [row] = await this.db
        .insert(macOrder)
        .values({
          order_code: newOrderCode(),
          user_id: user.user_id,
          group_id: plan.group_id,
          plan_id: plan.plan_id,
          order_long: plan.long,
          order_days: plan.days,
          order_price: price.price,
          order_price_kind: price.kind,
          order_pay_type: body.channel,
          order_time: now,
          order_expire_time: new Date(now.getTime() + this.opts.orderExpireMinutes * 60_000),
        })
        // The partial unique index (one unpaid order per user) or an order-code collision: look again.
        .onConflictDoNothing()
        .returning();
      if (row) return { info: await this.orderOut(row), existing: false };
    }
    throw fail(409, 1409, 'conflict');
  }

  /**
   * gopay: open payment of the caller's unpaid order at a channel (the order's, or a switch to another). 403 3006 for
   * the device's guest account ({@link assertNotGuest}: an order it made before that rule cannot be paid either).
   */
  async gopay(
    user: UserRow,
    body: { order_code: string; channel?: string | undefined; scene: PayScene },
    clientIp: string,
    locale: Locale = 'zh-cn',
  ): Promise<{ info: Order; action: PaymentAction }> {
    assertNotGuest(user);
    let order = await this.ownOrder(user, body.order_code);
    if (order.order_status === 'unpaid' && order.order_expire_time.getTime() <= this.now().getTime()) {
      order = await this.expireOrder(order);
    }
    if (order.order_status !== 'unpaid') throw notPayable();
    const channel = this.channels.get(body.channel ?? order.order_pay_type);
    if (!channel?.scenes.includes(body.scene)) throw channelUnavailable();
    const opened = [...new Set([...order.order_opened, channel.id])];
    const [updated] = await this.db
      .update(macOrder)
      .set({ order_pay_type: channel.id, order_opened: opened })
      .where(and(eq(macOrder.order_id, order.order_id), eq(macOrder.order_status, 'unpaid')))
      .returning();
    if (!updated) throw notPayable();
    const names = await this.groupNames();
    let action: PaymentAction;
    try {
      action = await channel.createPayment(
        {
          orderCode: updated.order_code,
          amountFen: updated.order_price,
          subject: planName(locale, updated.group_id, names.get(updated.group_id) ?? '', updated.order_long),
          payerId: updated.user_id,
          expiresAt: updated.order_expire_time,
          notifyUrl: `${this.opts.publicUrl}/api/pay/notify/${channel.id}`,
          returnUrl: this.returnUrl(updated.order_code),
          clientIp,
        },
        body.scene,
      );
    } catch (err) {
      this.log(`gopay ${channel.id} ${updated.order_code} failed`, err);
      throw fail(502, BillingErrorCode.paymentFailed, 'billing_payment_failed');
    }
    return { info: this.toOrder(updated, names), action };
  }

  /**
   * The order behind a fake-cashier page (fake-channel.ts): its owner (the cashier link is bound to them) and the
   * plan's name in `locale`; undefined when there is no such order.
   */
  async cashierOrder(code: string, locale: Locale): Promise<{ userId: number; planName: string } | undefined> {
    const row = await this.orderByCode(code);
    if (!row) return undefined;
    const names = await this.groupNames();
    return {
      userId: row.user_id,
      planName: planName(locale, row.group_id, names.get(row.group_id) ?? '', row.order_long),
    };
  }

  /** Where the payer's browser goes back to: the app's order list with this order. */
  returnUrl(orderCode: string): string {
    const p = this.opts.returnPath ?? '/#/pages/me/plog/order-list';
    return `${this.opts.publicUrl}${p}?order_code=${encodeURIComponent(orderCode)}`;
  }

  /** orders: the caller's orders, newest first. */
  async listOrders(userId: number, q: { status?: OrderStatus | undefined; page: number; limit: number }) {
    const where = and(eq(macOrder.user_id, userId), q.status ? eq(macOrder.order_status, q.status) : undefined);
    const [total] = await this.db.select({ n: count() }).from(macOrder).where(where);
    const rows = await this.db
      .select()
      .from(macOrder)
      .where(where)
      .orderBy(desc(macOrder.order_time), desc(macOrder.order_id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const names = await this.groupNames();
    const n = total?.n ?? 0;
    return {
      list: rows.map((r) => this.toOrder(r, names)),
      page: q.page,
      pagecount: Math.ceil(n / q.limit),
      limit: q.limit,
      total: n,
    };
  }

  /** orderInfo (spec §7): one of the caller's orders; 404 1004 when unknown or another user's. */
  async orderInfo(user: UserRow, code: string): Promise<Order> {
    return this.orderOut(await this.ownOrder(user, code));
  }

  /**
   * Ask every channel the order was opened at; when one says paid, credit it (paid wins) and return true.
   * `close` closes the trade there first (cancel, expiry). Throws when a provider cannot be asked (the order then
   * stays unpaid: closing it locally could lose a payment).
   */
  private async settleAtProviders(order: OrderRow, mode: 'query' | 'close'): Promise<boolean> {
    for (const id of order.order_opened) {
      const channel = this.channels.get(id);
      if (!channel) {
        this.log(`order ${order.order_code}: channel ${id} is no longer configured; cannot ask it`);
        continue;
      }
      const r: TradeQueryResult =
        mode === 'close' ? await channel.close(order.order_code) : await channel.query(order.order_code);
      if (r.status === 'paid') {
        const payment = {
          providerTxnId: r.providerTxnId ?? `query:${order.order_code}`,
          orderCode: order.order_code,
          amountFen: r.amountFen ?? order.order_price,
          ...(r.paidAt ? { paidAt: r.paidAt } : {}),
          raw: r.raw,
        };
        await this.applyPayment(channel.id, payment);
        return true;
      }
    }
    return false;
  }

  /** cancelOrder: close at the providers, then cancel (paid wins). Idempotent for a closed order. */
  async cancel(user: UserRow, code: string): Promise<Order> {
    const order = await this.ownOrder(user, code);
    if (order.order_status !== 'unpaid') return this.orderOut(order);
    await this.closeOrder(order, 'cancelled');
    return this.orderOut((await this.orderByCode(code)) as OrderRow);
  }

  /** Close an unpaid order as cancelled or expired after closing it at its providers (paid wins). */
  private async closeOrder(order: OrderRow, to: 'cancelled' | 'expired'): Promise<OrderRow> {
    try {
      if (await this.settleAtProviders(order, 'close')) return (await this.orderByCode(order.order_code)) as OrderRow;
    } catch (err) {
      this.log(`order ${order.order_code}: provider close failed`, err);
      throw fail(502, BillingErrorCode.paymentFailed, 'billing_payment_failed');
    }
    const [row] = await this.db
      .update(macOrder)
      .set({ order_status: to, order_close_time: this.now() })
      .where(and(eq(macOrder.order_id, order.order_id), eq(macOrder.order_status, 'unpaid')))
      .returning();
    return row ?? ((await this.orderByCode(order.order_code)) as OrderRow);
  }

  private expireOrder(order: OrderRow): Promise<OrderRow> {
    return this.closeOrder(order, 'expired');
  }

  /** verifyOrder: ask the providers about an unpaid order; `paid` false = 'Order unpaid'. */
  async verify(user: UserRow, code: string): Promise<{ info: Order; paid: boolean; user: MemberState }> {
    const order = await this.ownOrder(user, code);
    if (order.order_status !== 'paid') {
      try {
        await this.settleAtProviders(order, 'query');
      } catch (err) {
        this.log(`order ${code}: provider query failed`, err);
      }
    }
    const after = (await this.orderByCode(code)) as OrderRow;
    return {
      info: await this.orderOut(after),
      paid: after.order_status === 'paid',
      user: await this.memberState(user.user_id),
    };
  }

  /** The expiry sweep: close unpaid orders past their expiry (at the providers first; paid wins). */
  async expireDue(limit = 100): Promise<number> {
    const due = await this.db
      .select()
      .from(macOrder)
      .where(and(eq(macOrder.order_status, 'unpaid'), lte(macOrder.order_expire_time, this.now())))
      .orderBy(asc(macOrder.order_expire_time))
      .limit(limit);
    let n = 0;
    for (const order of due) {
      try {
        await this.expireOrder(order);
        n++;
      } catch (err) {
        this.log(`expiring order ${order.order_code} failed; retried at the next sweep`, err);
      }
    }
    return n;
  }

  // ------------------------------------------------------------------------------------------------- payments

  /**
   * notify: verify, then credit exactly once, then the provider's own answer. A rejected notification gets the
   * channel's rejection answer; a failure while crediting 500 (the provider retries).
   */
  async notify(
    channelId: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ status: number; contentType?: string; body?: string }> {
    const channel = this.channels.get(channelId);
    if (!channel) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'unknown channel' };
    let v: Awaited<ReturnType<PaymentChannel['verifyNotification']>>;
    try {
      v = await channel.verifyNotification(rawBody, headers);
    } catch (err) {
      if (err instanceof NotificationRejected) {
        this.log(`notify ${channelId} rejected: ${err.message}`);
        return err.ack;
      }
      throw err;
    }
    if (v.status === 'paid') {
      await this.applyPayment(channel.id, {
        providerTxnId: v.providerTxnId,
        orderCode: v.orderCode,
        amountFen: v.amountFen,
        ...(v.paidAt ? { paidAt: v.paidAt } : {}),
        raw: v.raw,
      });
    }
    return channel.ack();
  }

  /** {@link applyPaymentIn} in its own transaction. */
  applyPayment(channel: string, p: PaymentInput): Promise<PaymentOutcome> {
    return this.db.transaction((tx) => this.applyPaymentIn(tx, channel, p));
  }

  /**
   * Credit a verified payment once: claim (channel, provider txn id); check the order and the amount; move the order
   * to paid from unpaid, cancelled or expired (paid wins); grant the plan. Outcomes: credited, duplicate (this
   * notification was seen), duplicate_payment (the order was already paid by another transaction),
   * amount_mismatch, unknown_order — the last three are logged for the operator and change nothing.
   */
  async applyPaymentIn(tx: Db, channel: string, p: PaymentInput): Promise<PaymentOutcome> {
    const [event] = await tx
      .insert(paymentEvent)
      .values({
        channel,
        provider_txn_id: p.providerTxnId.slice(0, 64),
        order_code: p.orderCode.slice(0, 32),
        amount: p.amountFen,
        status: 'received',
        raw: p.raw,
      })
      .onConflictDoNothing({ target: [paymentEvent.channel, paymentEvent.provider_txn_id] })
      .returning({ id: paymentEvent.id });
    if (!event) return 'duplicate';
    const mark = async (status: PaymentOutcome) => {
      await tx.update(paymentEvent).set({ status }).where(eq(paymentEvent.id, event.id));
      if (status !== 'credited') this.log(`payment ${channel}/${p.providerTxnId} for ${p.orderCode}: ${status}`);
      return status;
    };
    const [order] = await tx.select().from(macOrder).where(eq(macOrder.order_code, p.orderCode)).for('update');
    if (!order) return mark('unknown_order');
    if (p.amountFen !== order.order_price) return mark('amount_mismatch');
    if (order.order_status === 'paid') return mark('duplicate_payment');
    const now = this.now();
    const [paid] = await tx
      .update(macOrder)
      .set({ order_status: 'paid', order_pay_time: p.paidAt ?? now, order_provider_txn: p.providerTxnId.slice(0, 64) })
      .where(
        and(eq(macOrder.order_id, order.order_id), inArray(macOrder.order_status, ['unpaid', 'cancelled', 'expired'])),
      )
      .returning();
    if (!paid) return mark('duplicate_payment');
    if (order.order_status !== 'unpaid') this.log(`order ${order.order_code} was ${order.order_status}; paid wins`);
    const key = `order:${order.order_code}`;
    await this.ledger.post(tx, {
      userId: order.user_id,
      asset: 'paid_fen',
      amount: order.order_price,
      kind: 'order_paid',
      key: `${key}:paid`,
      ref: order.order_code,
      meta: { channel, provider_txn_id: p.providerTxnId },
    });
    await this.grantVip(tx, {
      userId: order.user_id,
      groupId: order.group_id,
      days: order.order_days,
      key,
      kind: 'order_paid',
      ref: order.order_code,
    });
    return mark('credited');
  }

  /**
   * `user.merged` (modules/accounts/accounts.events.ts, guest-merge.ts): the guest's orders become the target's, inside the merge
   * transaction. Its unpaid order moves too unless the target has one already (one unpaid order per user): that one
   * stays with the guest, and when it is paid later the VIP lands on the guest and moves at its next merge. Returns
   * how many orders moved.
   */
  async onUsersMerged(tx: Db, guestId: number, targetId: number): Promise<number> {
    const moved = await tx
      .update(macOrder)
      .set({ user_id: targetId })
      .where(
        and(
          eq(macOrder.user_id, guestId),
          or(
            sql`${macOrder.order_status} <> 'unpaid'`,
            sql`not exists (select 1 from mac_order o where o.user_id = ${targetId} and o.order_status = 'unpaid')`,
          ),
        ),
      )
      .returning({ order_id: macOrder.order_id });
    return moved.length;
  }

  /** Provider work started by {@link onUserDeleted}, settled after the deletion commits (tests await it). */
  settling: Promise<void> = Promise.resolve();

  /**
   * `user.deleted` (accounts.events.ts): inside the deletion transaction the user's unpaid orders are cancelled (guarded update);
   * once it has committed they are closed at their providers, and one a provider says was paid is credited
   * (paid wins: cancelled -> paid, as a late notification would). Provider calls stay outside the transaction (no
   * network while holding the user's row lock). If the process stops in between, the trade still closes itself at
   * its `time_expire`, and a notification still credits it.
   */
  async onUserDeleted(tx: Db, userId: number): Promise<void> {
    const cancelled = await tx
      .update(macOrder)
      .set({ order_status: 'cancelled', order_close_time: this.now() })
      .where(and(eq(macOrder.user_id, userId), eq(macOrder.order_status, 'unpaid')))
      .returning();
    if (!cancelled.length) return;
    const after = async () => {
      for (const order of cancelled) {
        try {
          await this.settleAtProviders(order, 'close');
        } catch (err) {
          this.log(`order ${order.order_code} of deleted user ${userId}: provider close failed`, err);
        }
      }
    };
    this.settling = this.settling.then(
      () => new Promise<void>((resolve) => setImmediate(() => void after().then(resolve))),
    );
  }

  // ------------------------------------------------------------------------------------------------- codes

  /** redeemCode: 429 after too many failures per user or IP; 3010 wrong, 3011 used, 3012 expired. */
  async redeem(user: UserRow, typed: string, ip: string): Promise<{ grant: Grant; info: MemberState }> {
    const keys = [`redeem:u:${user.user_id}`, `redeem:ip:${ip}`];
    for (const k of keys) {
      if (await this.redeemFailures.blocked(k)) throw fail(429, 1429, 'rate_limited');
    }
    try {
      return await this.redeemOnce(user, normalizeRedeemCode(typed));
    } catch (err) {
      if (
        err instanceof AppError &&
        err.code >= BillingErrorCode.codeWrong &&
        err.code <= BillingErrorCode.codeExpired
      ) {
        for (const k of keys) await this.redeemFailures.fail(k);
      }
      throw err;
    }
  }

  private async redeemOnce(user: UserRow, code: string): Promise<{ grant: Grant; info: MemberState }> {
    if (!REDEEM_CODE_RULE.test(code)) throw fail(400, BillingErrorCode.codeWrong, 'billing_code_wrong');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ code: redeemCode, batch: redeemBatch })
        .from(redeemCode)
        .innerJoin(redeemBatch, eq(redeemBatch.batch_id, redeemCode.batch_id))
        .where(eq(redeemCode.code, code));
      if (!row) throw fail(400, BillingErrorCode.codeWrong, 'billing_code_wrong');
      if (row.code.used_by !== null) throw fail(400, BillingErrorCode.codeUsed, 'billing_code_used');
      const now = this.now();
      if (row.batch.expires_at.getTime() <= now.getTime()) {
        throw fail(400, BillingErrorCode.codeExpired, 'billing_code_expired');
      }
      const [claimed] = await tx
        .update(redeemCode)
        .set({ used_by: user.user_id, used_at: now })
        .where(and(eq(redeemCode.code_id, row.code.code_id), sql`${redeemCode.used_by} is null`))
        .returning({ code_id: redeemCode.code_id });
      if (!claimed) throw fail(400, BillingErrorCode.codeUsed, 'billing_code_used');
      const b = row.batch;
      const key = `code:${code}`;
      const ref = `batch:${b.batch_id}`;
      const kind = b.grant_kind as GrantKind;
      if (kind === 'vip') {
        await this.grantVip(tx, {
          userId: user.user_id,
          groupId: b.grant_group_id,
          days: b.grant_amount,
          key,
          kind: 'redeem',
          ref,
        });
      } else if (kind === 'points') {
        await this.ledger.post(tx, {
          userId: user.user_id,
          asset: 'points',
          amount: b.grant_amount,
          kind: 'redeem',
          key,
          plogType: PLOG_TYPE_REDEEM,
          remarks: `redeem ${ref}`,
        });
      } else {
        await this.ledger.post(tx, {
          userId: user.user_id,
          asset: kind,
          amount: b.grant_amount,
          kind: 'redeem',
          key,
          ref,
        });
      }
      return {
        grant: { grant_kind: kind, grant_amount: b.grant_amount, grant_group_id: b.grant_group_id },
        info: await this.memberState(user.user_id, tx),
      };
    });
  }

  // ------------------------------------------------------------------------------------------------- console

  private toBatch(b: typeof redeemBatch.$inferSelect, used: number): CodeBatch {
    return {
      batch_id: b.batch_id,
      batch_name: b.batch_name,
      grant_kind: b.grant_kind as GrantKind,
      grant_amount: b.grant_amount,
      grant_group_id: b.grant_group_id,
      code_count: b.code_count,
      used_count: used,
      expires_at: b.expires_at.toISOString(),
      // A code is expired when expires_at <= now: the last day it redeems is the operator day of the instant before.
      expires_day: DateTime.fromMillis(b.expires_at.getTime() - 1, { zone: this.opts.timeZone }).toISODate() ?? '',
      created_at: b.created_at.toISOString(),
    };
  }

  /**
   * adminCreateCodeBatch: `count` fresh codes (a collision, 2^-80 a pair, is simply drawn again). `expires_at` is an
   * ISO instant, or an operator day (YYYY-MM-DD) meaning the end of that day in the operator's time zone.
   */
  async createCodeBatch(body: {
    batch_name: string;
    count: number;
    grant_kind: GrantKind;
    grant_amount: number;
    grant_group_id: number;
    expires_at: string;
  }): Promise<CodeBatch> {
    if (body.grant_kind === 'vip') {
      const [g] = await this.db.select().from(macGroup).where(eq(macGroup.group_id, body.grant_group_id));
      if (!g || g.group_id < 3) throw new AppError(400, 1001, 'billing_group_invalid', {}, 'grant_group_id');
      if (body.grant_amount > 3650) throw new AppError(400, 1001, 'v_too_big', { max: 3650 }, 'grant_amount');
    }
    return this.db.transaction(async (tx) => {
      const [batch] = await tx
        .insert(redeemBatch)
        .values({
          batch_name: body.batch_name,
          grant_kind: body.grant_kind,
          grant_amount: body.grant_amount,
          grant_group_id: body.grant_kind === 'vip' ? body.grant_group_id : 0,
          code_count: body.count,
          expires_at: codeBatchExpiry(body.expires_at, this.opts.timeZone),
        })
        .returning();
      const b = batch as typeof redeemBatch.$inferSelect;
      let left = body.count;
      while (left > 0) {
        const chunk = Array.from({ length: Math.min(left, 1000) }, () => ({
          batch_id: b.batch_id,
          code: newRedeemCode(),
        }));
        const inserted = await tx
          .insert(redeemCode)
          .values(chunk)
          .onConflictDoNothing()
          .returning({ id: redeemCode.code_id });
        left -= inserted.length;
      }
      return this.toBatch(b, 0);
    });
  }

  /** adminListCodeBatches: every batch, newest first, with how many of its codes were used. */
  async listCodeBatches(): Promise<CodeBatch[]> {
    const rows = await this.db
      .select({ batch: redeemBatch, used: sql<number>`count(${redeemCode.used_by})::int` })
      .from(redeemBatch)
      .leftJoin(redeemCode, eq(redeemCode.batch_id, redeemBatch.batch_id))
      .groupBy(redeemBatch.batch_id)
      .orderBy(desc(redeemBatch.batch_id));
    return rows.map((r) => this.toBatch(r.batch, Number(r.used)));
  }

  /** adminExportCodeBatch: CSV `code,state,used_by,used_at` (state unused / used / expired). 404 unknown batch. */
  async exportCodeBatch(batchId: number): Promise<string> {
    const [batch] = await this.db.select().from(redeemBatch).where(eq(redeemBatch.batch_id, batchId));
    if (!batch) throw fail(404, 1004, 'route_not_found');
    const codes = await this.db
      .select()
      .from(redeemCode)
      .where(eq(redeemCode.batch_id, batchId))
      .orderBy(asc(redeemCode.code_id));
    const expired = batch.expires_at.getTime() <= this.now().getTime();
    const lines = codes.map((c) =>
      [
        c.code,
        c.used_by !== null ? 'used' : expired ? 'expired' : 'unused',
        c.used_by ?? '',
        iso(c.used_at) ?? '',
      ].join(','),
    );
    return `code,state,used_by,used_at\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
  }

  /** adminListPlans: every plan (on sale or not) by group and length; prices in fen, `points` the upgrade price. */
  async listPlans() {
    const names = await this.groupNames();
    const rows = await this.db.select().from(vipPlan).orderBy(asc(vipPlan.group_id), asc(vipPlan.days));
    return rows.map((p) => this.toAdminPlan(p, names));
  }

  /** A `vip_plan` row for the console (fen; `names`: group id -> name). */
  toAdminPlan(p: PlanRow, names: Map<number, string>) {
    return {
      plan_id: p.plan_id,
      group_id: p.group_id,
      group_name: names.get(p.group_id) ?? '',
      long: p.long as PlanLong,
      days: p.days,
      price: p.price,
      price_renew: p.price_renew,
      price_new: p.price_new,
      points: p.points,
      plan_status: p.plan_status,
    };
  }

  /**
   * adminCreatePlan: a plan of `long` (days from PLAN_DAYS) for a group; prices in fen (> 0), points >= 0 (0 = not
   * for points). 400 1001 unknown group; 409 1409 the group already has a plan of that length.
   */
  async createPlan(body: {
    group_id: number;
    long: PlanLong;
    price: number;
    price_renew: number;
    price_new: number;
    points: number;
    plan_status: number;
  }) {
    const names = await this.groupNames();
    if (!names.has(body.group_id)) throw new AppError(400, 1001, 'billing_group_invalid', {}, 'group_id');
    const [row] = await this.db
      .insert(vipPlan)
      .values({ ...body, days: PLAN_DAYS[body.long] })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, 1409, 'billing_plan_exists');
    return this.toAdminPlan(row, names);
  }

  /** adminUpdatePlan: change prices (fen), points or plan_status of a plan; 404 1004 unknown plan. */
  async updatePlan(
    id: number,
    body: Partial<{ price: number; price_renew: number; price_new: number; points: number; plan_status: number }>,
  ) {
    const [row] = Object.keys(body).length
      ? await this.db.update(vipPlan).set(body).where(eq(vipPlan.plan_id, id)).returning()
      : await this.db.select().from(vipPlan).where(eq(vipPlan.plan_id, id));
    if (!row) throw fail(404, 1004, 'billing_plan_not_found');
    return this.toAdminPlan(row, await this.groupNames());
  }

  /**
   * adminListOrders: `wd` = an order number, a user id or (part of) a user name; `problem` '1' = only orders with a
   * stored payment event the operator must look at ({@link PROBLEM_PAYMENTS}: amount mismatch, duplicate payment).
   */
  async adminListOrders(q: {
    wd?: string | undefined;
    status?: OrderStatus | undefined;
    channel?: string | undefined;
    problem?: '0' | '1' | undefined;
    page: number;
    limit: number;
  }) {
    const wd = q.wd?.trim();
    const where = and(
      q.status ? eq(macOrder.order_status, q.status) : undefined,
      q.channel ? eq(macOrder.order_pay_type, q.channel) : undefined,
      q.problem === '1'
        ? inArray(
            macOrder.order_code,
            this.db
              .select({ code: paymentEvent.order_code })
              .from(paymentEvent)
              .where(inArray(paymentEvent.status, [...PROBLEM_PAYMENTS])),
          )
        : undefined,
      wd
        ? or(
            eq(macOrder.order_code, wd.toUpperCase()),
            /^\d{1,9}$/.test(wd) ? eq(macOrder.user_id, Number(wd)) : undefined,
            ilike(macUser.user_name, `%${wd.replace(/[\\%_]/g, '\\$&')}%`),
          )
        : undefined,
    );
    const [total] = await this.db
      .select({ n: count() })
      .from(macOrder)
      .leftJoin(macUser, eq(macUser.user_id, macOrder.user_id))
      .where(where);
    const rows = await this.db
      .select({ order: macOrder, user_name: macUser.user_name })
      .from(macOrder)
      .leftJoin(macUser, eq(macUser.user_id, macOrder.user_id))
      .where(where)
      .orderBy(desc(macOrder.order_time), desc(macOrder.order_id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const names = await this.groupNames();
    const n = total?.n ?? 0;
    return {
      list: rows.map((r) => ({ ...this.toOrder(r.order, names), user_name: r.user_name ?? '' })),
      page: q.page,
      pagecount: Math.ceil(n / q.limit),
      limit: q.limit,
      total: n,
    };
  }

  /** adminGetOrder: the order, its stored notifications and a live query at its channel. */
  async adminGetOrder(code: string): Promise<Omit<AdminOrderResponse, 'code' | 'msg'>> {
    const [row] = await this.db
      .select({ order: macOrder, user_name: macUser.user_name })
      .from(macOrder)
      .leftJoin(macUser, eq(macUser.user_id, macOrder.user_id))
      .where(eq(macOrder.order_code, code));
    if (!row) throw notFoundOrder();
    const payments = await this.db
      .select()
      .from(paymentEvent)
      .where(eq(paymentEvent.order_code, code))
      .orderBy(asc(paymentEvent.id));
    let provider: AdminOrderResponse['provider'] = null;
    let providerError: string | null = null;
    const channel = this.channels.get(row.order.order_pay_type);
    if (!row.order.order_opened.length) providerError = 'not opened at any channel (gopay was not called)';
    else if (!channel) providerError = `channel ${row.order.order_pay_type} is not configured`;
    else {
      try {
        const r = await channel.query(code);
        provider = {
          status: r.status,
          provider_txn_id: r.providerTxnId ?? null,
          amount: r.amountFen ?? null,
          paid_at: r.paidAt ? r.paidAt.toISOString() : null,
          raw: r.raw,
        };
      } catch (err) {
        providerError = err instanceof Error ? err.message : String(err);
      }
    }
    return {
      info: { ...(await this.orderOut(row.order)), user_name: row.user_name ?? '' },
      payments: payments.map((p) => ({
        channel: p.channel as Order['order_pay_type'],
        provider_txn_id: p.provider_txn_id,
        amount: p.amount,
        status: p.status,
        raw: p.raw,
        created_at: p.created_at.toISOString(),
      })),
      provider,
      provider_error: providerError,
    };
  }

  /** adminCloseOrder: as a cancel by the user (closed at the provider first; paid wins). */
  async adminClose(code: string): Promise<Order> {
    const order = await this.orderByCode(code);
    if (!order) throw notFoundOrder();
    if (order.order_status !== 'unpaid') return this.orderOut(order);
    return this.orderOut(await this.closeOrder(order, 'cancelled'));
  }

  /** adminRevenueReport: paid orders by operator day of payment, plan or channel, between two days inclusive. */
  async revenue(q: {
    from?: string | undefined;
    to?: string | undefined;
    by: 'day' | 'plan' | 'channel';
  }): Promise<Omit<RevenueResponse, 'code' | 'msg'>> {
    const tz = this.opts.timeZone;
    const range = operatorDayRange(this.now(), tz, q);
    const start = DateTime.fromISO(range.from, { zone: tz }).startOf('day');
    const end = DateTime.fromISO(range.to, { zone: tz }).plus({ days: 1 }).startOf('day');
    if (!start.isValid || !end.isValid || end <= start) throw new AppError(400, 1001, 'v_value', {}, 'to');
    const key =
      q.by === 'day'
        ? sql<string>`to_char(${macOrder.order_pay_time} at time zone ${tz}, 'YYYY-MM-DD')`
        : q.by === 'plan'
          ? sql<string>`${macOrder.plan_id}::text`
          : sql<string>`${macOrder.order_pay_type}`;
    const rows = await this.db
      .select({
        key,
        orders: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${macOrder.order_price}), 0)::bigint`,
        group_id: sql<number>`min(${macOrder.group_id})`,
        long: sql<string>`min(${macOrder.order_long})`,
      })
      .from(macOrder)
      .where(
        and(
          eq(macOrder.order_status, 'paid'),
          gte(macOrder.order_pay_time, start.toJSDate()),
          lt(macOrder.order_pay_time, end.toJSDate()),
        ),
      )
      // By position: the day key carries the time zone as a parameter, which GROUP BY would not match by value.
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const names = await this.groupNames();
    const list = rows.map((r) => ({
      key: String(r.key),
      label: q.by === 'plan' ? `${names.get(Number(r.group_id)) ?? ''} ${r.long}` : String(r.key),
      orders: Number(r.orders),
      amount: Number(r.amount),
    }));
    return {
      ...range,
      list,
      sum_orders: list.reduce((s, r) => s + r.orders, 0),
      sum_amount: list.reduce((s, r) => s + r.amount, 0),
    };
  }
}

export interface PaymentInput {
  providerTxnId: string;
  orderCode: string;
  amountFen: number;
  paidAt?: Date;
  raw: Record<string, unknown>;
}
export type PaymentOutcome = 'credited' | 'duplicate' | 'duplicate_payment' | 'amount_mismatch' | 'unknown_order';
/** Payment outcomes of an existing order that need the operator (listed by adminListOrders `problem=1`). */
export const PROBLEM_PAYMENTS = ['amount_mismatch', 'duplicate_payment'] as const;

/**
 * The expiry instant of a code batch: an ISO instant as given, or an operator day (YYYY-MM-DD) as the last
 * millisecond of that day in `timeZone` (a code is expired when `expires_at <= now`, so it stays valid all day).
 */
export function codeBatchExpiry(value: string, timeZone: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return DateTime.fromISO(value, { zone: timeZone }).endOf('day').toJSDate();
  return new Date(value);
}
