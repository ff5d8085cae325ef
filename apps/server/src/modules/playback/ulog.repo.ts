/**
 * SQL of the user logs (`mac_ulog`). Reads join `mac_vod` for each entry's name and picture (a read-only join of
 * the catalogue table: one query per list instead of one content-service call per entry).
 */
import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.ts';
import type { Db } from '../../db/client.ts';
import { macUlog, macUser, macVod } from '../../db/schema/index.ts';

export type UlogRow = typeof macUlog.$inferSelect;
export type UlogWithVod = UlogRow & {
  vod_name: string | null;
  vod_pic: string | null;
  type_id: number | null;
  /** The title's `vod_play_url` for wallpaper entries (mid 12), null otherwise. */
  play_url: string | null;
};

/** Types kept once per title (the episode moves with the entry); the others once per episode. */
export const PER_TITLE_TYPES = [2, 4];
/** The wallpaper module (contract ULOG_MID.wallpaper): its favourites are kept per picture. */
export const WALLPAPER_MID = 12;

/** Whether entries of `mid`/`type` are kept once per title (the unique index `mac_ulog_title_uq`). */
export function perTitle(mid: number, type: number): boolean {
  return mid !== WALLPAPER_MID && PER_TITLE_TYPES.includes(type);
}
/** The predicates of the two partial unique indexes, literally as in the schema (ON CONFLICT must match them). */
const TITLE_WHERE = sql`${macUlog.ulog_mid} <> 12 and ${macUlog.ulog_type} in (2, 4)`;
const EPISODE_WHERE = sql`${macUlog.ulog_mid} = 12 or ${macUlog.ulog_type} not in (2, 4)`;

export interface UlogKey {
  user_id: number;
  ulog_mid: number;
  ulog_type: number;
  ulog_rid: number;
  ulog_sid: number;
  ulog_nid: number;
}

function keyWhere(k: UlogKey): SQL {
  const base = and(
    eq(macUlog.user_id, k.user_id),
    eq(macUlog.ulog_mid, k.ulog_mid),
    eq(macUlog.ulog_type, k.ulog_type),
    eq(macUlog.ulog_rid, k.ulog_rid),
  ) as SQL;
  return perTitle(k.ulog_mid, k.ulog_type)
    ? base
    : (and(base, eq(macUlog.ulog_sid, k.ulog_sid), eq(macUlog.ulog_nid, k.ulog_nid)) as SQL);
}

/**
 * The columns of an entry with its title. `play_url` (the wallpaper's picture address) only for wallpaper entries
 * (mid 12) of a title in the gallery category `galleryTypeId` (spec §3 app_gallery_typeid): a wallpaper entry of any
 * other title must never hand out its play addresses (those go through getDetail's play gate, issue 7 item 2).
 */
function withVod(galleryTypeId: number) {
  return {
    ulog_id: macUlog.ulog_id,
    user_id: macUlog.user_id,
    ulog_mid: macUlog.ulog_mid,
    ulog_type: macUlog.ulog_type,
    ulog_rid: macUlog.ulog_rid,
    ulog_sid: macUlog.ulog_sid,
    ulog_nid: macUlog.ulog_nid,
    ulog_time: macUlog.ulog_time,
    ulog_points: macUlog.ulog_points,
    ulog_progress: macUlog.ulog_progress,
    ulog_duration: macUlog.ulog_duration,
    vod_name: macVod.vod_name,
    vod_pic: macVod.vod_pic,
    type_id: macVod.type_id,
    play_url: sql<
      string | null
    >`case when ${macUlog.ulog_mid} = ${WALLPAPER_MID} and ${galleryTypeId} > 0 and (${macVod.type_id} = ${galleryTypeId} or ${macVod.type_id_1} = ${galleryTypeId}) then ${macVod.vod_play_url} end`,
  };
}

/** Entries of a user and type (optionally of one title), newest first. */
export function findEntries(
  db: Db,
  f: { user_id: number; ulog_mid: number; ulog_type: number; ulog_rid?: number },
  limit: number,
  offset = 0,
  galleryTypeId = 0,
): Promise<UlogWithVod[]> {
  const conds = [eq(macUlog.user_id, f.user_id), eq(macUlog.ulog_mid, f.ulog_mid), eq(macUlog.ulog_type, f.ulog_type)];
  if (f.ulog_rid !== undefined) conds.push(eq(macUlog.ulog_rid, f.ulog_rid));
  return db
    .select(withVod(galleryTypeId))
    .from(macUlog)
    .leftJoin(macVod, and(eq(macVod.vod_id, macUlog.ulog_rid), eq(macVod.vod_status, 1)))
    .where(and(...conds))
    .orderBy(desc(macUlog.ulog_time), desc(macUlog.ulog_id))
    .limit(limit)
    .offset(offset);
}

export async function countEntries(db: Db, f: { user_id: number; ulog_mid: number; ulog_type: number }) {
  const [row] = await db
    .select({ n: count() })
    .from(macUlog)
    .where(and(eq(macUlog.user_id, f.user_id), eq(macUlog.ulog_mid, f.ulog_mid), eq(macUlog.ulog_type, f.ulog_type)));
  return row?.n ?? 0;
}

/** Whether published title `id` belongs to category `typeId` (its own or its top category); false for 0. */
export async function inCategory(db: Db, id: number, typeId: number): Promise<boolean> {
  if (typeId <= 0) return false;
  const [row] = await db
    .select({ type_id: macVod.type_id, type_id_1: macVod.type_id_1 })
    .from(macVod)
    .where(and(eq(macVod.vod_id, id), eq(macVod.vod_status, 1)));
  return row !== undefined && (row.type_id === typeId || row.type_id_1 === typeId);
}

export async function entryByKey(db: Db, k: UlogKey): Promise<UlogRow | undefined> {
  const [row] = await db.select().from(macUlog).where(keyWhere(k)).limit(1);
  return row;
}

/** Whether the entry of `k` exists and its title is published (`mac_vod.vod_status` 1). */
export async function entryOfPublishedTitle(db: Db, k: UlogKey): Promise<boolean> {
  const [row] = await db
    .select({ id: macUlog.ulog_id })
    .from(macUlog)
    .innerJoin(macVod, and(eq(macVod.vod_id, macUlog.ulog_rid), eq(macVod.vod_status, 1)))
    .where(keyWhere(k))
    .limit(1);
  return row !== undefined;
}

export async function entryWithVod(db: Db, id: number, galleryTypeId = 0): Promise<UlogWithVod | undefined> {
  const [row] = await db
    .select(withVod(galleryTypeId))
    .from(macUlog)
    .leftJoin(macVod, and(eq(macVod.vod_id, macUlog.ulog_rid), eq(macVod.vod_status, 1)))
    .where(eq(macUlog.ulog_id, id));
  return row;
}

/**
 * Insert the entry or, when it exists (same title for per-title types, same episode otherwise), move it to this
 * episode and time; progress/duration are replaced when given, else kept for the same episode and reset for
 * another one. One statement (INSERT ... ON CONFLICT), so concurrent sets leave one entry. `inserted` is true for
 * a new row.
 */
export async function upsertEntry(
  db: Db,
  k: UlogKey,
  at: number,
  progress: { progress?: number; duration?: number },
): Promise<{ row: UlogRow; inserted: boolean }> {
  const oneTitle = perTitle(k.ulog_mid, k.ulog_type);
  const sameEpisode = sql`(${macUlog.ulog_sid} = excluded.ulog_sid and ${macUlog.ulog_nid} = excluded.ulog_nid)`;
  const keep = (col: typeof macUlog.ulog_progress | typeof macUlog.ulog_duration, given: number | undefined) =>
    given === undefined
      ? sql`case when ${sameEpisode} then ${col} else 0 end`
      : sql`excluded.${sql.identifier(col.name)}`;
  const [res] = await db
    .insert(macUlog)
    .values({
      ...k,
      ulog_time: at,
      ulog_progress: Math.round(progress.progress ?? 0),
      ulog_duration: Math.round(progress.duration ?? 0),
    })
    .onConflictDoUpdate({
      target: oneTitle
        ? [macUlog.user_id, macUlog.ulog_mid, macUlog.ulog_type, macUlog.ulog_rid]
        : [macUlog.user_id, macUlog.ulog_mid, macUlog.ulog_type, macUlog.ulog_rid, macUlog.ulog_sid, macUlog.ulog_nid],
      targetWhere: oneTitle ? TITLE_WHERE : EPISODE_WHERE,
      set: {
        ulog_sid: sql`excluded.ulog_sid`,
        ulog_nid: sql`excluded.ulog_nid`,
        ulog_time: sql`greatest(${macUlog.ulog_time}, excluded.ulog_time)`,
        ulog_progress: keep(macUlog.ulog_progress, progress.progress),
        ulog_duration: keep(macUlog.ulog_duration, progress.duration),
      },
    })
    .returning({ ...getTableColumns(macUlog), inserted: sql<boolean>`(xmax = 0)` });
  if (!res) throw new Error('upsert into mac_ulog returned nothing');
  const { inserted, ...row } = res;
  return { row, inserted: Boolean(inserted) };
}

/** Delete one entry (per its key) or, without `ulog_rid`, every entry of the type; purchases (points > 0) stay. */
export async function deleteEntries(
  db: Db,
  f: { user_id: number; ulog_mid: number; ulog_type: number; ulog_rid?: number; ulog_sid: number; ulog_nid: number },
): Promise<number> {
  const where =
    f.ulog_rid === undefined
      ? and(eq(macUlog.user_id, f.user_id), eq(macUlog.ulog_mid, f.ulog_mid), eq(macUlog.ulog_type, f.ulog_type))
      : keyWhere({ ...f, ulog_rid: f.ulog_rid });
  const rows = await db
    .delete(macUlog)
    .where(and(where, eq(macUlog.ulog_points, 0)))
    .returning({ id: macUlog.ulog_id });
  return rows.length;
}

/** Keep at most `keep` free (points 0) entries of a user and type: the oldest beyond are deleted. */
export async function trimEntries(db: Db, f: { user_id: number; ulog_mid: number; ulog_type: number }, keep: number) {
  await db.execute(sql`
    delete from mac_ulog where ulog_id in (
      select ulog_id from mac_ulog
      where user_id = ${f.user_id} and ulog_mid = ${f.ulog_mid} and ulog_type = ${f.ulog_type} and ulog_points = 0
      order by ulog_time desc, ulog_id desc
      offset ${keep}
    )`);
}

/**
 * Move every entry of `fromUser` to `toUser` (guest merge). An entry the target has already (the same unique key:
 * the title for favourites and watch records, the episode or picture for the others) is merged into the target's:
 * the points paid are the greater, the time the later, and a watch record takes the guest's episode and position
 * when the guest watched later; the guest's copy is then dropped. Returns how many guest entries were merged or
 * moved.
 */
export async function moveUserEntries(db: Db, fromUser: number, toUser: number): Promise<number> {
  const same = sql`g.ulog_mid = t.ulog_mid and g.ulog_type = t.ulog_type and g.ulog_rid = t.ulog_rid and (
      (g.ulog_mid <> 12 and g.ulog_type in (2, 4))
      or (g.ulog_sid = t.ulog_sid and g.ulog_nid = t.ulog_nid))`;
  await db.execute(sql`
    update mac_ulog t set
      ulog_points = greatest(t.ulog_points, g.ulog_points),
      ulog_time = greatest(t.ulog_time, g.ulog_time),
      ulog_sid = case when g.ulog_type = 4 and g.ulog_time > t.ulog_time then g.ulog_sid else t.ulog_sid end,
      ulog_nid = case when g.ulog_type = 4 and g.ulog_time > t.ulog_time then g.ulog_nid else t.ulog_nid end,
      ulog_progress = case when g.ulog_time > t.ulog_time then g.ulog_progress else t.ulog_progress end,
      ulog_duration = case when g.ulog_time > t.ulog_time then g.ulog_duration else t.ulog_duration end
    from mac_ulog g
    where g.user_id = ${fromUser} and t.user_id = ${toUser} and ${same}`);
  const merged = await db.execute(sql`
    delete from mac_ulog g using mac_ulog t
    where g.user_id = ${fromUser} and t.user_id = ${toUser} and ${same}
    returning g.ulog_id`);
  const moved = await db
    .update(macUlog)
    .set({ user_id: toUser })
    .where(eq(macUlog.user_id, fromUser))
    .returning({ id: macUlog.ulog_id });
  return rowsOf(merged).length + moved.length;
}

/** Delete every free (points 0) entry of a user (account deletion). */
export async function deleteUserEntries(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(macUlog)
    .where(and(eq(macUlog.user_id, userId), eq(macUlog.ulog_points, 0)))
    .returning({ id: macUlog.ulog_id });
  return rows.length;
}

/** The user's points balance now (mac_user.user_points), undefined when the user does not exist. */
export async function userPoints(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ p: macUser.user_points }).from(macUser).where(eq(macUser.user_id, userId));
  return row?.p;
}
