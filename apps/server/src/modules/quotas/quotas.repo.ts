/**
 * SQL of the quotas module: read-only looks at the title's price and category (`mac_vod`), the group's rights
 * (`mac_group`) and the user's log entries (`mac_ulog`), the claims of the free-use journal (`quota_use`) and the
 * purchase row of a bought title (a `mac_ulog` entry with `ulog_points` > 0, MacCMS `ajax_buy_popedom`).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { macGroup, macUlog, macVod, quotaUse } from '../../db/schema/index.ts';

/** Log types kept once per title (views, favourites); downloads are per episode (playback/ulog.repo.ts). */
const PER_TITLE = [2, 4];

export interface TitleFacts {
  vod_id: number;
  /** Top category (type_id_1, or type_id for a title filed directly under a top category). */
  top: number;
  /** Its own category. */
  type_id: number;
  vod_points_play: number;
  vod_points_down: number;
}

/** A published title's category and prices; undefined when missing or unpublished. */
export async function titleFacts(db: Db, id: number): Promise<TitleFacts | undefined> {
  const [row] = await db
    .select({
      vod_id: macVod.vod_id,
      type_id: macVod.type_id,
      type_id_1: macVod.type_id_1,
      vod_points_play: macVod.vod_points_play,
      vod_points_down: macVod.vod_points_down,
    })
    .from(macVod)
    .where(and(eq(macVod.vod_id, id), eq(macVod.vod_status, 1)));
  if (!row) return undefined;
  return {
    vod_id: row.vod_id,
    top: row.type_id_1 || row.type_id,
    type_id: row.type_id,
    vod_points_play: row.vod_points_play,
    vod_points_down: row.vod_points_down,
  };
}

export interface GroupRights {
  group_type: string;
  group_popedom: Record<string, number[]>;
}

/** An enabled group's `group_type` and `group_popedom`; undefined when missing or disabled. */
export async function groupRights(db: Db, groupId: number): Promise<GroupRights | undefined> {
  const [row] = await db
    .select({ group_type: macGroup.group_type, group_popedom: macGroup.group_popedom, status: macGroup.group_status })
    .from(macGroup)
    .where(eq(macGroup.group_id, groupId));
  return row && row.status === 1 ? { group_type: row.group_type, group_popedom: row.group_popedom ?? {} } : undefined;
}

/** Whether the user bought this access (a `mac_ulog` row of the type and title with points > 0). */
export async function bought(db: Db, userId: number, type: number, vodId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: macUlog.ulog_id })
    .from(macUlog)
    .where(
      and(
        eq(macUlog.user_id, userId),
        eq(macUlog.ulog_mid, 1),
        eq(macUlog.ulog_type, type),
        eq(macUlog.ulog_rid, vodId),
        gt(macUlog.ulog_points, 0),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether a log entry exists: of the title for views, of the episode for downloads (as ajaxUlog keys them). */
export async function hasRecord(
  db: Db,
  k: { userId: number; type: number; vodId: number; sid: number; nid: number },
): Promise<boolean> {
  const conds = [
    eq(macUlog.user_id, k.userId),
    eq(macUlog.ulog_mid, 1),
    eq(macUlog.ulog_type, k.type),
    eq(macUlog.ulog_rid, k.vodId),
  ];
  if (!PER_TITLE.includes(k.type)) conds.push(eq(macUlog.ulog_sid, k.sid), eq(macUlog.ulog_nid, k.nid));
  const [row] = await db
    .select({ id: macUlog.ulog_id })
    .from(macUlog)
    .where(and(...conds))
    .limit(1);
  return Boolean(row);
}

export interface UseKey {
  userId: number;
  day: string;
  type: number;
  vodId: number;
  sid: number;
  nid: number;
}

/**
 * Claim the use of `k` (INSERT ... ON CONFLICT DO NOTHING): true when this call claimed it, false when it was
 * claimed before (on PostgreSQL a concurrent claimer waits on the unique index until the first commits or rolls
 * back).
 */
export async function claimUse(tx: Db, k: UseKey): Promise<boolean> {
  const rows = await tx
    .insert(quotaUse)
    .values({ user_id: k.userId, day: k.day, ulog_type: k.type, vod_id: k.vodId, sid: k.sid, nid: k.nid })
    .onConflictDoNothing()
    .returning({ id: quotaUse.use_id });
  return rows.length > 0;
}

/** Record where a claimed use came from (`free` or `extra`). */
export async function setUseSource(tx: Db, k: UseKey, source: 'free' | 'extra'): Promise<void> {
  await tx
    .update(quotaUse)
    .set({ source })
    .where(
      and(
        eq(quotaUse.user_id, k.userId),
        eq(quotaUse.day, k.day),
        eq(quotaUse.ulog_type, k.type),
        eq(quotaUse.vod_id, k.vodId),
        eq(quotaUse.sid, k.sid),
        eq(quotaUse.nid, k.nid),
      ),
    );
}

/**
 * Write the purchase row of a bought access (MacCMS: "insert ulog" after the deduction): the type's entry of the
 * title (per title for views, the whole-item episode 0/0 for downloads) with `ulog_points` = the price. An existing
 * free entry of the title becomes the purchase row (its episode and progress stay).
 */
export async function writePurchase(
  tx: Db,
  p: { userId: number; type: number; vodId: number; points: number; at: number },
): Promise<void> {
  const conds = [
    eq(macUlog.user_id, p.userId),
    eq(macUlog.ulog_mid, 1),
    eq(macUlog.ulog_type, p.type),
    eq(macUlog.ulog_rid, p.vodId),
  ];
  if (!PER_TITLE.includes(p.type)) conds.push(eq(macUlog.ulog_sid, 0), eq(macUlog.ulog_nid, 0));
  // Update the entry when there is one, else insert it; a concurrent insert of the same entry (a log write racing
  // the purchase) makes the insert do nothing, and the second update then finds that row. No reliance on the
  // shape of mac_ulog's partial unique indexes (playback owns them).
  const update = () =>
    tx
      .update(macUlog)
      .set({
        ulog_points: sql`greatest(${macUlog.ulog_points}, ${p.points})`,
        ulog_time: sql`greatest(${macUlog.ulog_time}, ${p.at})`,
      })
      .where(and(...conds))
      .returning({ id: macUlog.ulog_id });
  if ((await update()).length) return;
  const inserted = await tx
    .insert(macUlog)
    .values({
      user_id: p.userId,
      ulog_mid: 1,
      ulog_type: p.type,
      ulog_rid: p.vodId,
      ulog_time: p.at,
      ulog_points: p.points,
    })
    .onConflictDoNothing()
    .returning({ id: macUlog.ulog_id });
  if (!inserted.length && !(await update()).length) throw new Error('the purchase row could not be written');
}
