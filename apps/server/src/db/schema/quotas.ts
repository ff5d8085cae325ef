/**
 * The journal of free-view and free-download uses (issue 7 item 2; spec §4 "Free-view flow"). Each use of a free or
 * extra view/download by the free-view rule claims one row, unique per (user, operator day, log type, title,
 * source, episode): a replayed or parallel log write of the same title on the same day finds the row taken and
 * takes nothing. The daily counters it explains are `points_user_day.free_views` / `free_downloads` (source
 * `free`); extra uses (source `extra`) are also journaled on the ledger (`ledger_entry`, asset views/downloads).
 * Views are per title (`sid`/`nid` 0), downloads per episode.
 */
import { bigserial, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const quotaUse = pgTable(
  'quota_use',
  {
    use_id: bigserial('use_id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id').notNull(),
    /** The operator's day (YYYY-MM-DD in the configured time zone). */
    day: varchar('day', { length: 10 }).notNull(),
    /** 4 play, 5 download. */
    ulog_type: smallint('ulog_type').notNull(),
    vod_id: integer('vod_id').notNull(),
    sid: integer('sid').notNull().default(0),
    nid: integer('nid').notNull().default(0),
    /** `free` (the day's free quota) or `extra` (a bought / rewarded view on the ledger). */
    source: varchar('source', { length: 8 }).notNull().default('free'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quota_use_uq').on(t.user_id, t.day, t.ulog_type, t.vod_id, t.sid, t.nid)],
);
