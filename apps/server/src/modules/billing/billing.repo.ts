/**
 * The billing module's queries (db/schema/billing.ts; MacCMS `mac_order`, `mac_group`, `mac_user` names): plans,
 * orders, payment notifications, redemption codes and the revenue report. Every function takes the `db` to run on,
 * which may be the caller's transaction; the rules (prices, order states, paid wins, idempotency) are in the
 * services (plans.service.ts, orders.service.ts, payments.service.ts, codes.service.ts, reports.service.ts).
 */
import type { OrderStatus, PlanLong } from '@openvod/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { macGroup, macOrder, macUser, paymentEvent, redeemBatch, redeemCode, vipPlan } from '../../db/schema/index.ts';

export type OrderRow = typeof macOrder.$inferSelect;
export type PlanRow = typeof vipPlan.$inferSelect;
export type BatchRow = typeof redeemBatch.$inferSelect;
export type CodeRow = typeof redeemCode.$inferSelect;
export type PaymentEventRow = typeof paymentEvent.$inferSelect;
type MacUserRow = typeof macUser.$inferSelect;

// ------------------------------------------------------------------------------------------------- groups, plans

/** Every user group's name by `group_id` (`mac_group`). */
export async function groupNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: macGroup.group_id, name: macGroup.group_name }).from(macGroup);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The `mac_group` row with this id, or undefined. */
export async function groupById(db: Db, groupId: number): Promise<typeof macGroup.$inferSelect | undefined> {
  const [g] = await db.select().from(macGroup).where(eq(macGroup.group_id, groupId));
  return g;
}

/** Plans on sale (plan_status 1) of VIP groups (>= 3) on sale (group_status 1) by group and days, with group names. */
export function plansOnSale(db: Db): Promise<{ plan: PlanRow; group_name: string }[]> {
  return db
    .select({ plan: vipPlan, group_name: macGroup.group_name })
    .from(vipPlan)
    .innerJoin(macGroup, eq(macGroup.group_id, vipPlan.group_id))
    .where(and(eq(vipPlan.plan_status, 1), eq(macGroup.group_status, 1), gte(vipPlan.group_id, 3)))
    .orderBy(asc(vipPlan.group_id), asc(vipPlan.days));
}

/** The plan of `long` of a group, when both the plan and the group are on sale; undefined otherwise. */
export async function planOnSale(db: Db, groupId: number, long: PlanLong): Promise<PlanRow | undefined> {
  const [row] = await db
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
  return row?.plan;
}

/** Every plan, on sale or not, by group then days. */
export function allPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(vipPlan).orderBy(asc(vipPlan.group_id), asc(vipPlan.days));
}

/** Insert a plan; undefined when the group already has a plan of that length (unique (group_id, long)). */
export async function insertPlan(db: Db, values: typeof vipPlan.$inferInsert): Promise<PlanRow | undefined> {
  const [row] = await db.insert(vipPlan).values(values).onConflictDoNothing().returning();
  return row;
}

/** Set fields of a plan (an empty `set` only reads it); the plan after, or undefined when there is no such plan. */
export async function updatePlan(
  db: Db,
  planId: number,
  set: Partial<Pick<PlanRow, 'price' | 'price_renew' | 'price_new' | 'points' | 'plan_status'>>,
): Promise<PlanRow | undefined> {
  const [row] = Object.keys(set).length
    ? await db.update(vipPlan).set(set).where(eq(vipPlan.plan_id, planId)).returning()
    : await db.select().from(vipPlan).where(eq(vipPlan.plan_id, planId));
  return row;
}

// ------------------------------------------------------------------------------------------------- members

/** Whether the user has any paid order (the new-user price is for users who never did). */
export async function hasPaidOrder(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: macOrder.order_id })
    .from(macOrder)
    .where(and(eq(macOrder.user_id, userId), eq(macOrder.order_status, 'paid')))
    .limit(1);
  return Boolean(row);
}

/** The `mac_user` row and its group's name (null without a group row); undefined when there is no such user. */
export async function userWithGroup(
  db: Db,
  userId: number,
): Promise<{ user: MacUserRow; group_name: string | null } | undefined> {
  const [row] = await db
    .select({ user: macUser, group_name: macGroup.group_name })
    .from(macUser)
    .leftJoin(macGroup, eq(macGroup.group_id, macUser.group_id))
    .where(eq(macUser.user_id, userId));
  return row;
}

/**
 * Put the user in `groupId` and stack `secs` seconds onto `user_end_time` and `user_noad_time` (each =
 * greatest(`nowSec`, end) + secs, epoch seconds). Returns false when there is no such user.
 */
export async function extendVip(
  db: Db,
  userId: number,
  groupId: number,
  secs: number,
  nowSec: number,
): Promise<boolean> {
  const [row] = await db
    .update(macUser)
    .set({
      group_id: groupId,
      user_end_time: sql`greatest(${macUser.user_end_time}, ${nowSec}) + ${secs}`,
      user_noad_time: sql`greatest(${macUser.user_noad_time}, ${nowSec}) + ${secs}`,
    })
    .where(eq(macUser.user_id, userId))
    .returning({ user_id: macUser.user_id });
  return Boolean(row);
}

// ------------------------------------------------------------------------------------------------- orders

/** The order with this number (any user), or undefined. */
export async function orderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(macOrder).where(eq(macOrder.order_code, code));
  return row;
}

/** The order with this number locked for update (the payment's transaction), or undefined. */
export async function lockOrderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(macOrder).where(eq(macOrder.order_code, code)).for('update');
  return row;
}

/** The user's unpaid order (at most one: partial unique index), or undefined. */
export async function unpaidOrderOf(db: Db, userId: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(macOrder)
    .where(and(eq(macOrder.user_id, userId), eq(macOrder.order_status, 'unpaid')));
  return row;
}

/**
 * Insert an unpaid order; undefined when the user already has one (partial unique index) or the order number is
 * taken (the caller looks again).
 */
export async function insertOrder(db: Db, values: typeof macOrder.$inferInsert): Promise<OrderRow | undefined> {
  const [row] = await db.insert(macOrder).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Record that an unpaid order is paid through `channel` (its `order_pay_type`) and was opened at the channels
 * `opened`. Guarded: the order after, or undefined when it is no longer unpaid.
 */
export async function markOpened(
  db: Db,
  orderId: number,
  channel: string,
  opened: string[],
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(macOrder)
    .set({ order_pay_type: channel, order_opened: opened })
    .where(and(eq(macOrder.order_id, orderId), eq(macOrder.order_status, 'unpaid')))
    .returning();
  return row;
}

/** Close an unpaid order as cancelled or expired at `at`. Guarded: undefined when it was no longer unpaid. */
export async function closeUnpaid(
  db: Db,
  orderId: number,
  to: 'cancelled' | 'expired',
  at: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(macOrder)
    .set({ order_status: to, order_close_time: at })
    .where(and(eq(macOrder.order_id, orderId), eq(macOrder.order_status, 'unpaid')))
    .returning();
  return row;
}

/** Cancel every unpaid order of a user at `at` (account deletion); the orders cancelled. */
export function cancelUnpaidOf(db: Db, userId: number, at: Date): Promise<OrderRow[]> {
  return db
    .update(macOrder)
    .set({ order_status: 'cancelled', order_close_time: at })
    .where(and(eq(macOrder.user_id, userId), eq(macOrder.order_status, 'unpaid')))
    .returning();
}

/** Up to `limit` unpaid orders whose expiry is at or before `now`, soonest first. */
export function dueUnpaid(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(macOrder)
    .where(and(eq(macOrder.order_status, 'unpaid'), lte(macOrder.order_expire_time, now)))
    .orderBy(asc(macOrder.order_expire_time))
    .limit(limit);
}

/**
 * Move a paid (or cancelled / expired) order to paid (paid wins) at `paidAt` with the provider's transaction id.
 * Guarded: undefined when it is paid already.
 */
export async function markPaid(
  db: Db,
  orderId: number,
  paidAt: Date,
  providerTxnId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(macOrder)
    .set({ order_status: 'paid', order_pay_time: paidAt, order_provider_txn: providerTxnId })
    .where(and(eq(macOrder.order_id, orderId), inArray(macOrder.order_status, ['unpaid', 'cancelled', 'expired'])))
    .returning();
  return row;
}

/**
 * Re-own the guest's orders to the target (guest merge), except the guest's unpaid order when the target has one
 * (one unpaid order per user). Returns how many orders moved.
 */
export async function moveOrders(db: Db, guestId: number, targetId: number): Promise<number> {
  const moved = await db
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

/** A page of a user's orders (optionally of one status), newest first, and how many there are in all. */
export async function userOrdersPage(
  db: Db,
  userId: number,
  q: { status?: OrderStatus | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: OrderRow[] }> {
  const where = and(eq(macOrder.user_id, userId), q.status ? eq(macOrder.order_status, q.status) : undefined);
  const [total] = await db.select({ n: count() }).from(macOrder).where(where);
  const rows = await db
    .select()
    .from(macOrder)
    .where(where)
    .orderBy(desc(macOrder.order_time), desc(macOrder.order_id))
    .limit(q.limit)
    .offset(q.offset);
  return { total: total?.n ?? 0, rows };
}

/**
 * The console's order search, newest first, with the owner's name, and how many match in all. `wd`: an order
 * number, a user id or (part of) a user name; `problemStatuses`: only orders with a stored payment event in one of
 * these statuses.
 */
export async function searchOrders(
  db: Db,
  q: {
    wd?: string | undefined;
    status?: OrderStatus | undefined;
    channel?: string | undefined;
    problemStatuses?: readonly string[] | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ total: number; rows: { order: OrderRow; user_name: string | null }[] }> {
  const wd = q.wd;
  const where = and(
    q.status ? eq(macOrder.order_status, q.status) : undefined,
    q.channel ? eq(macOrder.order_pay_type, q.channel) : undefined,
    q.problemStatuses
      ? inArray(
          macOrder.order_code,
          db
            .select({ code: paymentEvent.order_code })
            .from(paymentEvent)
            .where(inArray(paymentEvent.status, [...q.problemStatuses])),
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
  const [total] = await db
    .select({ n: count() })
    .from(macOrder)
    .leftJoin(macUser, eq(macUser.user_id, macOrder.user_id))
    .where(where);
  const rows = await db
    .select({ order: macOrder, user_name: macUser.user_name })
    .from(macOrder)
    .leftJoin(macUser, eq(macUser.user_id, macOrder.user_id))
    .where(where)
    .orderBy(desc(macOrder.order_time), desc(macOrder.order_id))
    .limit(q.limit)
    .offset(q.offset);
  return { total: total?.n ?? 0, rows };
}

/** The order with this number and its owner's name, or undefined. */
export async function orderWithUserName(
  db: Db,
  code: string,
): Promise<{ order: OrderRow; user_name: string | null } | undefined> {
  const [row] = await db
    .select({ order: macOrder, user_name: macUser.user_name })
    .from(macOrder)
    .leftJoin(macUser, eq(macUser.user_id, macOrder.user_id))
    .where(eq(macOrder.order_code, code));
  return row;
}

// ------------------------------------------------------------------------------------------------- payments

/**
 * Claim a verified notification by (channel, provider transaction id) as `received` (cut to the columns). Returns
 * its id, or undefined when this notification was stored before (a replay).
 */
export async function claimPaymentEvent(
  db: Db,
  e: { channel: string; providerTxnId: string; orderCode: string; amount: number; raw: Record<string, unknown> },
): Promise<number | undefined> {
  const [event] = await db
    .insert(paymentEvent)
    .values({
      channel: e.channel,
      provider_txn_id: e.providerTxnId.slice(0, 64),
      order_code: e.orderCode.slice(0, 32),
      amount: e.amount,
      status: 'received',
      raw: e.raw,
    })
    .onConflictDoNothing({ target: [paymentEvent.channel, paymentEvent.provider_txn_id] })
    .returning({ id: paymentEvent.id });
  return event?.id;
}

/** Set the outcome of a stored notification (credited, duplicate_payment, amount_mismatch, unknown_order). */
export async function setPaymentEventStatus(db: Db, id: number, status: string): Promise<void> {
  await db.update(paymentEvent).set({ status }).where(eq(paymentEvent.id, id));
}

/** The stored notifications of an order, oldest first. */
export function paymentEventsOf(db: Db, orderCode: string): Promise<PaymentEventRow[]> {
  return db.select().from(paymentEvent).where(eq(paymentEvent.order_code, orderCode)).orderBy(asc(paymentEvent.id));
}

// ------------------------------------------------------------------------------------------------- redemption codes

/** The code (exact, normalised) with its batch, or undefined. */
export async function codeWithBatch(db: Db, code: string): Promise<{ code: CodeRow; batch: BatchRow } | undefined> {
  const [row] = await db
    .select({ code: redeemCode, batch: redeemBatch })
    .from(redeemCode)
    .innerJoin(redeemBatch, eq(redeemBatch.batch_id, redeemCode.batch_id))
    .where(eq(redeemCode.code, code));
  return row;
}

/** Mark a code used by `userId` at `at` with the guarded update `used_by is null`; false when it was used already. */
export async function claimCode(db: Db, codeId: number, userId: number, at: Date): Promise<boolean> {
  const [claimed] = await db
    .update(redeemCode)
    .set({ used_by: userId, used_at: at })
    .where(and(eq(redeemCode.code_id, codeId), sql`${redeemCode.used_by} is null`))
    .returning({ code_id: redeemCode.code_id });
  return Boolean(claimed);
}

/** Insert a code batch; the row. */
export async function insertBatch(db: Db, values: typeof redeemBatch.$inferInsert): Promise<BatchRow> {
  const [batch] = await db.insert(redeemBatch).values(values).returning();
  return batch as BatchRow;
}

/** Insert codes of a batch, skipping any whose code is taken (a collision); how many were inserted. */
export async function insertCodes(db: Db, batchId: number, codes: string[]): Promise<number> {
  const inserted = await db
    .insert(redeemCode)
    .values(codes.map((code) => ({ batch_id: batchId, code })))
    .onConflictDoNothing()
    .returning({ id: redeemCode.code_id });
  return inserted.length;
}

/** Every batch, newest first, with how many of its codes were used. */
export async function batchesWithUse(db: Db): Promise<{ batch: BatchRow; used: number }[]> {
  const rows = await db
    .select({ batch: redeemBatch, used: sql<number>`count(${redeemCode.used_by})::int` })
    .from(redeemBatch)
    .leftJoin(redeemCode, eq(redeemCode.batch_id, redeemBatch.batch_id))
    .groupBy(redeemBatch.batch_id)
    .orderBy(desc(redeemBatch.batch_id));
  return rows.map((r) => ({ batch: r.batch, used: Number(r.used) }));
}

/** The batch with this id, or undefined. */
export async function batchById(db: Db, batchId: number): Promise<BatchRow | undefined> {
  const [batch] = await db.select().from(redeemBatch).where(eq(redeemBatch.batch_id, batchId));
  return batch;
}

/** The codes of a batch in the order they were made. */
export function codesOfBatch(db: Db, batchId: number): Promise<CodeRow[]> {
  return db.select().from(redeemCode).where(eq(redeemCode.batch_id, batchId)).orderBy(asc(redeemCode.code_id));
}

// ------------------------------------------------------------------------------------------------- reports

/** A revenue line: the grouping key, paid orders, their sum in fen, and a group id and length of the group. */
export interface RevenueRow {
  key: string;
  orders: number;
  amount: number;
  group_id: number;
  long: string;
}

/**
 * Paid orders with `order_pay_time` in [from, to), grouped by the operator day of payment in `timeZone`
 * (YYYY-MM-DD), by plan id or by channel, in key order. Sums in fen.
 */
export async function revenueBy(
  db: Db,
  q: { by: 'day' | 'plan' | 'channel'; timeZone: string; from: Date; to: Date },
): Promise<RevenueRow[]> {
  const key: SQL<string> =
    q.by === 'day'
      ? sql<string>`to_char(${macOrder.order_pay_time} at time zone ${q.timeZone}, 'YYYY-MM-DD')`
      : q.by === 'plan'
        ? sql<string>`${macOrder.plan_id}::text`
        : sql<string>`${macOrder.order_pay_type}`;
  const rows = await db
    .select({
      key,
      orders: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${macOrder.order_price}), 0)::bigint`,
      group_id: sql<number>`min(${macOrder.group_id})`,
      long: sql<string>`min(${macOrder.order_long})`,
    })
    .from(macOrder)
    .where(
      and(eq(macOrder.order_status, 'paid'), gte(macOrder.order_pay_time, q.from), lt(macOrder.order_pay_time, q.to)),
    )
    // By position: the day key carries the time zone as a parameter, which GROUP BY would not match by value.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({
    key: String(r.key),
    orders: Number(r.orders),
    amount: Number(r.amount),
    group_id: Number(r.group_id),
    long: String(r.long),
  }));
}
