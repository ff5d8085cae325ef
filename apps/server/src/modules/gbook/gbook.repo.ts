/**
 * SQL of the gbook module (db/schema/gbook.ts): requests and feedback (`mac_gbook`), upvotes (`gbook_hit`) and
 * the request form's captchas (`gbook_captcha`). Reads join `mac_vod` (the resolving title's name and picture) and,
 * for the console, `mac_user` (the author's account name); the genre list reads `mac_type`. Every function takes
 * `db` or, inside a transaction, its `tx`.
 */
import { and, count, desc, eq, ilike, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type GbookInsert,
  type GbookRow,
  gbookCaptcha,
  gbookHit,
  macGbook,
  macType,
  macUser,
  macVod,
} from '../../db/schema/index.ts';

export type { GbookRow } from '../../db/schema/index.ts';

/** `%`, `_` and `\` escaped for ILIKE. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A row with the resolving title's name and picture, whether `viewer` upvoted it and the author's account name. */
export type GbookJoined = GbookRow & {
  vod_name: string | null;
  vod_pic: string | null;
  hit: boolean;
  user_name: string | null;
};

/** What a list asks for (see GbookViewQuery and AdminGbookQuery in the contract). */
export interface GbookFilter {
  type: 'request' | 'feedback';
  /** Only this author's rows. */
  userId?: number;
  /** Only shown (1) or hidden (0) rows; undefined both. */
  status?: number;
  /** 0 requesting, 1 resolved; undefined both. */
  state?: number;
  id?: number;
  unreplied?: boolean;
  wd?: string;
  order: 'time' | 'hits';
  limit: number;
  offset: number;
  /** Whose upvotes `hit` reports (0: nobody). */
  viewer: number;
}

/** One page of rows matching `f` and how many match in all. */
export async function listGbook(db: Db, f: GbookFilter): Promise<{ rows: GbookJoined[]; total: number }> {
  const conds: SQL[] = [eq(macGbook.gbook_type, f.type)];
  if (f.userId !== undefined) conds.push(eq(macGbook.user_id, f.userId));
  if (f.status !== undefined) conds.push(eq(macGbook.gbook_status, f.status));
  if (f.state !== undefined) conds.push(eq(macGbook.gbook_state, f.state));
  if (f.id !== undefined) conds.push(eq(macGbook.gbook_id, f.id));
  if (f.unreplied) conds.push(eq(macGbook.gbook_reply, ''));
  if (f.wd) {
    const like = `%${likeEscape(f.wd)}%`;
    const any = or(
      ilike(macGbook.gbook_title, like),
      ilike(macGbook.gbook_actor, like),
      ilike(macGbook.gbook_content, like),
      ilike(macGbook.gbook_name, like),
    );
    if (any) conds.push(any);
  }
  const where = and(...conds);
  const rows = await db
    .select({
      row: macGbook,
      vod_name: macVod.vod_name,
      vod_pic: macVod.vod_pic,
      user_name: macUser.user_name,
      hit: sql<boolean>`${gbookHit.user_id} is not null`,
    })
    .from(macGbook)
    .leftJoin(macVod, and(eq(macVod.vod_id, macGbook.vod_id), sql`${macGbook.vod_id} > 0`))
    .leftJoin(macUser, and(eq(macUser.user_id, macGbook.user_id), sql`${macGbook.user_id} > 0`))
    .leftJoin(gbookHit, and(eq(gbookHit.gbook_id, macGbook.gbook_id), eq(gbookHit.user_id, f.viewer)))
    .where(where)
    .orderBy(...(f.order === 'hits' ? [desc(macGbook.gbook_hits)] : []), desc(macGbook.gbook_id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(macGbook).where(where);
  return {
    rows: rows.map((r) => ({
      ...r.row,
      vod_name: r.vod_name,
      vod_pic: r.vod_pic,
      user_name: r.user_name,
      hit: Boolean(r.hit),
    })),
    total: total?.n ?? 0,
  };
}

/** Save a request or feedback; returns the stored row. */
export async function insertGbook(db: Db, values: GbookInsert): Promise<GbookRow> {
  const [row] = await db.insert(macGbook).values(values).returning();
  if (!row) throw new Error('mac_gbook insert returned nothing');
  return row;
}

/** The row `id`, or undefined. */
export async function gbookById(db: Db, id: number): Promise<GbookRow | undefined> {
  const [row] = await db.select().from(macGbook).where(eq(macGbook.gbook_id, id));
  return row;
}

/** Change row `id`; returns it as changed, or undefined when there is none. */
export async function updateGbook(db: Db, id: number, set: Partial<GbookInsert>): Promise<GbookRow | undefined> {
  const [row] = await db.update(macGbook).set(set).where(eq(macGbook.gbook_id, id)).returning();
  return row;
}

/** Mark `ids` of `userId` read (their resolution or reply seen). */
export async function markRead(db: Db, userId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(macGbook)
    .set({ gbook_unread: false })
    .where(and(eq(macGbook.user_id, userId), inArray(macGbook.gbook_id, ids), eq(macGbook.gbook_unread, true)));
}

/** How many of `userId`'s requests and feedback are unread. */
export async function unreadCounts(db: Db, userId: number): Promise<{ request: number; feedback: number }> {
  const rows = await db
    .select({ type: macGbook.gbook_type, n: count() })
    .from(macGbook)
    .where(and(eq(macGbook.user_id, userId), eq(macGbook.gbook_unread, true)))
    .groupBy(macGbook.gbook_type);
  const of = (t: string) => rows.find((r) => r.type === t)?.n ?? 0;
  return { request: of('request'), feedback: of('feedback') };
}

/**
 * Upvote request `id` for `userId` inside `tx`: the (request, member) row is inserted unless it exists (a
 * concurrent second insert waits on the primary key and then does nothing), and only an inserted row adds one to
 * `gbook_hits`. Returns whether it counted and the upvotes after.
 */
export async function addHit(tx: Db, id: number, userId: number): Promise<{ counted: boolean; hits: number }> {
  const inserted = await tx
    .insert(gbookHit)
    .values({ gbook_id: id, user_id: userId })
    .onConflictDoNothing()
    .returning({ gbook_id: gbookHit.gbook_id });
  if (inserted.length) {
    const [row] = await tx
      .update(macGbook)
      .set({ gbook_hits: sql`${macGbook.gbook_hits} + 1` })
      .where(eq(macGbook.gbook_id, id))
      .returning({ hits: macGbook.gbook_hits });
    return { counted: true, hits: row?.hits ?? 0 };
  }
  const [row] = await tx.select({ hits: macGbook.gbook_hits }).from(macGbook).where(eq(macGbook.gbook_id, id));
  return { counted: false, hits: row?.hits ?? 0 };
}

/** Keep a captcha's answer. */
export async function insertCaptcha(
  db: Db,
  values: { captcha_id: string; user_id: number; answer: string; expires_at: Date },
): Promise<void> {
  await db.insert(gbookCaptcha).values(values);
}

/** Take captcha `id` of `userId` (deleted: one attempt); undefined when there is none. */
export async function takeCaptcha(
  db: Db,
  id: string,
  userId: number,
): Promise<{ answer: string; expires_at: Date } | undefined> {
  const [row] = await db
    .delete(gbookCaptcha)
    .where(and(eq(gbookCaptcha.captcha_id, id), eq(gbookCaptcha.user_id, userId)))
    .returning({ answer: gbookCaptcha.answer, expires_at: gbookCaptcha.expires_at });
  return row;
}

/** Remove captchas that expired before `now`. */
export async function purgeCaptchas(db: Db, now: Date): Promise<void> {
  await db.delete(gbookCaptcha).where(lt(gbookCaptcha.expires_at, now));
}

/** Names of the shown categories and the class values of their filters (`type_extend.class`), in sort order. */
export async function genreSources(
  db: Db,
): Promise<{ type_id: number; type_pid: number; type_name: string; classes: string }[]> {
  const rows = await db
    .select({
      type_id: macType.type_id,
      type_pid: macType.type_pid,
      type_name: macType.type_name,
      classes: sql<string>`coalesce(${macType.type_extend}->>'class', '')`,
    })
    .from(macType)
    .where(eq(macType.type_status, 1))
    .orderBy(macType.type_pid, macType.type_sort, macType.type_id);
  return rows;
}

/** Whether title `vodId` exists. */
export async function vodExists(db: Db, vodId: number): Promise<boolean> {
  const [row] = await db.select({ vod_id: macVod.vod_id }).from(macVod).where(eq(macVod.vod_id, vodId));
  return row !== undefined;
}

/**
 * Account deletion: `userId`'s rows stay (a request's upvotes and the operator's replies keep their meaning) with
 * the author, name, IP and device emptied and feedback screenshots dropped; the member's upvote rows go (the
 * counts stay). Returns the screenshot keys no row names any more.
 */
export async function anonymiseUser(tx: Db, userId: number): Promise<string[]> {
  const pics = await tx
    .select({ pics: macGbook.gbook_pics })
    .from(macGbook)
    .where(and(eq(macGbook.user_id, userId), isNotNull(macGbook.gbook_pics)));
  await tx
    .update(macGbook)
    .set({ user_id: 0, gbook_name: '', gbook_ip: '', gbook_device: '', gbook_pics: [], gbook_unread: false })
    .where(eq(macGbook.user_id, userId));
  await tx.delete(gbookHit).where(eq(gbookHit.user_id, userId));
  await tx.delete(gbookCaptcha).where(eq(gbookCaptcha.user_id, userId));
  return pics.flatMap((p) => p.pics);
}
