/**
 * Queries of the withdrawal module (cash.service.ts) over `mac_cash` and the withdrawal-account columns of
 * `promo_promoter` (db/schema/promotion.ts). Every function takes the `db` or `tx` to run on.
 *
 * `promo_promoter` is shared with the promotion module (modules/promotion): that module owns the row's promoter
 * columns (invitees, level, agent and the fraud flag it sets); this module reads `fraud_flag` / `fraud_reason` and
 * writes only `cash_type`, `cash_account`, `cash_name` (an upsert that creates the row when the member has none).
 *
 * State changes are guarded updates (`WHERE cash_status IN (<expected>)`): under concurrency exactly one of two
 * racing transitions finds the row in the state it expects, the other updates nothing.
 */
import { and, count, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.ts';
import type { Db } from '../../db/client.ts';
import { macCash, macUser, promoPromoter } from '../../db/schema/index.ts';

export type CashRow = typeof macCash.$inferSelect;
export type PromoterRow = typeof promoPromoter.$inferSelect;

/** States whose amount still counts against the caps (not returned). */
export const LIVE_STATES = ['pending', 'approved', 'paying', 'paid'] as const;

/** The member's promoter row (withdrawal account, fraud flag), or undefined. */
export async function promoterOf(db: Db, userId: number): Promise<PromoterRow | undefined> {
  const [row] = await db.select().from(promoPromoter).where(eq(promoPromoter.user_id, userId));
  return row;
}

/**
 * The member's promoter row locked for the rest of `tx` (SELECT ... FOR UPDATE): withdrawals of one member are
 * decided one at a time, so the daily and monthly caps hold under concurrency. Undefined when the member has none.
 */
export async function lockPromoter(tx: Db, userId: number): Promise<PromoterRow | undefined> {
  const [row] = await tx.select().from(promoPromoter).where(eq(promoPromoter.user_id, userId)).for('update');
  return row;
}

/** Set the withdrawal account columns (creating the promoter row when missing); the other columns are untouched. */
export async function upsertAccount(
  db: Db,
  userId: number,
  account: { cash_type: string; cash_account: string; cash_name: string },
): Promise<PromoterRow> {
  const [row] = await db
    .insert(promoPromoter)
    .values({ user_id: userId, ...account })
    .onConflictDoUpdate({ target: promoPromoter.user_id, set: { ...account, updated_at: sql`now()` } })
    .returning();
  if (!row) throw new Error('promo_promoter upsert returned nothing');
  return row;
}

/** Insert a withdrawal unless the member used `cash_key` before; undefined when the key was taken. */
export async function claimCash(tx: Db, values: typeof macCash.$inferInsert): Promise<CashRow | undefined> {
  const [row] = await tx.insert(macCash).values(values).onConflictDoNothing().returning();
  return row;
}

export async function cashByKey(db: Db, userId: number, key: string): Promise<CashRow | undefined> {
  const [row] = await db
    .select()
    .from(macCash)
    .where(and(eq(macCash.user_id, userId), eq(macCash.cash_key, key)));
  return row;
}

export async function cashById(db: Db, cashId: number): Promise<CashRow | undefined> {
  const [row] = await db.select().from(macCash).where(eq(macCash.cash_id, cashId));
  return row;
}

/** Count and sum (fen) of the member's withdrawals since `from` that were not returned (caps). */
export async function usageSince(tx: Db, userId: number, from: Date): Promise<{ count: number; fen: number }> {
  const [row] = await tx
    .select({ count: count(), fen: sql<string>`coalesce(sum(${macCash.cash_money}), 0)` })
    .from(macCash)
    .where(
      and(
        eq(macCash.user_id, userId),
        inArray(macCash.cash_status, [...LIVE_STATES]),
        sql`${macCash.cash_time} >= ${from.toISOString()}`,
      ),
    );
  return { count: Number(row?.count ?? 0), fen: Number(row?.fen ?? 0) };
}

/** Whether the member has a paid withdrawal (a first withdrawal is always reviewed). */
export async function hasPaid(tx: Db, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: macCash.cash_id })
    .from(macCash)
    .where(and(eq(macCash.user_id, userId), eq(macCash.cash_status, 'paid')))
    .limit(1);
  return row !== undefined;
}

/**
 * Move withdrawal `cashId` from one of `from` to the values in `set` (which include the new `cash_status`); the row
 * after, or undefined when it was not in one of `from` (another transition won).
 */
export async function transition(
  tx: Db,
  cashId: number,
  from: readonly string[],
  set: Partial<typeof macCash.$inferInsert>,
): Promise<CashRow | undefined> {
  const [row] = await tx
    .update(macCash)
    .set(set)
    .where(and(eq(macCash.cash_id, cashId), inArray(macCash.cash_status, [...from])))
    .returning();
  return row;
}

/** The member's withdrawals, newest first, and how many there are. */
export async function listOfUser(db: Db, userId: number, page: number, limit: number) {
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(macCash)
      .where(eq(macCash.user_id, userId))
      .orderBy(desc(macCash.cash_time), desc(macCash.cash_id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(macCash).where(eq(macCash.user_id, userId)),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

/** A withdrawal of the console queue: the row, the member's name and fraud flag. */
export interface AdminCashRow extends CashRow {
  user_name: string;
  fraud_flag: boolean;
  fraud_reason: string;
}

const UNPAID_APPROVED = ['approved', 'paying'] as const;

/**
 * The console queue: withdrawals of `status` (all when absent) and `userId`, approved-and-unpaid ones approved
 * before `overdueBefore` first (spec §9: at most 48 h), then the newest. Also how many unpaid approved withdrawals
 * were approved before `lateBefore` (2 h) and before `overdueBefore` over the whole queue.
 */
export async function adminList(
  db: Db,
  q: { status?: string; userId?: number; page: number; limit: number; lateBefore: Date; overdueBefore: Date },
) {
  const where = and(
    q.status ? eq(macCash.cash_status, q.status) : undefined,
    q.userId ? eq(macCash.user_id, q.userId) : undefined,
  );
  const overdueFirst = sql`case when ${macCash.cash_status} in ('approved', 'paying') and ${
    macCash.cash_time_audit
  } <= ${q.overdueBefore.toISOString()} then 0 else 1 end`;
  const [list, [total], timers] = await Promise.all([
    db
      .select({
        row: macCash,
        user_name: sql<string>`coalesce(${macUser.user_name}, '')`,
        fraud_flag: sql<boolean>`coalesce(${promoPromoter.fraud_flag}, false)`,
        fraud_reason: sql<string>`coalesce(${promoPromoter.fraud_reason}, '')`,
      })
      .from(macCash)
      .leftJoin(macUser, eq(macUser.user_id, macCash.user_id))
      .leftJoin(promoPromoter, eq(promoPromoter.user_id, macCash.user_id))
      .where(where)
      .orderBy(overdueFirst, desc(macCash.cash_time), desc(macCash.cash_id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(macCash).where(where),
    db.execute(sql`select
        count(*) filter (where ${macCash.cash_time_audit} <= ${q.lateBefore.toISOString()}) as late,
        count(*) filter (where ${macCash.cash_time_audit} <= ${q.overdueBefore.toISOString()}) as overdue
      from ${macCash} where ${inArray(macCash.cash_status, [...UNPAID_APPROVED])}`),
  ]);
  const [t] = rowsOf<{ late: string | number; overdue: string | number }>(timers);
  return {
    list: list.map((r) => ({
      ...r.row,
      user_name: r.user_name,
      fraud_flag: Boolean(r.fraud_flag),
      fraud_reason: r.fraud_reason,
    })),
    total: Number(total?.n ?? 0),
    late: Number(t?.late ?? 0),
    overdue: Number(t?.overdue ?? 0),
  };
}

/** One withdrawal with the member's name and fraud flag (console answers). */
export async function adminRow(db: Db, cashId: number): Promise<AdminCashRow | undefined> {
  const [r] = await db
    .select({
      row: macCash,
      user_name: sql<string>`coalesce(${macUser.user_name}, '')`,
      fraud_flag: sql<boolean>`coalesce(${promoPromoter.fraud_flag}, false)`,
      fraud_reason: sql<string>`coalesce(${promoPromoter.fraud_reason}, '')`,
    })
    .from(macCash)
    .leftJoin(macUser, eq(macUser.user_id, macCash.user_id))
    .leftJoin(promoPromoter, eq(promoPromoter.user_id, macCash.user_id))
    .where(eq(macCash.cash_id, cashId));
  return r
    ? { ...r.row, user_name: r.user_name, fraud_flag: Boolean(r.fraud_flag), fraud_reason: r.fraud_reason }
    : undefined;
}

/**
 * Claim the oldest approved withdrawal for payout: approved → paying in one statement (the row is picked with
 * FOR UPDATE SKIP LOCKED, so two workers never claim the same one), with the channel, the `out_biz_no` (`cash_ref`,
 * made by `outBizNo` from the row) and the next look. Undefined when none is approved.
 */
export async function claimApproved(
  tx: Db,
  channel: string,
  nextTry: Date,
  outBizNo: (cashId: number, previousRef: string) => string,
): Promise<CashRow | undefined> {
  const picked = rowsOf<{ cash_id: number; cash_ref: string }>(
    await tx.execute(sql`select cash_id, cash_ref from ${macCash} where cash_status = 'approved'
      order by cash_time_audit nulls first, cash_id limit 1 for update skip locked`),
  );
  const p = picked[0];
  if (!p) return undefined;
  return transition(tx, Number(p.cash_id), ['approved'], {
    cash_status: 'paying',
    cash_channel: channel,
    cash_ref: outBizNo(Number(p.cash_id), p.cash_ref),
    cash_attempts: sql`${macCash.cash_attempts} + 1` as unknown as number,
    cash_next_try: nextTry,
  });
}

/**
 * Claim one paying withdrawal due for a look (`cash_next_try <= now`) by moving its next look to `nextTry`
 * (guarded: two workers never look at the same row in the same round). Undefined when none is due.
 */
export async function claimDuePaying(tx: Db, now: Date, nextTry: Date): Promise<CashRow | undefined> {
  const picked = rowsOf<{ cash_id: number }>(
    await tx.execute(sql`select cash_id from ${macCash} where cash_status = 'paying'
      and cash_next_try <= ${now.toISOString()} order by cash_next_try, cash_id limit 1 for update skip locked`),
  );
  const p = picked[0];
  if (!p) return undefined;
  const [row] = await tx
    .update(macCash)
    .set({ cash_next_try: nextTry, cash_attempts: sql`${macCash.cash_attempts} + 1` })
    .where(
      and(eq(macCash.cash_id, Number(p.cash_id)), eq(macCash.cash_status, 'paying'), lte(macCash.cash_next_try, now)),
    )
    .returning();
  return row;
}

/** The member's withdrawals that are not paying or settled (account deletion returns them). */
export async function openOfUser(tx: Db, userId: number): Promise<CashRow[]> {
  return tx
    .select()
    .from(macCash)
    .where(
      and(
        eq(macCash.user_id, userId),
        notInArray(macCash.cash_status, ['paying', 'paid', 'rejected', 'failed', 'cancelled']),
      ),
    );
}
