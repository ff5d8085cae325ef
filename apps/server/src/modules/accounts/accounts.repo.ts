/**
 * Queries of the accounts module (mac_user, mac_group, user_session, mac_plog). Other modules go through
 * accounts.service.ts, never here (DESIGN.md §1). Every function takes a `Db` that may be a transaction handle.
 */
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountMerge, macGroup, macPlog, macUser, userSession } from '../../db/schema/index.ts';

export type UserRow = typeof macUser.$inferSelect;
export type GroupRow = typeof macGroup.$inferSelect;
export type NewUser = typeof macUser.$inferInsert;

/** A user by id (deleted users included), or undefined. */
export async function userById(db: Db, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(macUser).where(eq(macUser.user_id, userId));
  return row;
}

/** A user by exact user name (case-sensitive), or undefined. */
export async function userByName(db: Db, userName: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(macUser).where(eq(macUser.user_name, userName));
  return row;
}

/** A user by stored (normalised, 11-digit) phone, or undefined; '' never matches. */
export async function userByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  if (phone === '') return undefined;
  const [row] = await db.select().from(macUser).where(eq(macUser.user_phone, phone));
  return row;
}

/** A user by WeChat openid, or undefined; '' never matches. */
export async function userByOpenid(db: Db, openid: string): Promise<UserRow | undefined> {
  if (openid === '') return undefined;
  const [row] = await db.select().from(macUser).where(eq(macUser.user_openid_weixin, openid));
  return row;
}

/** An active (not disabled, not deleted) user owning this invitation code. */
export async function inviterByCode(db: Db, code: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(macUser)
    .where(and(eq(macUser.user_invite_code, code), eq(macUser.user_status, 1), isNull(macUser.user_deleted_at)));
  return row;
}

/** Insert a user unless a unique key (name, phone, openid, invitation code) is taken: then undefined. */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(macUser).values(values).onConflictDoNothing().returning();
  return row;
}

/** How many users registered from `ip` since `since` (the per-IP daily cap). */
export async function countRegistrationsSince(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(macUser)
    .where(and(eq(macUser.user_reg_ip, ip), gte(macUser.user_reg_time, since)));
  return Number(row?.n ?? 0);
}

/** A mac_group row, or undefined. */
export async function groupById(db: Db, groupId: number): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(macGroup).where(eq(macGroup.group_id, groupId));
  return row;
}

/** Every group, by id. */
export async function listGroups(db: Db): Promise<GroupRow[]> {
  return db.select().from(macGroup).orderBy(macGroup.group_id);
}

// ---- sessions ----

/** Store a session (the token's sha256 only). */
export async function insertSession(
  db: Db,
  s: { token_hash: string; user_id: number; device_id: string; now: Date; expires_at: Date },
) {
  await db.insert(userSession).values({
    token_hash: s.token_hash,
    user_id: s.user_id,
    device_id: s.device_id,
    created_at: s.now,
    last_seen_at: s.now,
    expires_at: s.expires_at,
  });
}

/** A session and its user by token hash (expiry and status are the caller's to check). */
export async function sessionWithUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: userSession, user: macUser })
    .from(userSession)
    .innerJoin(macUser, eq(macUser.user_id, userSession.user_id))
    .where(eq(userSession.token_hash, tokenHash));
  return row;
}

/** Move last_seen_at to `now` unless it was moved less than `minAgeMs` ago (one write a minute at most). */
export async function touchSession(db: Db, tokenHash: string, now: Date, minAgeMs: number) {
  await db
    .update(userSession)
    .set({ last_seen_at: now })
    .where(
      and(eq(userSession.token_hash, tokenHash), lt(userSession.last_seen_at, new Date(now.getTime() - minAgeMs))),
    );
}

/** End one session. */
export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(userSession).where(eq(userSession.token_hash, tokenHash));
}

/** End every session of a user. */
export async function deleteUserSessions(db: Db, userId: number) {
  await db.delete(userSession).where(eq(userSession.user_id, userId));
}

/** Drop a user's sessions that expired before `now`. */
export async function deleteExpiredSessions(db: Db, userId: number, now: Date) {
  await db.delete(userSession).where(and(eq(userSession.user_id, userId), lt(userSession.expires_at, now)));
}

// ---- points journal ----

/** Claim a journal key: the new row's id, or undefined when the key was used before (the replay). */
export async function claimPlog(
  db: Db,
  p: { user_id: number; plog_type: number; plog_points: number; plog_key: string; plog_remarks: string },
): Promise<number | undefined> {
  const [row] = await db
    .insert(macPlog)
    .values({ ...p, plog_balance: 0 })
    .onConflictDoNothing({ target: macPlog.plog_key })
    .returning({ plog_id: macPlog.plog_id });
  return row?.plog_id;
}

/** Guarded balance change: adds `points` only while the result stays >= 0. The new balance, or undefined. */
export async function addPoints(db: Db, userId: number, points: number): Promise<number | undefined> {
  const [row] = await db
    .update(macUser)
    .set({ user_points: sql`${macUser.user_points} + ${points}` })
    .where(and(eq(macUser.user_id, userId), sql`${macUser.user_points} + ${points} >= 0`))
    .returning({ user_points: macUser.user_points });
  return row?.user_points;
}

/** Write the balance after the change into the journal row claimed by {@link claimPlog}. */
export async function setPlogBalance(db: Db, plogId: number, balance: number) {
  await db.update(macPlog).set({ plog_balance: balance }).where(eq(macPlog.plog_id, plogId));
}

// ---- VIP expiry and deletion ----

/**
 * Users whose VIP has ended drop to group 2: group_id > 2 and 0 < user_end_time < now (seconds). An end time of 0
 * means "not set yet" (an operator moved the user to a VIP group without an end): left alone, never VIP.
 */
export async function expireVips(db: Db, nowSec: number, userId?: number): Promise<UserRow[]> {
  const where: SQL[] = [
    sql`${macUser.group_id} > 2`,
    sql`${macUser.user_end_time} > 0`,
    lt(macUser.user_end_time, nowSec),
  ];
  if (userId !== undefined) where.push(eq(macUser.user_id, userId));
  return db
    .update(macUser)
    .set({ group_id: 2 })
    .where(and(...where))
    .returning();
}

/** Users with a pending deletion requested at or before `before`. */
export async function pendingDeletions(db: Db, before: Date): Promise<UserRow[]> {
  return db
    .select()
    .from(macUser)
    .where(
      and(
        isNotNull(macUser.user_delete_requested_at),
        isNull(macUser.user_deleted_at),
        lt(macUser.user_delete_requested_at, before),
      ),
    )
    .orderBy(macUser.user_id);
}

// ---- console ----

export interface UserFilter {
  wd?: string;
  /** The group that applies: 1 the automatic guest accounts below VIP, 2 the other members, 3+ as stored. */
  group_id?: number;
  user_status?: number;
  deletion?: 'pending';
  /** 1: only automatic guest accounts, 0: only the others ({@link guestAccountSql}). */
  guest?: number;
}

/**
 * SQL twin of guest-account.ts `isGuestAccount`: no phone, and the name is the first 8 hex characters of
 * SHA-256(user_device_id) or of the 16-hex-character guest imei.
 */
export const guestAccountSql: SQL = sql`(${macUser.user_phone} = '' and (
  (${macUser.imei} ~ '^[0-9a-f]{16}$' and left(${macUser.imei}, 8) = ${macUser.user_name})
  or (${macUser.user_device_id} <> ''
    and left(encode(sha256(convert_to(${macUser.user_device_id}, 'UTF8')), 'hex'), 8) = ${macUser.user_name})))`;

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A page of users matching the console filters (newest first) and the total count. */
export async function listUsers(
  db: Db,
  f: UserFilter,
  page: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where: SQL[] = [];
  const wd = f.wd?.trim();
  if (wd) {
    const like = `%${escapeLike(wd)}%`;
    const text = or(
      ilike(macUser.user_name, like),
      ilike(macUser.user_nick_name, like),
      ilike(macUser.user_phone, like),
      ilike(macUser.user_invite_code, like),
    ) as SQL;
    where.push(/^\d{1,9}$/.test(wd) ? (or(eq(macUser.user_id, Number(wd)), text) as SQL) : text);
  }
  // By the group that applies (guest-account.ts quotaGroupOf): group 1 (guest) is never stored on a user
  // (research/maccms.md §1.2), so it lists the devices' automatic guest accounts below VIP, and group 2 the members
  // that are not such guests; a group from 3 up lists its users, guests or not.
  if (f.group_id === 1) where.push(lt(macUser.group_id, 3), guestAccountSql);
  else if (f.group_id === 2) where.push(eq(macUser.group_id, 2), sql`not ${guestAccountSql}`);
  else if (f.group_id !== undefined) where.push(eq(macUser.group_id, f.group_id));
  if (f.user_status !== undefined) where.push(eq(macUser.user_status, f.user_status));
  if (f.deletion === 'pending') {
    where.push(isNotNull(macUser.user_delete_requested_at), isNull(macUser.user_deleted_at));
  }
  if (f.guest === 1) where.push(guestAccountSql);
  if (f.guest === 0) where.push(sql`not ${guestAccountSql}`);
  const cond = where.length ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(macUser).where(cond);
  const rows = await db
    .select()
    .from(macUser)
    .where(cond)
    .orderBy(desc(macUser.user_id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Set columns of one user (profile edits, bindings, merges, console edits); nothing when `set` is empty. */
export async function updateUser(db: Db, userId: number, set: Partial<typeof macUser.$inferInsert>): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.update(macUser).set(set).where(eq(macUser.user_id, userId));
}

/** Record a sign-in on the user: `set` (login time, IP, imei) and one more `user_login_num`. */
export async function recordSignIn(db: Db, userId: number, set: Partial<typeof macUser.$inferInsert>): Promise<void> {
  await db
    .update(macUser)
    .set({ ...set, user_login_num: sql`${macUser.user_login_num} + 1` })
    .where(eq(macUser.user_id, userId));
}

/** Mark a deletion request at `at`, unless one is pending or the user is already deleted (the first time stays). */
export async function markDeletionRequested(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(macUser)
    .set({ user_delete_requested_at: at })
    .where(and(eq(macUser.user_id, userId), isNull(macUser.user_delete_requested_at), isNull(macUser.user_deleted_at)));
}

/** Withdraw a pending deletion request of a user not yet deleted. */
export async function clearDeletionRequest(db: Db, userId: number): Promise<void> {
  await db
    .update(macUser)
    .set({ user_delete_requested_at: null })
    .where(and(eq(macUser.user_id, userId), isNull(macUser.user_deleted_at)));
}

/**
 * Anonymise a user whose deletion was requested at `requestedAt` (spec §4 "Account deletion"): user_name
 * `deleted_<id>`, personal columns cleared, user_status 0, user_deleted_at `now`. Returns false when the request was
 * withdrawn or replaced meanwhile, or the user is already deleted (nothing changed).
 */
export async function anonymiseUser(tx: Db, userId: number, requestedAt: Date, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(macUser)
    .set({
      user_name: `deleted_${userId}`,
      user_pwd: '',
      user_nick_name: '',
      user_portrait: '',
      user_gender: 0,
      user_birthday: '',
      user_phone: '',
      user_openid_weixin: '',
      imei: '',
      user_device_id: '',
      user_reg_ip: '',
      user_login_ip: '',
      user_status: 0,
      user_deleted_at: now,
    })
    .where(
      and(
        eq(macUser.user_id, userId),
        eq(macUser.user_delete_requested_at, requestedAt),
        isNull(macUser.user_deleted_at),
      ),
    )
    .returning({ user_id: macUser.user_id });
  return Boolean(row);
}

/** Serialise the sign-ups from one address until `tx` ends (a transaction-level advisory lock on the IP). */
export async function lockRegistrationIp(tx: Db, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reg:ip:${ip}`}))`);
}

/** Create a group; returns its row. */
export async function insertGroup(db: Db, values: typeof macGroup.$inferInsert) {
  const [row] = await db.insert(macGroup).values(values).returning();
  if (!row) throw new Error('group insert returned nothing');
  return row;
}

/** Set columns of one group; nothing when `set` is empty. */
export async function updateGroup(db: Db, groupId: number, set: Partial<typeof macGroup.$inferInsert>): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.update(macGroup).set(set).where(eq(macGroup.group_id, groupId));
}

/** A session row by its token hash (any state), or undefined. */
export async function sessionByHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(userSession).where(eq(userSession.token_hash, tokenHash));
  return row;
}

/** Lock users `ids` (FOR UPDATE, in id order so that two merges the other way round cannot deadlock); their rows. */
export async function lockUsers(tx: Db, ids: number[]): Promise<UserRow[]> {
  return tx.select().from(macUser).where(inArray(macUser.user_id, ids)).orderBy(macUser.user_id).for('update');
}

/** Claim a guest merge by its key (account_merge); false when that merge was claimed before. */
export async function claimMerge(tx: Db, key: string, guestId: number, targetId: number): Promise<boolean> {
  const [claimed] = await tx
    .insert(accountMerge)
    .values({ merge_key: key, guest_id: guestId, target_id: targetId })
    .onConflictDoNothing({ target: accountMerge.merge_key })
    .returning({ merge_id: accountMerge.merge_id });
  return Boolean(claimed);
}

/** Store what a claimed merge moved. */
export async function recordMergeMoved(tx: Db, key: string, moved: Record<string, number>): Promise<void> {
  await tx.update(accountMerge).set({ moved }).where(eq(accountMerge.merge_key, key));
}
