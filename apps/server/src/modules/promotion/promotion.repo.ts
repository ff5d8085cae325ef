/**
 * SQL of the promotion module (db/schema/promotion.ts): levels and tiers, promoters, cap counters, earnings,
 * link visits and fraud signals, plus the reads of `mac_user` (inviter chain `user_pid`, `user_pid_2`,
 * `user_pid_3`) and of the ledger's balances the screens and the console show. Balances are written only by the
 * ledger (modules/ledger). Every function takes `db`, which may be a transaction.
 *
 * Counter kinds (`promo_counter.kind`): `active` (user = invitee, period = operator day: seen active that day, the
 * activity record itself), `invitee_day` (user = invitee, period = day: fen earned for its inviters),
 * `invitee_total` (user = invitee, period 'all'), `reg` (user = promoter, period = day: registration rewards paid).
 */
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.ts';
import type { Db } from '../../db/client.ts';
import {
  ledgerAccount,
  ledgerEntry,
  macUser,
  macVisit,
  promoCounter,
  promoEarning,
  promoLevel,
  promoPromoter,
  promoSignal,
  promoTier,
} from '../../db/schema/index.ts';

export type LevelRow = typeof promoLevel.$inferSelect;
export type TierRow = typeof promoTier.$inferSelect;
export type PromoterRow = typeof promoPromoter.$inferSelect;
export type EarningRow = typeof promoEarning.$inferSelect;
export type SignalRow = typeof promoSignal.$inferSelect;
export type NewEarning = typeof promoEarning.$inferInsert;

// ---------------------------------------------------------------------------------------------------------------
// Levels and tiers

/** Every level, lowest first (min_qualified, then level_sort, then id). */
export function listLevels(db: Db): Promise<LevelRow[]> {
  return db
    .select()
    .from(promoLevel)
    .orderBy(asc(promoLevel.min_qualified), asc(promoLevel.level_sort), asc(promoLevel.level_id));
}

/** Replace the level list: rows with a known `level_id` are updated, others inserted, the rest deleted. */
export async function replaceLevels(
  tx: Db,
  rows: (Omit<typeof promoLevel.$inferInsert, 'level_id'> & { level_id?: number | undefined })[],
): Promise<void> {
  const keep: number[] = [];
  for (const { level_id, ...r } of rows) {
    if (level_id) {
      const [u] = await tx
        .update(promoLevel)
        .set(r)
        .where(eq(promoLevel.level_id, level_id))
        .returning({ id: promoLevel.level_id });
      if (u) {
        keep.push(u.id);
        continue;
      }
    }
    const [ins] = await tx.insert(promoLevel).values(r).returning({ id: promoLevel.level_id });
    if (ins) keep.push(ins.id);
  }
  await tx.delete(promoLevel).where(keep.length ? sql`${promoLevel.level_id} not in ${keep}` : sql`true`);
}

export function listTiers(db: Db): Promise<TierRow[]> {
  return db.select().from(promoTier).orderBy(asc(promoTier.invites));
}

/** Replace the tier list (tiers are keyed by `invites`, unique). */
export async function replaceTiers(tx: Db, rows: (typeof promoTier.$inferInsert)[]): Promise<void> {
  await tx.delete(promoTier);
  if (rows.length) await tx.insert(promoTier).values(rows);
}

// ---------------------------------------------------------------------------------------------------------------
// Users and promoters

export type InviterRow = Pick<
  typeof macUser.$inferSelect,
  | 'user_id'
  | 'user_name'
  | 'user_nick_name'
  | 'user_phone'
  | 'user_pid'
  | 'user_pid_2'
  | 'user_pid_3'
  | 'user_reg_ip'
  | 'user_device_id'
  | 'user_invite_code'
  | 'user_reg_time'
>;
const userCols = {
  user_id: macUser.user_id,
  user_name: macUser.user_name,
  user_nick_name: macUser.user_nick_name,
  user_phone: macUser.user_phone,
  user_pid: macUser.user_pid,
  user_pid_2: macUser.user_pid_2,
  user_pid_3: macUser.user_pid_3,
  user_reg_ip: macUser.user_reg_ip,
  user_device_id: macUser.user_device_id,
  user_invite_code: macUser.user_invite_code,
  user_reg_time: macUser.user_reg_time,
};

export async function userById(db: Db, userId: number): Promise<InviterRow | undefined> {
  const [row] = await db.select(userCols).from(macUser).where(eq(macUser.user_id, userId));
  return row;
}

/** The user of an invitation code (case-insensitive; codes are stored upper-case). */
export async function userByCode(db: Db, code: string): Promise<InviterRow | undefined> {
  const [row] = await db.select(userCols).from(macUser).where(eq(macUser.user_invite_code, code.toUpperCase()));
  return row;
}

/** Make the promoter row of `userId` when it has none. */
export async function ensurePromoter(db: Db, userId: number): Promise<void> {
  await db.insert(promoPromoter).values({ user_id: userId }).onConflictDoNothing();
}

export async function promoterOf(db: Db, userId: number): Promise<PromoterRow | undefined> {
  const [row] = await db.select().from(promoPromoter).where(eq(promoPromoter.user_id, userId));
  return row;
}

/** One more direct invitee of `userId` (the row is made when missing). */
export async function addInvitee(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .insert(promoPromoter)
    .values({ user_id: userId, invitees: 1, updated_at: now })
    .onConflictDoUpdate({
      target: promoPromoter.user_id,
      set: { invitees: sql`${promoPromoter.invitees} + 1`, updated_at: now },
    });
}

/** Store the computed standing (qualified count, level) of `userId`. */
export async function setStanding(db: Db, userId: number, qualified: number, levelId: number, now: Date) {
  await db
    .insert(promoPromoter)
    .values({ user_id: userId, qualified, level_id: levelId, updated_at: now })
    .onConflictDoUpdate({
      target: promoPromoter.user_id,
      set: { qualified, level_id: levelId, updated_at: now },
    });
}

export async function setFlag(db: Db, userId: number, flag: boolean, reason: string, now: Date) {
  await db
    .insert(promoPromoter)
    .values({ user_id: userId, fraud_flag: flag, fraud_reason: reason, flagged_at: flag ? now : null })
    .onConflictDoUpdate({
      target: promoPromoter.user_id,
      set: { fraud_flag: flag, fraud_reason: reason, flagged_at: flag ? now : null, updated_at: now },
    });
}

export async function setAgent(db: Db, userId: number, isAgent: boolean, now: Date) {
  await db
    .insert(promoPromoter)
    .values({ user_id: userId, is_agent: isAgent })
    .onConflictDoUpdate({ target: promoPromoter.user_id, set: { is_agent: isAgent, updated_at: now } });
}

/** Store the direct invitee count of `userId` (the row exists: {@link setStanding} made it). */
export async function setInvitees(db: Db, userId: number, invitees: number): Promise<void> {
  await db.update(promoPromoter).set({ invitees }).where(eq(promoPromoter.user_id, userId));
}

/** The points balance of `userId` (mac_user.user_points). */
export async function userPoints(db: Db, userId: number): Promise<number> {
  const [r] = await db.select({ p: macUser.user_points }).from(macUser).where(eq(macUser.user_id, userId));
  return r?.p ?? 0;
}

/** Direct invitees of `userId` (registered members, guests included). */
export async function countInvitees(db: Db, userId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(macUser).where(eq(macUser.user_pid, userId));
  return r?.n ?? 0;
}

/** Direct invitees of `userId` with a phone bound and at least one active day (the level's "qualified"). */
export async function countQualified(db: Db, userId: number): Promise<number> {
  const r = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from mac_user u
      where u.user_pid = ${userId} and u.user_phone <> ''
        and exists (select 1 from promo_counter c where c.user_id = u.user_id and c.kind = 'active')`),
  );
  return Number(r[0]?.n ?? 0);
}

/** Direct invitees of `userId` seen active on an operator day in [fromDay, toDay]. */
export async function countActiveInvitees(db: Db, userId: number, fromDay: string, toDay: string): Promise<number> {
  const r = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(distinct c.user_id)::int as n from promo_counter c
      join mac_user u on u.user_id = c.user_id
      where u.user_pid = ${userId} and c.kind = 'active' and c.period between ${fromDay} and ${toDay}`),
  );
  return Number(r[0]?.n ?? 0);
}

/** Whether `userId` was ever seen active (the `active` counter of any day). */
export async function everActive(db: Db, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ n: sql<number>`1` })
    .from(promoCounter)
    .where(and(eq(promoCounter.user_id, userId), eq(promoCounter.kind, 'active')))
    .limit(1);
  return r !== undefined;
}

const PID_COLUMN = { 1: macUser.user_pid, 2: macUser.user_pid_2, 3: macUser.user_pid_3 } as const;
const PID_NAME = { 1: 'user_pid', 2: 'user_pid_2', 3: 'user_pid_3' } as const;

/** Invitees of `userId` at `depth`, newest first, with what each earned `userId` (not reversed) and qualification. */
export async function inviteesPage(db: Db, userId: number, depth: 1 | 2 | 3, page: number, limit: number) {
  const col = PID_COLUMN[depth];
  const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(macUser).where(eq(col, userId));
  const list = rowsOf<{
    user_id: number;
    user_name: string;
    user_nick_name: string;
    user_reg_time: Date | string;
    user_reg_ip: string;
    qualified: boolean;
    earned_fen: number;
  }>(
    await db.execute(sql`
      select u.user_id, u.user_name, u.user_nick_name, u.user_reg_time, u.user_reg_ip,
        (u.user_phone <> '' and exists (select 1 from promo_counter c where c.user_id = u.user_id and c.kind = 'active'))
          as qualified,
        coalesce((select sum(e.amount_fen) from promo_earning e
          where e.user_id = ${userId} and e.invitee_id = u.user_id and e.status <> 'reversed'), 0)::int as earned_fen
      from mac_user u where ${sql.raw(`u.${PID_NAME[depth]}`)} = ${userId}
      order by u.user_id desc limit ${limit} offset ${(page - 1) * limit}`),
  );
  return { list, total: t?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// Counters

/** Lock (making it when missing) the counter of (user, kind, period); returns its values. */
export async function lockCounter(tx: Db, userId: number, kind: string, period: string) {
  await tx.insert(promoCounter).values({ user_id: userId, kind, period }).onConflictDoNothing();
  const r = rowsOf<{ count: number; fen: number }>(
    await tx.execute(sql`
      select count, fen from promo_counter
      where user_id = ${userId} and kind = ${kind} and period = ${period} for update`),
  );
  return { count: Number(r[0]?.count ?? 0), fen: Number(r[0]?.fen ?? 0) };
}

/** Add to a counter locked by {@link lockCounter}. */
export async function addToCounter(tx: Db, userId: number, kind: string, period: string, count: number, fen: number) {
  await tx
    .update(promoCounter)
    .set({ count: sql`${promoCounter.count} + ${count}`, fen: sql`${promoCounter.fen} + ${fen}` })
    .where(and(eq(promoCounter.user_id, userId), eq(promoCounter.kind, kind), eq(promoCounter.period, period)));
}

/** Record `userId` active on `day`; true when this is the day's first record. */
export async function claimActiveDay(db: Db, userId: number, day: string): Promise<boolean> {
  const rows = await db
    .insert(promoCounter)
    .values({ user_id: userId, kind: 'active', period: day, count: 1 })
    .onConflictDoNothing()
    .returning({ user_id: promoCounter.user_id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Earnings

export async function earningByKey(db: Db, key: string): Promise<EarningRow | undefined> {
  const [row] = await db.select().from(promoEarning).where(eq(promoEarning.idem_key, key));
  return row;
}

/** Insert an earning unless its `idem_key` exists; the new row, or undefined on a replay. */
export async function insertEarning(db: Db, row: NewEarning): Promise<EarningRow | undefined> {
  const [r] = await db.insert(promoEarning).values(row).onConflictDoNothing().returning();
  return r;
}

/** Ids of pending earnings due at `now` (of one user when given), oldest first. */
export async function dueEarnings(db: Db, now: Date, limit: number, userId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: promoEarning.earning_id })
    .from(promoEarning)
    .where(
      and(
        eq(promoEarning.status, 'pending'),
        lte(promoEarning.available_at, now),
        userId === undefined ? undefined : eq(promoEarning.user_id, userId),
      ),
    )
    .orderBy(asc(promoEarning.available_at))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** pending → available for one earning (guarded); the row when this call moved it. */
export async function markReleased(tx: Db, id: number, now: Date): Promise<EarningRow | undefined> {
  const [r] = await tx
    .update(promoEarning)
    .set({ status: 'available', released_at: now })
    .where(and(eq(promoEarning.earning_id, id), eq(promoEarning.status, 'pending')))
    .returning();
  return r;
}

/** The earning `id`, locked for this transaction. */
export async function lockEarning(tx: Db, id: number): Promise<EarningRow | undefined> {
  const [r] = await tx.select().from(promoEarning).where(eq(promoEarning.earning_id, id)).for('update');
  return r;
}

export async function markReversed(tx: Db, id: number, from: string, reason: string, now: Date) {
  const [r] = await tx
    .update(promoEarning)
    .set({ status: 'reversed', reversed_at: now, reverse_reason: reason })
    .where(and(eq(promoEarning.earning_id, id), eq(promoEarning.status, from)))
    .returning();
  return r;
}

/** Earnings of `userId` (one status when given), newest first, with the invitee's names. */
export async function earningsPage(db: Db, userId: number, page: number, limit: number, status?: string) {
  const where = and(eq(promoEarning.user_id, userId), status ? eq(promoEarning.status, status) : undefined);
  const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(promoEarning).where(where);
  const list = await db
    .select({
      e: promoEarning,
      user_name: macUser.user_name,
      user_nick_name: macUser.user_nick_name,
    })
    .from(promoEarning)
    .leftJoin(macUser, eq(macUser.user_id, promoEarning.invitee_id))
    .where(where)
    .orderBy(desc(promoEarning.created_at), desc(promoEarning.earning_id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { list, total: t?.n ?? 0 };
}

/** Fen of `userId`'s earnings by status. */
export async function earningSums(db: Db, userId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: promoEarning.status, fen: sql<number>`coalesce(sum(${promoEarning.amount_fen}), 0)::int` })
    .from(promoEarning)
    .where(eq(promoEarning.user_id, userId))
    .groupBy(promoEarning.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.fen)]));
}

/** Move every earning of `fromUser` to `toUser` (a guest merged into an account takes its balances along). */
export async function moveEarnings(tx: Db, fromUser: number, toUser: number): Promise<number> {
  const rows = await tx
    .update(promoEarning)
    .set({ user_id: toUser })
    .where(eq(promoEarning.user_id, fromUser))
    .returning({ id: promoEarning.earning_id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Visits

/** Count one visit (unique per promoter, IP, day); the new visit id, or undefined when already counted. */
export async function insertVisit(db: Db, row: typeof macVisit.$inferInsert): Promise<number | undefined> {
  const [r] = await db.insert(macVisit).values(row).onConflictDoNothing().returning({ id: macVisit.visit_id });
  return r?.id;
}

export async function countVisits(db: Db, userId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(macVisit).where(eq(macVisit.user_id, userId));
  return r?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Fraud signals

/** Record a signal unless one of (user, kind, invitee) exists. */
export async function insertSignal(db: Db, row: typeof promoSignal.$inferInsert): Promise<boolean> {
  const r = await db.insert(promoSignal).values(row).onConflictDoNothing().returning({ id: promoSignal.signal_id });
  return r.length > 0;
}

/** Direct invitees of `userId` registered since `since` from `ip` / on device `deviceId`. */
export async function countInviteesFrom(
  db: Db,
  userId: number,
  field: 'ip' | 'device',
  value: string,
  since: Date,
): Promise<number> {
  const col = field === 'ip' ? macUser.user_reg_ip : macUser.user_device_id;
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(macUser)
    .where(and(eq(macUser.user_pid, userId), eq(col, value), sql`${macUser.user_reg_time} >= ${since}`));
  return r?.n ?? 0;
}

export function signalsOf(db: Db, userId: number): Promise<SignalRow[]> {
  return db
    .select()
    .from(promoSignal)
    .where(eq(promoSignal.user_id, userId))
    .orderBy(desc(promoSignal.signal_id))
    .limit(200);
}

export async function clearSignal(db: Db, id: number, adminId: number, now: Date): Promise<boolean> {
  const r = await db
    .update(promoSignal)
    .set({ cleared_at: now, cleared_by: adminId })
    .where(and(eq(promoSignal.signal_id, id), isNull(promoSignal.cleared_at)))
    .returning({ id: promoSignal.signal_id });
  return r.length > 0;
}

/** Invitees registered in [from, before) with no active day: (promoter, invitee). */
export async function inactiveInvitees(db: Db, from: Date, before: Date) {
  return rowsOf<{ user_id: number; invitee_id: number; reg_time: Date | string }>(
    await db.execute(sql`
      select u.user_pid as user_id, u.user_id as invitee_id, u.user_reg_time as reg_time from mac_user u
      where u.user_pid > 0 and u.user_reg_time >= ${from} and u.user_reg_time < ${before}
        and not exists (select 1 from promo_counter c where c.user_id = u.user_id and c.kind = 'active')
      limit 5000`),
  );
}

/** Invitees whose withdrawal account is their inviter's: (promoter, invitee, account). */
export async function sharedAccounts(db: Db) {
  return rowsOf<{ user_id: number; invitee_id: number; cash_account: string }>(
    await db.execute(sql`
      select u.user_pid as user_id, u.user_id as invitee_id, pi.cash_account from mac_user u
      join promo_promoter pi on pi.user_id = u.user_id and pi.cash_account <> ''
      join promo_promoter pp on pp.user_id = u.user_pid and pp.cash_account = pi.cash_account
      limit 5000`),
  );
}

/** Invitation cycles: a user invited (at any depth up to 3) by one of its own invitees. */
export async function inviteCycles(db: Db) {
  return rowsOf<{ user_id: number; invitee_id: number }>(
    await db.execute(sql`
      select a.user_id, b.user_id as invitee_id from mac_user a
      join mac_user b on b.user_pid = a.user_id
      where a.user_pid = b.user_id or a.user_pid_2 = b.user_id or a.user_pid_3 = b.user_id
      limit 5000`),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Console

/** The ledger's promotion balances of `userIds` (earn_pending, cash_fen), by user. */
export async function promoBalances(db: Db, userIds: number[]) {
  if (!userIds.length) return new Map<number, { pending: number; available: number }>();
  const rows = await db
    .select()
    .from(ledgerAccount)
    .where(and(inArray(ledgerAccount.user_id, userIds), inArray(ledgerAccount.asset, ['earn_pending', 'cash_fen'])));
  const out = new Map<number, { pending: number; available: number }>();
  for (const r of rows) {
    const b = out.get(r.user_id) ?? { pending: 0, available: 0 };
    if (r.asset === 'earn_pending') b.pending = Number(r.balance);
    else b.available = Number(r.balance);
    out.set(r.user_id, b);
  }
  return out;
}

/** Promoters (users with a promoter row), newest activity first; `q` matches id, name or code. */
export async function promoterPage(db: Db, q: { q?: string; flagged?: boolean; page: number; limit: number }) {
  const term = q.q?.trim();
  const where = and(
    q.flagged === undefined ? undefined : eq(promoPromoter.fraud_flag, q.flagged),
    term
      ? or(
          /^\d+$/.test(term) ? eq(macUser.user_id, Number(term)) : undefined,
          sql`${macUser.user_name} ilike ${`%${term.replace(/[%_\\]/g, '\\$&')}%`}`,
          eq(macUser.user_invite_code, term.toUpperCase()),
        )
      : undefined,
  );
  const [t] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promoPromoter)
    .innerJoin(macUser, eq(macUser.user_id, promoPromoter.user_id))
    .where(where);
  const list = await db
    .select({
      p: promoPromoter,
      user_name: macUser.user_name,
      user_invite_code: macUser.user_invite_code,
      earned_fen: sql<number>`coalesce((select sum(e.amount_fen) from promo_earning e
        where e.user_id = ${promoPromoter.user_id} and e.status <> 'reversed'), 0)::int`,
      signals: sql<number>`(select count(*) from promo_signal s
        where s.user_id = ${promoPromoter.user_id} and s.cleared_at is null)::int`,
    })
    .from(promoPromoter)
    .innerJoin(macUser, eq(macUser.user_id, promoPromoter.user_id))
    .where(where)
    .orderBy(desc(promoPromoter.updated_at), desc(promoPromoter.user_id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { list, total: t?.n ?? 0 };
}

/** Latest earnings of `userId` for the console (with invitee names). */
export async function latestEarnings(db: Db, userId: number, limit: number) {
  return (await earningsPage(db, userId, 1, limit)).list;
}

/**
 * Fen by operator day (in `timeZone`) over [from, to]: created (earned), still pending, released and reversed on
 * that day, and the count of earnings created.
 */
export async function reportByDay(db: Db, from: string, to: string, timeZone: string) {
  const day = (col: string) => sql.raw(`to_char((${col} at time zone '${timeZone.replace(/'/g, '')}'), 'YYYY-MM-DD')`);
  return rowsOf<{
    day: string;
    earned_fen: number;
    pending_fen: number;
    released_fen: number;
    reversed_fen: number;
    withdrawn_fen: number;
    paid_fen: number;
    count: number;
  }>(
    // Withdrawn: the first reservation of each withdrawal (modules/cash posts `cash:<id>:reserve:frozen`; a retried
    // payout's new reservation is not a new request); paid out: the `cash_paid` journal.
    await db.execute(sql`
      with ev as (
        select ${day('created_at')} as day, amount_fen as earned, case when status = 'pending' then amount_fen else 0 end as pending,
          0 as released, 0 as reversed, 0 as withdrawn, 0 as paid, 1 as n from promo_earning
        union all
        select ${day('released_at')}, 0, 0, amount_fen, 0, 0, 0, 0 from promo_earning where released_at is not null
        union all
        select ${day('reversed_at')}, 0, 0, 0, amount_fen, 0, 0, 0 from promo_earning where reversed_at is not null
        union all
        select ${day('created_at')}, 0, 0, 0, 0, amount, 0, 0 from ledger_entry
          where asset = 'cash_frozen' and kind = 'cash_reserve' and idem_key like 'cash:%:reserve:frozen'
        union all
        select ${day('created_at')}, 0, 0, 0, 0, 0, amount, 0 from ledger_entry where asset = 'cash_paid'
      )
      select day, sum(earned)::int as earned_fen, sum(pending)::int as pending_fen, sum(released)::int as released_fen,
        sum(reversed)::int as reversed_fen, sum(withdrawn)::int as withdrawn_fen, sum(paid)::int as paid_fen,
        sum(n)::int as count
      from ev where day between ${from} and ${to} group by day order by day`),
  );
}

/** Sums over every member: earn_pending, cash_fen and cash_frozen balances, and every fen paid out (cash_paid). */
export async function totalBalances(
  db: Db,
): Promise<{ pending: number; available: number; frozen: number; paid: number }> {
  const rows = await db
    .select({ asset: ledgerAccount.asset, n: sql<number>`coalesce(sum(${ledgerAccount.balance}), 0)::bigint` })
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.asset, ['earn_pending', 'cash_fen', 'cash_frozen']))
    .groupBy(ledgerAccount.asset);
  const [paid] = await db
    .select({ n: sql<number>`coalesce(sum(${ledgerEntry.amount}), 0)::bigint` })
    .from(ledgerEntry)
    .where(eq(ledgerEntry.asset, 'cash_paid'));
  const get = (a: string) => Number(rows.find((r) => r.asset === a)?.n ?? 0);
  return {
    pending: get('earn_pending'),
    available: get('cash_fen'),
    frozen: get('cash_frozen'),
    paid: Number(paid?.n ?? 0),
  };
}
