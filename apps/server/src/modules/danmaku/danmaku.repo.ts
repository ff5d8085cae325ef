/**
 * SQL of the danmaku module: danmaku (`danmaku`; `barrage_time_ms` is the playback time in milliseconds, status 1
 * shown, 0 removed) and the operator's blocks of senders (`danmaku_block`). Reads for the console join `mac_vod`
 * (the title's name) and `mac_user` (the blocked user's name).
 */
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { danmaku, danmakuBlock, macUser, macVod } from '../../db/schema/index.ts';

export type DanmakuRow = typeof danmaku.$inferSelect;
export type DanmakuInsert = typeof danmaku.$inferInsert;

/** `%`, `_` and `\` escaped for ILIKE. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Shown danmaku of an episode (`vod_id` + `nid`, every line). */
const episodeWhere = (vodId: number, nid: number) =>
  and(eq(danmaku.vod_id, vodId), eq(danmaku.nid, nid), eq(danmaku.status, 1));

/**
 * One page of the newest shown danmaku of an episode (`offset` and `limit` in rows, newest first) and how many it
 * has in all.
 */
export async function episodePage(db: Db, q: { vodId: number; nid: number; limit: number; offset: number }) {
  const where = episodeWhere(q.vodId, q.nid);
  const rows = await db
    .select({
      barrage_id: danmaku.barrage_id,
      barrage_time_ms: danmaku.barrage_time_ms,
      barrage_text: danmaku.barrage_text,
      barrage_color: danmaku.barrage_color,
    })
    .from(danmaku)
    .where(where)
    .orderBy(desc(danmaku.barrage_id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: count() }).from(danmaku).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Whether the operator blocked `userId` from sending. */
export async function isBlocked(db: Db, userId: number): Promise<boolean> {
  const [blocked] = await db
    .select({ user_id: danmakuBlock.user_id })
    .from(danmakuBlock)
    .where(eq(danmakuBlock.user_id, userId));
  return blocked !== undefined;
}

/**
 * Save a danmaku; returns the stored row. Throws the driver's foreign-key error (code 23503) when the title does
 * not exist.
 */
export async function insertDanmaku(db: Db, values: DanmakuInsert): Promise<DanmakuRow | undefined> {
  const [row] = await db.insert(danmaku).values(values).returning();
  return row;
}

/**
 * The console's search of shown danmaku, newest first: `wd` in the text, `user` (a user id, or part of the name),
 * `vod` (a title id, or part of its name), each ILIKE with `%`, `_` and `\` taken literally. Returns one page
 * (`offset`, `limit` in rows) with each row's title name and whether its sender is blocked, and the total.
 */
export async function search(db: Db, q: { wd?: string; user?: string; vod?: string; limit: number; offset: number }) {
  const conds: (SQL | undefined)[] = [eq(danmaku.status, 1)];
  if (q.wd) conds.push(ilike(danmaku.barrage_text, `%${likeEscape(q.wd)}%`));
  if (q.user) {
    conds.push(
      /^\d+$/.test(q.user)
        ? or(eq(danmaku.user_id, Number(q.user)), ilike(danmaku.user_name, `%${likeEscape(q.user)}%`))
        : ilike(danmaku.user_name, `%${likeEscape(q.user)}%`),
    );
  }
  if (q.vod) {
    conds.push(
      /^\d+$/.test(q.vod)
        ? or(eq(danmaku.vod_id, Number(q.vod)), ilike(macVod.vod_name, `%${likeEscape(q.vod)}%`))
        : ilike(macVod.vod_name, `%${likeEscape(q.vod)}%`),
    );
  }
  const where = and(...conds);
  const rows = await db
    .select({
      barrage_id: danmaku.barrage_id,
      vod_id: danmaku.vod_id,
      vod_name: macVod.vod_name,
      sid: danmaku.sid,
      nid: danmaku.nid,
      user_id: danmaku.user_id,
      user_name: danmaku.user_name,
      barrage_time_ms: danmaku.barrage_time_ms,
      barrage_text: danmaku.barrage_text,
      barrage_color: danmaku.barrage_color,
      created_at: danmaku.created_at,
      blocked: danmakuBlock.user_id,
    })
    .from(danmaku)
    .innerJoin(macVod, eq(macVod.vod_id, danmaku.vod_id))
    .leftJoin(danmakuBlock, eq(danmakuBlock.user_id, danmaku.user_id))
    .where(where)
    .orderBy(desc(danmaku.barrage_id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db
    .select({ n: count() })
    .from(danmaku)
    .innerJoin(macVod, eq(macVod.vod_id, danmaku.vod_id))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Hide shown danmaku `id` (status 0); returns its episode, or undefined when there was no such shown one. */
export async function hide(db: Db, id: number): Promise<{ vod_id: number; nid: number } | undefined> {
  const [row] = await db
    .update(danmaku)
    .set({ status: 0 })
    .where(and(eq(danmaku.barrage_id, id), eq(danmaku.status, 1)))
    .returning({ vod_id: danmaku.vod_id, nid: danmaku.nid });
  return row;
}

/** Blocked users with their names, newest block first. */
export function blocks(db: Db) {
  return db
    .select({
      user_id: danmakuBlock.user_id,
      user_name: macUser.user_name,
      reason: danmakuBlock.reason,
      created_at: danmakuBlock.created_at,
    })
    .from(danmakuBlock)
    .innerJoin(macUser, eq(macUser.user_id, danmakuBlock.user_id))
    .orderBy(desc(danmakuBlock.created_at), asc(danmakuBlock.user_id));
}

/** The user `userId` with its name, or undefined when there is none. */
export async function userName(db: Db, userId: number): Promise<{ user_id: number; user_name: string } | undefined> {
  const [user] = await db
    .select({ user_id: macUser.user_id, user_name: macUser.user_name })
    .from(macUser)
    .where(eq(macUser.user_id, userId));
  return user;
}

/** Block `userId` with `reason`; a second block keeps the first date and updates the reason. Returns the block. */
export async function upsertBlock(db: Db, userId: number, reason: string) {
  const [row] = await db
    .insert(danmakuBlock)
    .values({ user_id: userId, reason })
    .onConflictDoUpdate({ target: danmakuBlock.user_id, set: { reason: sql`excluded.reason` } })
    .returning();
  return row;
}

/** Lift the block of `userId` (none: nothing). */
export async function deleteBlock(db: Db, userId: number): Promise<void> {
  await db.delete(danmakuBlock).where(eq(danmakuBlock.user_id, userId));
}

/** Delete every danmaku `userId` sent; returns how many. */
export async function deleteByUser(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(danmaku)
    .where(eq(danmaku.user_id, userId))
    .returning({ barrage_id: danmaku.barrage_id });
  return rows.length;
}
