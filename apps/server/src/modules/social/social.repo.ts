/**
 * SQL of the social module (db/schema/social.ts): follows (`mac_user_follow`), likes of titles (`mac_vod_digg`
 * with `mac_vod.vod_up`) and short links (`mac_short_url`), plus the public reads of `mac_user` / `mac_group` a
 * homepage shows. Every function takes `db`, which may be a transaction.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { macGroup, macShortUrl, macUser, macUserFollow, macVod, macVodDigg } from '../../db/schema/index.ts';

/** A member's public card (null fields of a missing group read as ''). */
export interface CardRow {
  user_id: number;
  user_name: string;
  user_nick_name: string;
  user_portrait: string;
  group_id: number;
  group_name: string | null;
}

const cardColumns = {
  user_id: macUser.user_id,
  user_name: macUser.user_name,
  user_nick_name: macUser.user_nick_name,
  user_portrait: macUser.user_portrait,
  group_id: macUser.group_id,
  group_name: macGroup.group_name,
};

/** The public card of a member not deleted, or undefined. */
export async function liveUserCard(db: Db, userId: number): Promise<CardRow | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(macUser)
    .leftJoin(macGroup, eq(macGroup.group_id, macUser.group_id))
    .where(and(eq(macUser.user_id, userId), isNull(macUser.user_deleted_at)));
  return row;
}

/** `attent` (members `userId` follows) and `fan` (members following `userId`). */
export async function followCounts(db: Db, userId: number): Promise<{ attent: number; fan: number }> {
  const [a] = await db.select({ n: count() }).from(macUserFollow).where(eq(macUserFollow.user_id, userId));
  const [f] = await db.select({ n: count() }).from(macUserFollow).where(eq(macUserFollow.follow_user_id, userId));
  return { attent: Number(a?.n ?? 0), fan: Number(f?.n ?? 0) };
}

/** Whether `userId` follows `targetId`. */
export async function isFollowing(db: Db, userId: number, targetId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: macUserFollow.follow_id })
    .from(macUserFollow)
    .where(and(eq(macUserFollow.user_id, userId), eq(macUserFollow.follow_user_id, targetId)));
  return Boolean(row);
}

/** Add the follow; false when it already existed (the unique pair decides under concurrency). */
export async function insertFollow(db: Db, userId: number, targetId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(macUserFollow)
    .values({ user_id: userId, follow_user_id: targetId, follow_time: now })
    .onConflictDoNothing()
    .returning({ id: macUserFollow.follow_id });
  return rows.length > 0;
}

/** Remove the follow; false when there was none. */
export async function deleteFollow(db: Db, userId: number, targetId: number): Promise<boolean> {
  const rows = await db
    .delete(macUserFollow)
    .where(and(eq(macUserFollow.user_id, userId), eq(macUserFollow.follow_user_id, targetId)))
    .returning({ id: macUserFollow.follow_id });
  return rows.length > 0;
}

/**
 * A page of `userId`'s follows (`attention`: the members followed) or fans (`fan`: the members following), newest
 * first, each with whether `userId` follows that member; deleted members left out.
 */
export async function followPage(
  db: Db,
  userId: number,
  type: 'attention' | 'fan',
  limit: number,
  offset: number,
): Promise<{ rows: (CardRow & { follow_time: Date; is_follow: boolean })[]; total: number }> {
  const mine = type === 'attention' ? macUserFollow.user_id : macUserFollow.follow_user_id;
  const other = type === 'attention' ? macUserFollow.follow_user_id : macUserFollow.user_id;
  const where = and(eq(mine, userId), isNull(macUser.user_deleted_at));
  const isFollow =
    type === 'attention'
      ? sql<boolean>`true`
      : sql<boolean>`exists (select 1 from ${macUserFollow} f2 where f2.user_id = ${userId} and f2.follow_user_id = ${macUserFollow.user_id})`;
  const rows = await db
    .select({ ...cardColumns, follow_time: macUserFollow.follow_time, is_follow: isFollow })
    .from(macUserFollow)
    .innerJoin(macUser, eq(macUser.user_id, other))
    .leftJoin(macGroup, eq(macGroup.group_id, macUser.group_id))
    .where(where)
    .orderBy(desc(macUserFollow.follow_id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(macUserFollow)
    .innerJoin(macUser, eq(macUser.user_id, other))
    .where(where);
  return { rows: rows.map((r) => ({ ...r, is_follow: Boolean(r.is_follow) })), total: Number(total?.n ?? 0) };
}

/** Remove every follow of `userId`, both ways (account deletion). */
export async function deleteFollowsOf(db: Db, userId: number): Promise<void> {
  await db.delete(macUserFollow).where(eq(macUserFollow.user_id, userId));
  await db.delete(macUserFollow).where(eq(macUserFollow.follow_user_id, userId));
}

// ---------------------------------------------------------------------------------------------------------------
// Likes of titles

/** `vod_up` of a title, or undefined when there is no such title. */
export async function vodUp(db: Db, vodId: number): Promise<number | undefined> {
  const [row] = await db.select({ up: macVod.vod_up }).from(macVod).where(eq(macVod.vod_id, vodId));
  return row?.up;
}

/** Whether `userId` likes `vodId`. */
export async function hasDigg(db: Db, vodId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ v: macVodDigg.vod_id })
    .from(macVodDigg)
    .where(and(eq(macVodDigg.vod_id, vodId), eq(macVodDigg.user_id, userId)));
  return Boolean(row);
}

/**
 * Like (`on`) or unlike `vodId` as `userId` inside `tx`: the like row is added or removed (the primary key
 * decides between concurrent calls) and `vod_up` moves by one only when it was; answers the new `vod_up`.
 */
export async function setDigg(tx: Db, vodId: number, userId: number, on: boolean, now: Date): Promise<number> {
  const changed = on
    ? await tx
        .insert(macVodDigg)
        .values({ vod_id: vodId, user_id: userId, digg_time: now })
        .onConflictDoNothing()
        .returning({ v: macVodDigg.vod_id })
    : await tx
        .delete(macVodDigg)
        .where(and(eq(macVodDigg.vod_id, vodId), eq(macVodDigg.user_id, userId)))
        .returning({ v: macVodDigg.vod_id });
  if (changed.length === 0) return (await vodUp(tx, vodId)) ?? 0;
  const [row] = await tx
    .update(macVod)
    .set({ vod_up: on ? sql`${macVod.vod_up} + 1` : sql`greatest(${macVod.vod_up} - 1, 0)` })
    .where(eq(macVod.vod_id, vodId))
    .returning({ up: macVod.vod_up });
  return row?.up ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Short links

/** The code of an app page already shortened, or undefined. */
export async function shortCodeOf(db: Db, path: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: macShortUrl.short_code })
    .from(macShortUrl)
    .where(eq(macShortUrl.short_path, path));
  return row?.code;
}

/** Store `code` for `path`; false when the code or the path is taken (the caller reads or retries). */
export async function insertShort(db: Db, code: string, path: string, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(macShortUrl)
    .values({ short_code: code, short_path: path, user_id: userId, short_time: now })
    .onConflictDoNothing()
    .returning({ code: macShortUrl.short_code });
  return rows.length > 0;
}

/** Count an open of `code`; its app page, or undefined for an unknown code. */
export async function openShort(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db
    .update(macShortUrl)
    .set({ short_opens: sql`${macShortUrl.short_opens} + 1` })
    .where(eq(macShortUrl.short_code, code))
    .returning({ path: macShortUrl.short_path });
  return row?.path;
}

/** Opens of `code` (tests, the console). */
export async function shortOpens(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ n: macShortUrl.short_opens })
    .from(macShortUrl)
    .where(eq(macShortUrl.short_code, code));
  return row?.n;
}
