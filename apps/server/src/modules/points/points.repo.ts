/**
 * SQL of the points module: the task config (`points_task`), the per-(user, operator day, task) completion counters
 * (`points_task_day`), the per-(user, operator day) watch seconds and free-use counters (`points_user_day`), the free
 * quotas per group (`points_quota`), the exchange prices (`points_setting` row 1 and MacCMS `mac_group.
 * group_points_day`), the points log (MacCMS `mac_plog`) and the balance (`mac_user.user_points`). Balances and the
 * log are written only by the ledger (modules/ledger); here they are read. Every function takes `db`, which may be a
 * transaction.
 */
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.ts';
import type { Db } from '../../db/client.ts';
import {
  macGroup,
  macPlog,
  macUser,
  pointsQuota,
  pointsSetting,
  pointsTask,
  pointsTaskDay,
  pointsUserDay,
} from '../../db/schema/index.ts';

export type TaskRow = typeof pointsTask.$inferSelect;
export type UserDayRow = typeof pointsUserDay.$inferSelect;
export type PlogRow = typeof macPlog.$inferSelect;

/** Every task of the task config, in the console's order (`sort`, then id). */
export function listTasks(db: Db): Promise<TaskRow[]> {
  return db.select().from(pointsTask).orderBy(asc(pointsTask.sort), asc(pointsTask.task_id));
}

/** The task of a plog type (MacCMS `plog_type`), if configured. */
export async function taskByType(db: Db, plogType: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(pointsTask).where(eq(pointsTask.plog_type, plogType));
  return row;
}

/** The task of an id, if any. */
export async function taskById(db: Db, id: number): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(pointsTask).where(eq(pointsTask.task_id, id));
  return row;
}

/** Change a task's `points` / `num` / `long` / `enabled`; the row after the change, undefined when missing. */
export async function updateTask(
  db: Db,
  id: number,
  set: { points?: number; num?: number; long?: number; enabled?: boolean },
): Promise<TaskRow | undefined> {
  const [row] = await db.update(pointsTask).set(set).where(eq(pointsTask.task_id, id)).returning();
  return row;
}

/** A user's `user_points` now (0 for a missing user). */
export async function userPoints(db: Db, userId: number): Promise<number> {
  const [u] = await db.select({ p: macUser.user_points }).from(macUser).where(eq(macUser.user_id, userId));
  return u?.p ?? 0;
}

/** A user's `user_points` and `user_end_time` (seconds; 0 for a missing user). */
export async function userPointsAndEnd(db: Db, userId: number): Promise<{ points: number; endTime: number }> {
  const [u] = await db
    .select({ p: macUser.user_points, end: macUser.user_end_time })
    .from(macUser)
    .where(eq(macUser.user_id, userId));
  return { points: u?.p ?? 0, endTime: u?.end ?? 0 };
}

/**
 * Guarded `count + 1` of the (user, day, task) completion counter while it is below `num` (an upsert whose update
 * re-checks the WHERE on the committed row, so the cap holds under concurrency); undefined when the cap is reached.
 */
export async function bumpTaskCount(
  tx: Db,
  userId: number,
  day: string,
  plogType: number,
  num: number,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(pointsTaskDay)
    .values({ user_id: userId, day, plog_type: plogType, count: 1 })
    .onConflictDoUpdate({
      target: [pointsTaskDay.user_id, pointsTaskDay.day, pointsTaskDay.plog_type],
      set: { count: sql`${pointsTaskDay.count} + 1` },
      setWhere: sql`${pointsTaskDay.count} < ${num}`,
    })
    .returning({ count: pointsTaskDay.count });
  return row?.count;
}

/** Completions of one task by a user on an operator day (0 when none). */
export async function taskCount(db: Db, userId: number, day: string, plogType: number): Promise<number> {
  const [row] = await db
    .select({ count: pointsTaskDay.count })
    .from(pointsTaskDay)
    .where(and(eq(pointsTaskDay.user_id, userId), eq(pointsTaskDay.day, day), eq(pointsTaskDay.plog_type, plogType)));
  return row?.count ?? 0;
}

/** Completion counters of every task a user did on an operator day (unordered). */
export function taskCountsOfDay(db: Db, userId: number, day: string): Promise<{ plog_type: number; count: number }[]> {
  return db
    .select({ plog_type: pointsTaskDay.plog_type, count: pointsTaskDay.count })
    .from(pointsTaskDay)
    .where(and(eq(pointsTaskDay.user_id, userId), eq(pointsTaskDay.day, day)));
}

/** A user's counters row of an operator day (watch seconds, free uses); undefined before the day's first write. */
export async function userDay(db: Db, userId: number, day: string): Promise<UserDayRow | undefined> {
  const [row] = await db
    .select()
    .from(pointsUserDay)
    .where(and(eq(pointsUserDay.user_id, userId), eq(pointsUserDay.day, day)));
  return row;
}

/**
 * Take one free view or download of a user's operator day: a guarded upsert of `free_views` / `free_downloads` that
 * succeeds only while the count is below `total`. True when a use was taken.
 */
export async function takeFreeUse(
  db: Db,
  userId: number,
  day: string,
  kind: 'views' | 'downloads',
  total: number,
): Promise<boolean> {
  const col = kind === 'views' ? pointsUserDay.free_views : pointsUserDay.free_downloads;
  const [row] = await db
    .insert(pointsUserDay)
    .values({ user_id: userId, day, ...(kind === 'views' ? { free_views: 1 } : { free_downloads: 1 }) })
    .onConflictDoUpdate({
      target: [pointsUserDay.user_id, pointsUserDay.day],
      set: kind === 'views' ? { free_views: sql`${col} + 1` } : { free_downloads: sql`${col} + 1` },
      setWhere: sql`${col} < ${total}`,
    })
    .returning({ user_id: pointsUserDay.user_id });
  return Boolean(row);
}

/**
 * Add watched seconds to a user's operator day in one guarded upsert: at most `duration`, `maxReport` and the wall
 * time since the day's previous report (`watch_reported_at`) + 5 s; a day's first report counts `first` seconds.
 * `watch_reported_at` only moves forward. Returns the day's total seconds after the write.
 */
export async function addWatchSeconds(
  db: Db,
  r: { userId: number; day: string; duration: number; first: number; maxReport: number; now: Date },
): Promise<number> {
  const nowIso = r.now.toISOString();
  const [row] = await db
    .insert(pointsUserDay)
    .values({ user_id: r.userId, day: r.day, watch_seconds: r.first, watch_reported_at: r.now })
    .onConflictDoUpdate({
      target: [pointsUserDay.user_id, pointsUserDay.day],
      set: {
        watch_seconds: sql`${pointsUserDay.watch_seconds} + least(${r.duration}::int, ${r.maxReport}::int,
            greatest(0, ceil(extract(epoch from (${nowIso}::timestamptz - coalesce(${pointsUserDay.watch_reported_at}, ${nowIso}::timestamptz))))::int + 5))`,
        watch_reported_at: sql`greatest(coalesce(${pointsUserDay.watch_reported_at}, ${nowIso}::timestamptz), ${nowIso}::timestamptz)`,
      },
    })
    .returning({ watch_seconds: pointsUserDay.watch_seconds });
  return row?.watch_seconds ?? 0;
}

/** One page of a user's watched seconds per operator day with any seconds, newest day first, and their count. */
export async function watchDays(
  db: Db,
  userId: number,
  page: number,
  limit: number,
): Promise<{ list: { day: string; seconds: number }[]; total: number }> {
  const where = and(eq(pointsUserDay.user_id, userId), sql`${pointsUserDay.watch_seconds} > 0`);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(pointsUserDay).where(where);
  const list = await db
    .select({ day: pointsUserDay.day, seconds: pointsUserDay.watch_seconds })
    .from(pointsUserDay)
    .where(where)
    .orderBy(desc(pointsUserDay.day))
    .limit(limit)
    .offset((page - 1) * limit);
  return { list, total };
}

/** One page of a user's points log (`mac_plog`), newest first, and its number of rows. */
export async function plogPage(
  db: Db,
  userId: number,
  page: number,
  limit: number,
): Promise<{ rows: PlogRow[]; total: number }> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(macPlog)
    .where(eq(macPlog.user_id, userId));
  const rows = await db
    .select()
    .from(macPlog)
    .where(eq(macPlog.user_id, userId))
    .orderBy(desc(macPlog.plog_time), desc(macPlog.plog_id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total };
}

/** A group's free views / downloads per day (`points_quota`); undefined when the operator set none. */
export async function groupQuota(
  db: Db,
  groupId: number,
): Promise<{ free_views: number; free_downloads: number } | undefined> {
  const [row] = await db.select().from(pointsQuota).where(eq(pointsQuota.group_id, groupId));
  return row;
}

/** Every group's free quota row. */
export function listQuotas(db: Db): Promise<{ group_id: number; free_views: number; free_downloads: number }[]> {
  return db.select().from(pointsQuota);
}

/** Set a group's free views / downloads per day (insert or replace). */
export async function upsertQuota(
  db: Db,
  q: { group_id: number; free_views: number; free_downloads: number },
): Promise<void> {
  await db
    .insert(pointsQuota)
    .values(q)
    .onConflictDoUpdate({
      target: pointsQuota.group_id,
      set: { free_views: q.free_views, free_downloads: q.free_downloads },
    });
}

/** The exchange prices (`points_setting` row 1: points per view, per download); undefined until first saved. */
export async function exchangeSetting(db: Db): Promise<{ view_points: number; download_points: number } | undefined> {
  const [s] = await db.select().from(pointsSetting).where(eq(pointsSetting.id, 1));
  return s;
}

/** Change the exchange prices of `points_setting` row 1 (created when missing). */
export async function upsertExchangeSetting(
  db: Db,
  set: { view_points?: number; download_points?: number },
): Promise<void> {
  await db
    .insert(pointsSetting)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: pointsSetting.id, set });
}

/** The enabled VIP groups (id 3 and above), by id, with their VIP-day price (`group_points_day`, 0 = not offered). */
export function vipDayPrices(db: Db): Promise<{ group_id: number; group_name: string; points_per_day: number }[]> {
  return db
    .select({
      group_id: macGroup.group_id,
      group_name: macGroup.group_name,
      points_per_day: macGroup.group_points_day,
    })
    .from(macGroup)
    .where(and(gte(macGroup.group_id, 3), eq(macGroup.group_status, 1)))
    .orderBy(asc(macGroup.group_id));
}

/** Every group, by id, with its name and VIP-day price (`group_points_day`). */
export function groupsWithDayPrice(db: Db): Promise<{ group_id: number; group_name: string; day: number }[]> {
  return db
    .select({ group_id: macGroup.group_id, group_name: macGroup.group_name, day: macGroup.group_points_day })
    .from(macGroup)
    .orderBy(asc(macGroup.group_id));
}

/** Set a group's VIP-day price of the exchange centre (MacCMS `group_points_day`). */
export async function setGroupDayPrice(db: Db, groupId: number, pointsPerDay: number): Promise<void> {
  await db.update(macGroup).set({ group_points_day: pointsPerDay }).where(eq(macGroup.group_id, groupId));
}

/**
 * Points issued (sum of credits) and spent (sum of debits, positive) per plog type over the operator days `from`..`to`
 * (inclusive, `YYYY-MM-DD`, days in `timeZone`), by plog type.
 */
export async function plogTotalsByType(
  db: Db,
  from: string,
  to: string,
  timeZone: string,
): Promise<{ plog_type: number; issued: number; spent: number }[]> {
  const rows = await db
    .select({
      plog_type: macPlog.plog_type,
      issued: sql<string>`coalesce(sum(case when ${macPlog.plog_points} > 0 then ${macPlog.plog_points} end), 0)`,
      spent: sql<string>`coalesce(-sum(case when ${macPlog.plog_points} < 0 then ${macPlog.plog_points} end), 0)`,
    })
    .from(macPlog)
    .where(
      and(
        gte(sql`(${macPlog.plog_time} at time zone ${timeZone})::date`, sql`${from}::date`),
        lte(sql`(${macPlog.plog_time} at time zone ${timeZone})::date`, sql`${to}::date`),
      ),
    )
    .groupBy(macPlog.plog_type)
    .orderBy(asc(macPlog.plog_type));
  return rows.map((r) => ({ plog_type: r.plog_type, issued: Number(r.issued), spent: Number(r.spent) }));
}

/** Points every user holds now (sum of `mac_user.user_points`). */
export async function outstandingPoints(db: Db): Promise<number> {
  const out = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select coalesce(sum(user_points), 0) as s from mac_user`),
  );
  return Number(out[0]?.s ?? 0);
}
