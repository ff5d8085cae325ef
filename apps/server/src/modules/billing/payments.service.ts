/**
 * Payments and VIP time (spec §4 Order and Payment flow / VIP; §7 notify, upgrade; research/money.md §2).
 *
 * - notify: the channel verifies the notification over the raw bytes; a paid one is credited exactly once
 *   ({@link PaymentsService.applyPaymentIn}): one transaction claims it (`payment_event` unique (channel, provider
 *   txn id)), moves the order to paid with a guarded update (from unpaid, cancelled or expired: paid wins), and grants
 *   the plan, journaling each effect on the ledger under `order:<code>` keys. A replay changes nothing.
 * - {@link PaymentsService.settleAtProviders}: asks (or closes at) every channel an order was opened at and credits
 *   what a provider says was paid (cancel, expiry, verifyOrder, account deletion: orders.service.ts).
 * - {@link PaymentsService.grantVip}: the group and stacked `user_end_time` / `user_noad_time` of a paid order, a
 *   redemption code, points (upgrade) or points exchange (the points module, through app.services.billing).
 *   VIP expiry back to group 2 is the accounts module's job (expireVips).
 * Queries: billing.repo.ts.
 */
import { randomUUID } from 'node:crypto';
import { BillingErrorCode, type MemberState, type PlanLong } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { isVip, PLOG_TYPE, type UserRow } from '../accounts/accounts.service.ts';
import type { BillingContext } from './billing.context.ts';
import { fail, nowSec } from './billing.context.ts';
import type { OrderRow } from './billing.repo.ts';
import * as repo from './billing.repo.ts';
import type { PaymentChannel, TradeQueryResult } from './channel.ts';
import { NotificationRejected } from './channel.ts';
import type { PlansService } from './plans.service.ts';

/** A verified payment to credit: the provider's transaction id, our order number, the amount paid in fen. */
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

/** What {@link PaymentsService.grantVip} gives. */
export interface VipGrant {
  userId: number;
  groupId: number;
  days: number;
  key: string;
  kind: string;
  ref?: string;
  /** Extra fields for the `vip_s` journal row's meta (besides group_id and days). */
  meta?: Record<string, unknown>;
}

export class PaymentsService {
  constructor(
    private readonly ctx: BillingContext,
    private readonly plans: PlansService,
  ) {}

  /** The caller's membership after any change (fresh from the database; `db` may be the change's transaction). */
  async memberState(userId: number, db: Db = this.ctx.db): Promise<MemberState> {
    const row = await repo.userWithGroup(db, userId);
    if (!row) throw fail(404, 1004, 'user_not_found');
    const credits = await this.ctx.ledger.balances(db, userId);
    return {
      user_id: userId,
      group_id: row.user.group_id,
      group_name: row.group_name ?? '',
      is_vip: isVip(row.user, this.ctx.now()),
      user_end_time: row.user.user_end_time,
      user_noad_time: row.user.user_noad_time,
      user_points: row.user.user_points,
      user_view_credits: credits.views,
      user_down_credits: credits.downloads,
      ever_bought: await this.plans.everBought(userId, db),
    };
  }

  /**
   * Give `days` of VIP in `groupId`: group = groupId, `user_end_time` and `user_noad_time` = greatest(now, end) +
   * days (seconds), journaled as `vip_s` / `noad_s` under `<key>:vip` / `<key>:noad`. Idempotent by `key`: a
   * replay changes nothing. Returns whether it applied. 404 1004 when the user does not exist.
   */
  async grantVip(tx: Db, g: VipGrant): Promise<boolean> {
    const { ledger } = this.ctx;
    const secs = g.days * 86_400;
    const vip = await ledger.post(tx, {
      userId: g.userId,
      asset: 'vip_s',
      amount: secs,
      kind: g.kind,
      key: `${g.key}:vip`,
      ref: g.ref ?? '',
      meta: { ...g.meta, group_id: g.groupId, days: g.days },
    });
    if (!vip.applied) return false;
    if (!(await repo.extendVip(tx, g.userId, g.groupId, secs, nowSec(this.ctx.now())))) {
      throw fail(404, 1004, 'user_not_found');
    }
    this.ctx.opts.onVipChanged?.(g.userId);
    await ledger.post(tx, {
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
    const plan = await this.plans.planFor(body.group_id, body.long);
    if (plan.points <= 0) throw fail(400, BillingErrorCode.insufficientPoints, 'billing_not_for_points');
    return this.ctx.db.transaction(async (tx) => {
      // A retried request with the same Idempotency-Key finds its journal row and changes nothing.
      const key = `upgrade:${user.user_id}:${idempotencyKey ?? randomUUID()}`;
      let applied: boolean;
      try {
        ({ applied } = await this.ctx.ledger.post(tx, {
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
      const m = ((await this.ctx.ledger.entryMeta(tx, `${key}:vip`)) ?? {}) as {
        group_id?: number;
        long?: string;
        points?: number;
      };
      if (m.group_id !== plan.group_id || m.long !== plan.long) {
        throw fail(422, BillingErrorCode.idempotencyMismatch, 'billing_idempotency_mismatch');
      }
      return { info: await this.memberState(user.user_id, tx), point: m.points ?? plan.points };
    });
  }

  /**
   * notify: verify, then credit exactly once, then the provider's own answer. A rejected notification gets the
   * channel's rejection answer; a failure while crediting 500 (the provider retries).
   */
  async notify(
    channelId: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ status: number; contentType?: string; body?: string }> {
    const channel = this.ctx.channels.get(channelId);
    if (!channel) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'unknown channel' };
    let v: Awaited<ReturnType<PaymentChannel['verifyNotification']>>;
    try {
      v = await channel.verifyNotification(rawBody, headers);
    } catch (err) {
      if (err instanceof NotificationRejected) {
        this.ctx.log(`notify ${channelId} rejected: ${err.message}`);
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
    return this.ctx.db.transaction((tx) => this.applyPaymentIn(tx, channel, p));
  }

  /**
   * Credit a verified payment once: claim (channel, provider txn id); check the order and the amount; move the order
   * to paid from unpaid, cancelled or expired (paid wins); grant the plan. Outcomes: credited, duplicate (this
   * notification was seen), duplicate_payment (the order was already paid by another transaction),
   * amount_mismatch, unknown_order — the last three are logged for the operator and change nothing.
   */
  async applyPaymentIn(tx: Db, channel: string, p: PaymentInput): Promise<PaymentOutcome> {
    const eventId = await repo.claimPaymentEvent(tx, {
      channel,
      providerTxnId: p.providerTxnId,
      orderCode: p.orderCode,
      amount: p.amountFen,
      raw: p.raw,
    });
    if (eventId === undefined) return 'duplicate';
    const mark = async (status: PaymentOutcome) => {
      await repo.setPaymentEventStatus(tx, eventId, status);
      if (status !== 'credited') this.ctx.log(`payment ${channel}/${p.providerTxnId} for ${p.orderCode}: ${status}`);
      return status;
    };
    const order = await repo.lockOrderByCode(tx, p.orderCode);
    if (!order) return mark('unknown_order');
    if (p.amountFen !== order.order_price) return mark('amount_mismatch');
    if (order.order_status === 'paid') return mark('duplicate_payment');
    const paid = await repo.markPaid(tx, order.order_id, p.paidAt ?? this.ctx.now(), p.providerTxnId.slice(0, 64));
    if (!paid) return mark('duplicate_payment');
    if (order.order_status !== 'unpaid') this.ctx.log(`order ${order.order_code} was ${order.order_status}; paid wins`);
    const key = `order:${order.order_code}`;
    await this.ctx.ledger.post(tx, {
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
    await this.ctx.opts.onOrderPaid?.(tx, order, this.ctx.now());
    return mark('credited');
  }

  /**
   * Ask every channel the order was opened at; when one says paid, credit it (paid wins) and return true.
   * `close` closes the trade there first (cancel, expiry). Throws when a provider cannot be asked (the order then
   * stays unpaid: closing it locally could lose a payment).
   */
  async settleAtProviders(order: OrderRow, mode: 'query' | 'close'): Promise<boolean> {
    for (const id of order.order_opened) {
      const channel = this.ctx.channels.get(id);
      if (!channel) {
        this.ctx.log(`order ${order.order_code}: channel ${id} is no longer configured; cannot ask it`);
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
}
