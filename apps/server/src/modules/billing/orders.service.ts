/**
 * Orders (spec §3 Order; §4 Order and Payment flow; §7 buy, gopay, orders, orderInfo; cancelOrder, verifyOrder;
 * console adminListOrders / adminGetOrder / adminCloseOrder; §8 'Order unpaid').
 *
 * - unpaid -> paid | cancelled | expired; one unpaid order per user (partial unique index: 50 concurrent buys leave
 *   one); a buy while one is open returns it (`existing: true`). Order numbers: 24 Crockford characters from the
 *   CSPRNG (codes.ts). Price snapshot on the order; notifications must carry exactly that amount
 *   (payments.service.ts).
 * - Cancel and expiry close the trade at every channel `gopay` opened first; if a provider says paid, paid wins.
 * - The expiry sweep runs every minute (billing.jobs.ts); account deletion and the guest merge reach orders through
 *   the accounts module's events (index.ts).
 * Queries: billing.repo.ts.
 */
import {
  type AdminOrderResponse,
  BillingErrorCode,
  type Locale,
  type MemberState,
  type Order,
  type OrderStatus,
  type PlanLong,
  type PriceKind,
} from '@openvod/contract';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { isGuestAccount } from '../accounts/index.ts';
import type { BillingContext } from './billing.context.ts';
import { channelUnavailable, fail, iso, notFoundOrder, notPayable } from './billing.context.ts';
import type { OrderRow } from './billing.repo.ts';
import * as repo from './billing.repo.ts';
import type { PaymentAction, PayScene } from './channel.ts';
import { newOrderCode } from './codes.ts';
import { type PaymentsService, PROBLEM_PAYMENTS } from './payments.service.ts';
import { type PlansService, planName, priceFor } from './plans.service.ts';

/**
 * Spec §5 "Buying requires login": the device's automatic guest account (accounts/guest-account.ts) may not pay
 * money. 403 {@link BillingErrorCode.bindPhoneRequired} (`billing_bind_phone_required`); the viewer app opens the
 * bind-phone flow on it, and binding keeps the account (it becomes a member with everything it had).
 */
export function assertNotGuest(user: UserRow): void {
  if (isGuestAccount(user)) throw fail(403, BillingErrorCode.bindPhoneRequired, 'billing_bind_phone_required');
}

export class OrdersService {
  /** Provider work started by {@link onUserDeleted}, settled after the deletion commits (tests await it). */
  settling: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: BillingContext,
    private readonly plans: PlansService,
    private readonly payments: PaymentsService,
  ) {}

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
    return this.toOrder(row, await this.plans.groupNames());
  }

  /** The order with this number (any user), or undefined. */
  orderByCode(code: string, db: Db = this.ctx.db): Promise<OrderRow | undefined> {
    return repo.orderByCode(db, code);
  }

  /** One of `user`'s orders; 404 1004 when unknown or another user's. */
  private async ownOrder(user: UserRow, code: string): Promise<OrderRow> {
    const row = await this.orderByCode(code);
    if (!row || row.user_id !== user.user_id) throw notFoundOrder();
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
    if (!this.ctx.channels.get(body.channel)) throw channelUnavailable();
    const plan = await this.plans.planFor(body.group_id, body.long);
    for (let attempt = 0; attempt < 5; attempt++) {
      const open = await repo.unpaidOrderOf(this.ctx.db, user.user_id);
      if (open) {
        if (open.order_expire_time.getTime() > this.ctx.now().getTime()) {
          return { info: await this.orderOut(open), existing: true };
        }
        await this.expireOrder(open);
        continue;
      }
      const price = priceFor(plan, await this.plans.pricingContext(user));
      const now = this.ctx.now();
      // The partial unique index (one unpaid order per user) or an order-code collision: look again.
      const row = await repo.insertOrder(this.ctx.db, {
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
        order_expire_time: new Date(now.getTime() + this.ctx.opts.orderExpireMinutes * 60_000),
      });
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
    if (order.order_status === 'unpaid' && order.order_expire_time.getTime() <= this.ctx.now().getTime()) {
      order = await this.expireOrder(order);
    }
    if (order.order_status !== 'unpaid') throw notPayable();
    const channel = this.ctx.channels.get(body.channel ?? order.order_pay_type);
    if (!channel?.scenes.includes(body.scene)) throw channelUnavailable();
    const opened = [...new Set([...order.order_opened, channel.id])];
    const updated = await repo.markOpened(this.ctx.db, order.order_id, channel.id, opened);
    if (!updated) throw notPayable();
    const names = await this.plans.groupNames();
    let action: PaymentAction;
    try {
      action = await channel.createPayment(
        {
          orderCode: updated.order_code,
          amountFen: updated.order_price,
          subject: planName(locale, updated.group_id, names.get(updated.group_id) ?? '', updated.order_long),
          payerId: updated.user_id,
          expiresAt: updated.order_expire_time,
          notifyUrl: `${this.ctx.opts.publicUrl}/api/pay/notify/${channel.id}`,
          returnUrl: this.returnUrl(updated.order_code),
          clientIp,
        },
        body.scene,
      );
    } catch (err) {
      this.ctx.log(`gopay ${channel.id} ${updated.order_code} failed`, err);
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
    const names = await this.plans.groupNames();
    return {
      userId: row.user_id,
      planName: planName(locale, row.group_id, names.get(row.group_id) ?? '', row.order_long),
    };
  }

  /** Where the payer's browser goes back to: the app's order list with this order. */
  returnUrl(orderCode: string): string {
    const p = this.ctx.opts.returnPath ?? '/#/pages/me/plog/order-list';
    return `${this.ctx.opts.publicUrl}${p}?order_code=${encodeURIComponent(orderCode)}`;
  }

  /** orders: the caller's orders, newest first. */
  async listOrders(userId: number, q: { status?: OrderStatus | undefined; page: number; limit: number }) {
    const { total, rows } = await repo.userOrdersPage(this.ctx.db, userId, {
      status: q.status,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const names = await this.plans.groupNames();
    return {
      list: rows.map((r) => this.toOrder(r, names)),
      page: q.page,
      pagecount: Math.ceil(total / q.limit),
      limit: q.limit,
      total,
    };
  }

  /** orderInfo (spec §7): one of the caller's orders; 404 1004 when unknown or another user's. */
  async orderInfo(user: UserRow, code: string): Promise<Order> {
    return this.orderOut(await this.ownOrder(user, code));
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
      if (await this.payments.settleAtProviders(order, 'close')) {
        return (await this.orderByCode(order.order_code)) as OrderRow;
      }
    } catch (err) {
      this.ctx.log(`order ${order.order_code}: provider close failed`, err);
      throw fail(502, BillingErrorCode.paymentFailed, 'billing_payment_failed');
    }
    const row = await repo.closeUnpaid(this.ctx.db, order.order_id, to, this.ctx.now());
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
        await this.payments.settleAtProviders(order, 'query');
      } catch (err) {
        this.ctx.log(`order ${code}: provider query failed`, err);
      }
    }
    const after = (await this.orderByCode(code)) as OrderRow;
    return {
      info: await this.orderOut(after),
      paid: after.order_status === 'paid',
      user: await this.payments.memberState(user.user_id),
    };
  }

  /** The expiry sweep: close unpaid orders past their expiry (at the providers first; paid wins). */
  async expireDue(limit = 100): Promise<number> {
    const due = await repo.dueUnpaid(this.ctx.db, this.ctx.now(), limit);
    let n = 0;
    for (const order of due) {
      try {
        await this.expireOrder(order);
        n++;
      } catch (err) {
        this.ctx.log(`expiring order ${order.order_code} failed; retried at the next sweep`, err);
      }
    }
    return n;
  }

  /**
   * `user.merged` (modules/accounts/accounts.events.ts, guest-merge.ts): the guest's orders become the target's,
   * inside the merge transaction. Its unpaid order moves too unless the target has one already (one unpaid order per
   * user): that one stays with the guest, and when it is paid later the VIP lands on the guest and moves at its next
   * merge. Returns how many orders moved.
   */
  onUsersMerged(tx: Db, guestId: number, targetId: number): Promise<number> {
    return repo.moveOrders(tx, guestId, targetId);
  }

  /**
   * `user.deleted` (accounts.events.ts): inside the deletion transaction the user's unpaid orders are cancelled
   * (guarded update); once it has committed they are closed at their providers, and one a provider says was paid is
   * credited (paid wins: cancelled -> paid, as a late notification would). Provider calls stay outside the
   * transaction (no network while holding the user's row lock). If the process stops in between, the trade still
   * closes itself at its `time_expire`, and a notification still credits it.
   */
  async onUserDeleted(tx: Db, userId: number): Promise<void> {
    const cancelled = await repo.cancelUnpaidOf(tx, userId, this.ctx.now());
    if (!cancelled.length) return;
    const after = async () => {
      for (const order of cancelled) {
        try {
          await this.payments.settleAtProviders(order, 'close');
        } catch (err) {
          this.ctx.log(`order ${order.order_code} of deleted user ${userId}: provider close failed`, err);
        }
      }
    };
    this.settling = this.settling.then(
      () => new Promise<void>((resolve) => setImmediate(() => void after().then(resolve))),
    );
  }

  // ------------------------------------------------------------------------------------------------- console

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
    const { total, rows } = await repo.searchOrders(this.ctx.db, {
      wd: q.wd?.trim() || undefined,
      status: q.status,
      channel: q.channel,
      problemStatuses: q.problem === '1' ? PROBLEM_PAYMENTS : undefined,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const names = await this.plans.groupNames();
    return {
      list: rows.map((r) => ({ ...this.toOrder(r.order, names), user_name: r.user_name ?? '' })),
      page: q.page,
      pagecount: Math.ceil(total / q.limit),
      limit: q.limit,
      total,
    };
  }

  /** adminGetOrder: the order, its stored notifications and a live query at its channel. */
  async adminGetOrder(code: string): Promise<Omit<AdminOrderResponse, 'code' | 'msg'>> {
    const row = await repo.orderWithUserName(this.ctx.db, code);
    if (!row) throw notFoundOrder();
    const payments = await repo.paymentEventsOf(this.ctx.db, code);
    let provider: AdminOrderResponse['provider'] = null;
    let providerError: string | null = null;
    const channel = this.ctx.channels.get(row.order.order_pay_type);
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
}
