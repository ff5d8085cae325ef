/**
 * SQL of the downloads module: the report rows of `download_event` (one per user, episode, event and operator day),
 * their counts per day and event, and the most downloaded titles with their names (`mac_vod`).
 */
import type { DownloadEvent } from '@openvod/contract';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.ts';
import type { Db } from '../../db/client.ts';
import { downloadEvent, macVod } from '../../db/schema/index.ts';

export interface EventKey {
  userId: number;
  vodId: number;
  sid: number;
  nid: number;
  event: DownloadEvent;
  day: string;
}

/**
 * Store the report `k` (INSERT ... ON CONFLICT DO NOTHING on `download_event_uq`): true when this call stored it,
 * false when it was stored before (on PostgreSQL a concurrent insert of the same key waits on the unique index
 * until the first commits, then does nothing).
 */
export async function insertEvent(db: Db, k: EventKey): Promise<boolean> {
  const rows = await db
    .insert(downloadEvent)
    .values({ user_id: k.userId, vod_id: k.vodId, sid: k.sid, nid: k.nid, event: k.event, day: k.day })
    .onConflictDoNothing()
    .returning({ id: downloadEvent.event_id });
  return rows.length > 0;
}

/** Rows per (operator day, event) between the days `from` and `to` (inclusive). */
export async function countsByDay(
  db: Db,
  from: string,
  to: string,
): Promise<{ day: string; event: string; n: number }[]> {
  return db
    .select({ day: downloadEvent.day, event: downloadEvent.event, n: count() })
    .from(downloadEvent)
    .where(and(gte(downloadEvent.day, from), lte(downloadEvent.day, to)))
    .groupBy(downloadEvent.day, downloadEvent.event);
}

/**
 * The `limit` titles with the most episodes started between `from` and `to` (then completed, then the title id),
 * with their counts per event, the distinct users who started one, and the title's name ('' when deleted).
 */
export async function topTitles(db: Db, from: string, to: string, limit: number) {
  const n = (event: DownloadEvent) =>
    sql<number>`cast(count(*) filter (where ${downloadEvent.event} = ${event}) as int)`;
  const started = n('started');
  const completed = n('completed');
  return db
    .select({
      vod_id: downloadEvent.vod_id,
      vod_name: sql<string>`coalesce(max(${macVod.vod_name}), '')`,
      started,
      completed,
      failed: n('failed'),
      users: sql<number>`cast(count(distinct ${downloadEvent.user_id}) filter (where ${downloadEvent.event} = 'started') as int)`,
    })
    .from(downloadEvent)
    .leftJoin(macVod, eq(macVod.vod_id, downloadEvent.vod_id))
    .where(and(gte(downloadEvent.day, from), lte(downloadEvent.day, to)))
    .groupBy(downloadEvent.vod_id)
    .orderBy(desc(started), desc(completed), downloadEvent.vod_id)
    .limit(limit);
}

/**
 * A device guest's reports become the account's it signed into (the accounts module's `user.merged`, inside the
 * merge transaction): rows the target already has for the same key stay counted once (the guest's copy goes).
 * Returns how many guest rows moved.
 */
export async function moveUser(tx: Db, fromUser: number, toUser: number): Promise<number> {
  const moved = await tx.execute(sql`
    update ${downloadEvent} g set user_id = ${toUser}
    where g.user_id = ${fromUser} and not exists (
      select 1 from ${downloadEvent} t
      where t.user_id = ${toUser} and t.vod_id = g.vod_id and t.sid = g.sid and t.nid = g.nid
        and t.event = g.event and t.day = g.day)
    returning g.event_id`);
  await tx.delete(downloadEvent).where(eq(downloadEvent.user_id, fromUser));
  return rowsOf(moved).length;
}
