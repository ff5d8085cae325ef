/**
 * Points and tasks (issue 7 item 5; spec §3 Task config, §4 Sign-in / Duration reward, §9 daily rewards). Points
 * themselves live in `mac_user.user_points` with the `mac_plog` journal (ledger asset `points`); these tables hold
 * the operator's task config, the per-day counters and the free quotas:
 *
 * - `points_task`: one row per daily task (its own plog type), seeded by migration 0004 (custom SQL `points.sql`).
 * - `points_task_day`: completions per (user, operator day, plog type), raised with a guarded upsert
 *   (`count < num`) in the same transaction as the journal row, so the daily cap holds under concurrency.
 * - `points_user_day`: per (user, operator day): watched seconds counted by setDuration (and when last reported),
 *   free views / downloads used that day (the free-view flow of issue 7 item 2 raises them). A new day is a new row:
 *   the counters reset at the operator's midnight.
 * - `points_quota`: free views / downloads per day per user group (the console's quotas page).
 * - `points_setting`: one row (id 1): exchange prices in points per view and per download.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const pointsTask = pgTable(
  'points_task',
  {
    task_id: serial('task_id').primaryKey(),
    task_key: varchar('task_key', { length: 32 }).notNull(),
    plog_type: smallint('plog_type').notNull(),
    points: integer('points').notNull().default(0),
    /** Completions paid per operator day. */
    num: integer('num').notNull().default(1),
    /** Minutes of watching for duration tasks, else 0. */
    long: integer('long').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('points_task_key_uq').on(t.task_key),
    uniqueIndex('points_task_type_uq').on(t.plog_type),
    check('points_task_nonneg', sql`${t.points} >= 0 and ${t.num} >= 1 and ${t.long} >= 0`),
  ],
);

export const pointsTaskDay = pgTable(
  'points_task_day',
  {
    user_id: integer('user_id').notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    plog_type: smallint('plog_type').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.day, t.plog_type] })],
);

export const pointsUserDay = pgTable(
  'points_user_day',
  {
    user_id: integer('user_id').notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    watch_seconds: integer('watch_seconds').notNull().default(0),
    watch_reported_at: timestamp('watch_reported_at', { withTimezone: true }),
    free_views: integer('free_views').notNull().default(0),
    free_downloads: integer('free_downloads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.day] })],
);

export const pointsQuota = pgTable('points_quota', {
  group_id: integer('group_id').primaryKey(),
  free_views: integer('free_views').notNull().default(0),
  free_downloads: integer('free_downloads').notNull().default(0),
});

export const pointsSetting = pgTable('points_setting', {
  id: integer('id').primaryKey(),
  view_points: integer('view_points').notNull().default(10),
  download_points: integer('download_points').notNull().default(20),
});
