/**
 * The downloads report (issue 17 item 2; modules/downloads).
 *
 * - `download_event`: one row per (user, title, source, episode, event, operator day) that a viewer's downloader
 *   reported (`started` | `completed` | `failed`); the unique index makes a replayed or repeated report of the same
 *   day count once (INSERT ... ON CONFLICT DO NOTHING). The console counts rows per day and event.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const downloadEvent = pgTable(
  'download_event',
  {
    event_id: bigserial('event_id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id').notNull(),
    vod_id: integer('vod_id').notNull(),
    /** 1-based source and episode (as ajaxUlog's `sid` / `nid`). */
    sid: smallint('sid').notNull(),
    nid: integer('nid').notNull(),
    /** `started`, `completed` or `failed`. */
    event: varchar('event', { length: 16 }).notNull(),
    /** The operator's day (YYYY-MM-DD in the configured time zone) the report counts on. */
    day: varchar('day', { length: 10 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('download_event_uq').on(t.user_id, t.vod_id, t.sid, t.nid, t.event, t.day),
    index('download_event_day_idx').on(t.day, t.event),
    check('download_event_event_chk', sql`${t.event} in ('started','completed','failed')`),
  ],
);
