/**
 * SQL of comments (db/schema/comments.ts): `mac_comment` rows, their likes (`mac_comment_digg`) and reports
 * (`mac_comment_report`). Reads for the app join `mac_user` (portrait; the replied-to author's name) and the
 * caller's like; reads for the console and the review centre join `mac_vod` (the title's name). Every function takes
 * `db` or a transaction's `tx`.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../core/db.ts';
import type { Db } from '../../db/client.ts';
import {
  macComment,
  macCommentCount,
  macCommentDigg,
  macCommentReport,
  macUser,
  macVod,
} from '../../db/schema/index.ts';

export type CommentRow = typeof macComment.$inferSelect;
export type CommentInsert = typeof macComment.$inferInsert;

const SHOWN = 1;
const replyUser = alias(macUser, 'reply_user');

/** `%`, `_` and `\` escaped for ILIKE. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Columns of an app item; `viewer` (0 for tourists) decides `digg`. */
function itemColumns(viewer: number) {
  return {
    row: macComment,
    user_portrait: sql<string>`coalesce(${macUser.user_portrait}, '')`,
    reply_name: sql<string>`coalesce(nullif(${replyUser.user_nick_name}, ''), ${replyUser.user_name}, '')`,
    digg: viewer
      ? sql<number>`(exists (select 1 from ${macCommentDigg} d where d.comment_id = ${macComment.comment_id} and d.user_id = ${viewer}))::int`
      : sql<number>`0`,
  };
}

export type ItemRow = { row: CommentRow; user_portrait: string; reply_name: string; digg: number };

function itemQuery(db: Db, viewer: number) {
  return db
    .select(itemColumns(viewer))
    .from(macComment)
    .leftJoin(macUser, eq(macUser.user_id, macComment.user_id))
    .leftJoin(replyUser, eq(replyUser.user_id, macComment.comment_reply_uid));
}

/** Shown top comments of a title (`mid` + `rid`). */
const topWhere = (mid: number, rid: number) =>
  and(
    eq(macComment.comment_rid, rid),
    eq(macComment.comment_mid, mid),
    eq(macComment.comment_status, SHOWN),
    eq(macComment.comment_pid, 0),
  );

/**
 * One page of a title's shown top comments: `hot` by likes then newest, `new` newest first (by time, then id; both
 * read from the partial indexes of the schema, backwards), and how many there are (`mac_comment_count`).
 */
export async function titlePage(
  db: Db,
  q: { mid: number; rid: number; order: 'hot' | 'new'; limit: number; offset: number; viewer: number },
) {
  const where = topWhere(q.mid, q.rid);
  const order =
    q.order === 'hot'
      ? [desc(macComment.comment_up), desc(macComment.comment_id)]
      : [desc(macComment.comment_time), desc(macComment.comment_id)];
  const [rows, counts] = await Promise.all([
    itemQuery(db, q.viewer)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    titleCounts(db, q.mid, q.rid),
  ]);
  return { rows: rows as ItemRow[], total: counts.top };
}

/**
 * The first `perParent` shown replies (oldest first) of each of `parents`, one range of the partial index of replies
 * per parent (`comment_pid > 0` spelled out so the planner may use it).
 */
export async function firstReplies(db: Db, parents: number[], perParent: number, viewer: number): Promise<ItemRow[]> {
  if (parents.length === 0) return [];
  const idRows = rowsOf<{ comment_id: number }>(
    await db.execute(sql`select r.comment_id from unnest(${sql.raw(`ARRAY[${parents.map(Number).join(',')}]`)}::int[]) p(id)
      cross join lateral (select c.comment_id from ${macComment} c where c.comment_pid = p.id and c.comment_pid > 0
        and c.comment_status = ${SHOWN}
        order by c.comment_id limit ${perParent}) r`),
  );
  if (idRows.length === 0) return [];
  const rows = await itemQuery(db, viewer)
    .where(
      inArray(
        macComment.comment_id,
        idRows.map((r) => Number(r.comment_id)),
      ),
    )
    .orderBy(asc(macComment.comment_id));
  return rows as ItemRow[];
}

/** One page of the shown replies of comment `pid`, oldest first, and their number. */
export async function repliesPage(db: Db, q: { pid: number; limit: number; offset: number; viewer: number }) {
  // `comment_pid > 0` lets the planner use the partial index of replies (a bound `pid` alone does not prove it).
  const where = and(
    eq(macComment.comment_pid, q.pid),
    gt(macComment.comment_pid, 0),
    eq(macComment.comment_status, SHOWN),
  );
  const [rows, [total]] = await Promise.all([
    itemQuery(db, q.viewer).where(where).orderBy(asc(macComment.comment_id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(macComment).where(where),
  ]);
  return { rows: rows as ItemRow[], total: Number(total?.n ?? 0) };
}

/** One page of a user's shown comments and replies, newest first, each with its title's name (the homepage). */
export async function userPage(db: Db, q: { userId: number; limit: number; offset: number; viewer: number }) {
  const where = and(eq(macComment.user_id, q.userId), eq(macComment.comment_status, SHOWN));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...itemColumns(q.viewer), vod_name: sql<string>`coalesce(${macVod.vod_name}, '')` })
      .from(macComment)
      .leftJoin(macUser, eq(macUser.user_id, macComment.user_id))
      .leftJoin(replyUser, eq(replyUser.user_id, macComment.comment_reply_uid))
      .leftJoin(macVod, and(eq(macVod.vod_id, macComment.comment_rid), eq(macComment.comment_mid, 1)))
      .where(where)
      .orderBy(desc(macComment.comment_id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(macComment).where(where),
  ]);
  return { rows: rows as (ItemRow & { vod_name: string })[], total: Number(total?.n ?? 0) };
}

/** Shown comments and replies of a title (`mac_comment_count`). */
export async function titleCount(db: Db, mid: number, rid: number): Promise<number> {
  return (await titleCounts(db, mid, rid)).num;
}

/** The review centre's lists: the user's own comments (`mine`) or the shown replies to them (`replies`). */
export async function reviewPage(
  db: Db,
  q: { userId: number; kind: 'mine' | 'replies'; limit: number; offset: number },
) {
  const where =
    q.kind === 'mine'
      ? eq(macComment.user_id, q.userId)
      : and(eq(macComment.comment_reply_uid, q.userId), eq(macComment.comment_status, SHOWN));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...itemColumns(q.userId), vod_name: sql<string>`coalesce(${macVod.vod_name}, '')` })
      .from(macComment)
      .leftJoin(macUser, eq(macUser.user_id, macComment.user_id))
      .leftJoin(replyUser, eq(replyUser.user_id, macComment.comment_reply_uid))
      .leftJoin(macVod, and(eq(macVod.vod_id, macComment.comment_rid), eq(macComment.comment_mid, 1)))
      .where(where)
      .orderBy(desc(macComment.comment_id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(macComment).where(where),
  ]);
  return { rows: rows as (ItemRow & { vod_name: string })[], total: Number(total?.n ?? 0) };
}

/** The user's counts: comments written, shown replies received, of those unread. */
export async function userCounts(db: Db, userId: number) {
  const [[mine], [replies]] = await Promise.all([
    db.select({ n: count() }).from(macComment).where(eq(macComment.user_id, userId)),
    db
      .select({
        n: count(),
        unread: sql<number>`count(*) filter (where ${macComment.comment_reply_read} = 0)`,
      })
      .from(macComment)
      .where(and(eq(macComment.comment_reply_uid, userId), eq(macComment.comment_status, SHOWN))),
  ]);
  return {
    comment_num: Number(mine?.n ?? 0),
    reply_num: Number(replies?.n ?? 0),
    unread: Number(replies?.unread ?? 0),
  };
}

/** Mark every reply to `userId` as read. */
export async function markRepliesRead(db: Db, userId: number): Promise<void> {
  await db
    .update(macComment)
    .set({ comment_reply_read: 1 })
    .where(and(eq(macComment.comment_reply_uid, userId), eq(macComment.comment_reply_read, 0)));
}

export async function byId(db: Db, id: number): Promise<CommentRow | undefined> {
  const [row] = await db.select().from(macComment).where(eq(macComment.comment_id, id));
  return row;
}

/** One comment as an app item (for the answer of commentSave). */
export async function itemById(db: Db, id: number, viewer: number): Promise<ItemRow | undefined> {
  const [row] = await itemQuery(db, viewer).where(eq(macComment.comment_id, id));
  return row as ItemRow | undefined;
}

/** Move title `mid`/`rid`'s counts by the shown rows among `rows` (`sign` +1 when they appear, -1 when they go). */
async function countShown(db: Db, rows: CommentRow[], sign: 1 | -1): Promise<void> {
  const byTitle = new Map<string, { mid: number; rid: number; num: number; top: number }>();
  for (const r of rows) {
    if (r.comment_status !== SHOWN) continue;
    const key = `${r.comment_mid}:${r.comment_rid}`;
    const c = byTitle.get(key) ?? { mid: r.comment_mid, rid: r.comment_rid, num: 0, top: 0 };
    c.num += sign;
    if (r.comment_pid === 0) c.top += sign;
    byTitle.set(key, c);
  }
  for (const c of byTitle.values()) {
    await db
      .insert(macCommentCount)
      .values({ comment_mid: c.mid, comment_rid: c.rid, comment_num: c.num, comment_top: c.top })
      .onConflictDoUpdate({
        target: [macCommentCount.comment_mid, macCommentCount.comment_rid],
        set: {
          comment_num: sql`${macCommentCount.comment_num} + ${c.num}`,
          comment_top: sql`${macCommentCount.comment_top} + ${c.top}`,
        },
      });
  }
}

/** Insert a comment (inside a transaction: the title's counts move with it when it is shown). */
export async function insertComment(tx: Db, values: CommentInsert): Promise<CommentRow> {
  const [row] = await tx.insert(macComment).values(values).returning();
  if (!row) throw new Error('insert mac_comment returned nothing');
  await countShown(tx, [row], 1);
  return row;
}

/** Recount the shown replies of top comment `pid` into its `comment_reply`. */
export async function refreshReplyCount(db: Db, pid: number): Promise<void> {
  if (!pid) return;
  await db.execute(sql`update ${macComment} set comment_reply =
    (select count(*) from ${macComment} r where r.comment_pid = ${pid} and r.comment_pid > 0
      and r.comment_status = ${SHOWN})
    where comment_id = ${pid}`);
}

/**
 * Delete comment `id` and, for a top comment, its replies (inside a transaction: the title's counts follow).
 * Returns the deleted row (undefined when none).
 */
export async function deleteComment(tx: Db, id: number): Promise<CommentRow | undefined> {
  const [row] = await tx.delete(macComment).where(eq(macComment.comment_id, id)).returning();
  if (!row) return undefined;
  const replies =
    row.comment_pid === 0
      ? await tx
          .delete(macComment)
          .where(and(eq(macComment.comment_pid, id), gt(macComment.comment_pid, 0)))
          .returning()
      : [];
  await countShown(tx, [row, ...replies], -1);
  return row;
}

/**
 * Set the status of comment `id` (inside a transaction: the row is locked, the title's counts follow); returns the
 * row after, undefined when there is none.
 */
export async function setStatus(tx: Db, id: number, status: number): Promise<CommentRow | undefined> {
  const [before] = await tx.select().from(macComment).where(eq(macComment.comment_id, id)).for('update');
  if (!before) return undefined;
  const [row] = await tx
    .update(macComment)
    .set({ comment_status: status })
    .where(eq(macComment.comment_id, id))
    .returning();
  if (!row) return undefined;
  await countShown(tx, [before], -1);
  await countShown(tx, [row], 1);
  return row;
}

/** A title's counts (`num` shown comments and replies, `top` shown top comments); zeros when it has none. */
export async function titleCounts(db: Db, mid: number, rid: number): Promise<{ num: number; top: number }> {
  const [r] = await db
    .select({ num: macCommentCount.comment_num, top: macCommentCount.comment_top })
    .from(macCommentCount)
    .where(and(eq(macCommentCount.comment_mid, mid), eq(macCommentCount.comment_rid, rid)));
  return { num: r?.num ?? 0, top: r?.top ?? 0 };
}

/**
 * Like comment `id` as `userId`: the like row and the counter move together; concurrent likes by one user insert
 * once (the primary key) and only the inserting one counts. Returns the count after, or undefined for a repeat.
 */
export async function digg(tx: Db, id: number, userId: number): Promise<number | undefined> {
  const inserted = await tx
    .insert(macCommentDigg)
    .values({ comment_id: id, user_id: userId })
    .onConflictDoNothing()
    .returning({ comment_id: macCommentDigg.comment_id });
  if (inserted.length === 0) return undefined;
  const [row] = await tx
    .update(macComment)
    .set({ comment_up: sql`${macComment.comment_up} + 1` })
    .where(eq(macComment.comment_id, id))
    .returning({ comment_up: macComment.comment_up });
  return row?.comment_up;
}

/** Report comment `id` as `userId`; false when this user reported it already. Recounts `comment_report`. */
export async function report(
  tx: Db,
  v: { commentId: number; userId: number; reason: string; text: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(macCommentReport)
    .values({ comment_id: v.commentId, user_id: v.userId, report_reason: v.reason, report_text: v.text })
    .onConflictDoNothing()
    .returning({ report_id: macCommentReport.report_id });
  if (inserted.length === 0) return false;
  await tx.execute(sql`update ${macComment} set comment_report =
    (select count(*) from ${macCommentReport} r where r.comment_id = ${v.commentId})
    where comment_id = ${v.commentId}`);
  return true;
}

/** Set the open reports of comment `id` to `state`; returns how many changed. */
export async function resolveReports(db: Db, id: number, state: 'hidden' | 'dismissed'): Promise<number> {
  const rows = await db
    .update(macCommentReport)
    .set({ report_state: state })
    .where(and(eq(macCommentReport.comment_id, id), eq(macCommentReport.report_state, 'open')))
    .returning({ report_id: macCommentReport.report_id });
  return rows.length;
}

const adminColumns = {
  row: macComment,
  vod_name: sql<string>`coalesce(${macVod.vod_name}, '')`,
};

/**
 * The console's search, newest first: `vod` (a title id, or part of its name), `user` (a user id, or part of the
 * comment's name), `status`; ILIKE with `%`, `_` and `\` taken literally.
 */
export async function adminSearch(
  db: Db,
  q: { vod?: string; user?: string; status?: number; limit: number; offset: number },
) {
  const conds: (SQL | undefined)[] = [];
  if (q.status !== undefined) conds.push(eq(macComment.comment_status, q.status));
  if (q.user) {
    const byName = ilike(macComment.comment_name, `%${likeEscape(q.user)}%`);
    conds.push(/^\d+$/.test(q.user) ? or(eq(macComment.user_id, Number(q.user)), byName) : byName);
  }
  if (q.vod) {
    const byName = ilike(macVod.vod_name, `%${likeEscape(q.vod)}%`);
    conds.push(/^\d+$/.test(q.vod) ? or(eq(macComment.comment_rid, Number(q.vod)), byName) : byName);
  }
  const where = and(...conds);
  const vodJoin = and(eq(macVod.vod_id, macComment.comment_rid), eq(macComment.comment_mid, 1));
  const [rows, [total]] = await Promise.all([
    db
      .select(adminColumns)
      .from(macComment)
      .leftJoin(macVod, vodJoin)
      .where(where)
      .orderBy(desc(macComment.comment_id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(macComment).leftJoin(macVod, vodJoin).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One comment with its title's name (console answers). */
export async function adminById(db: Db, id: number) {
  const [row] = await db
    .select(adminColumns)
    .from(macComment)
    .leftJoin(macVod, and(eq(macVod.vod_id, macComment.comment_rid), eq(macComment.comment_mid, 1)))
    .where(eq(macComment.comment_id, id));
  return row;
}

/**
 * The console's report queue: comments with reports in `state`, most reported first, each with its reports by
 * reason and the last five texts.
 */
export async function reportQueue(db: Db, q: { state: string; limit: number; offset: number }) {
  const per = db
    .select({ comment_id: macCommentReport.comment_id, n: count().as('n') })
    .from(macCommentReport)
    .where(eq(macCommentReport.report_state, q.state))
    .groupBy(macCommentReport.comment_id)
    .as('per');
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...adminColumns, reports: per.n })
      .from(per)
      .innerJoin(macComment, eq(macComment.comment_id, per.comment_id))
      .leftJoin(macVod, and(eq(macVod.vod_id, macComment.comment_rid), eq(macComment.comment_mid, 1)))
      .orderBy(desc(per.n), desc(macComment.comment_id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(distinct ${macCommentReport.comment_id})` })
      .from(macCommentReport)
      .where(eq(macCommentReport.report_state, q.state)),
  ]);
  const ids = rows.map((r) => r.row.comment_id);
  const details = ids.length
    ? await db
        .select({
          comment_id: macCommentReport.comment_id,
          reason: macCommentReport.report_reason,
          text: macCommentReport.report_text,
        })
        .from(macCommentReport)
        .where(and(inArray(macCommentReport.comment_id, ids), eq(macCommentReport.report_state, q.state)))
        .orderBy(desc(macCommentReport.report_id))
    : [];
  return { rows, details, total: Number(total?.n ?? 0) };
}

/** Anonymise `userId`'s comments inside the deletion transaction: the anonymous name, no user link. */
export async function anonymiseUser(tx: Db, userId: number, name: string): Promise<void> {
  await tx
    .update(macComment)
    .set({ comment_name: name, user_id: null, comment_ip: '' })
    .where(eq(macComment.user_id, userId));
  await tx.update(macComment).set({ comment_reply_uid: null }).where(eq(macComment.comment_reply_uid, userId));
}

/** Whether title `vodId` exists (and is published). */
export async function vodExists(db: Db, vodId: number): Promise<boolean> {
  const [row] = await db
    .select({ vod_id: macVod.vod_id })
    .from(macVod)
    .where(and(eq(macVod.vod_id, vodId), gt(macVod.vod_status, 0)));
  return row !== undefined;
}
