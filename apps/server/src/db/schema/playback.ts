/**
 * User logs (`mac_ulog`, research/maccms.md §1.3; spec §3 "Favourite/log record", §7 ajaxUlog): favourites (type
 * 2), watch records (4) and downloads (5) of signed-in users, plus the resume position of a watch record
 * (`ulog_progress`, `ulog_duration`: seconds; MacCMS HEAD's ulog_point/ulog_duration).
 *
 * One entry per title for favourites and watch records (spec §4 "Record list: one entry per film"; the episode of
 * a watch record moves with it), one per episode for the other types and for wallpaper favourites (mid 12, one per
 * picture; issue 7): two partial unique indexes keep that, and a
 * repeated set only updates the entry (MacCMS "an identical row only bumps time").
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, uniqueIndex } from 'drizzle-orm/pg-core';

export const macUlog = pgTable(
  'mac_ulog',
  {
    ulog_id: serial('ulog_id').primaryKey(),
    user_id: integer('user_id').notNull(),
    /** Module: 1 video (default), 12 wallpaper (OpenVod; contract ULOG_MID). */
    ulog_mid: smallint('ulog_mid').notNull().default(1),
    /** 1 browse, 2 favourite, 3 want-to-see, 4 watch, 5 download. */
    ulog_type: smallint('ulog_type').notNull(),
    /** The title (vod_id). */
    ulog_rid: integer('ulog_rid').notNull(),
    ulog_sid: integer('ulog_sid').notNull().default(0),
    ulog_nid: integer('ulog_nid').notNull().default(0),
    /** Seconds since the epoch of the last set. */
    ulog_time: bigint('ulog_time', { mode: 'number' }).notNull(),
    /** Points paid for the entry (> 0 = a purchase; issue 7). */
    ulog_points: integer('ulog_points').notNull().default(0),
    ulog_progress: integer('ulog_progress').notNull().default(0),
    ulog_duration: integer('ulog_duration').notNull().default(0),
  },
  (t) => [
    uniqueIndex('mac_ulog_title_uq')
      .on(t.user_id, t.ulog_mid, t.ulog_type, t.ulog_rid)
      .where(sql`${t.ulog_mid} <> 12 and ${t.ulog_type} in (2, 4)`),
    uniqueIndex('mac_ulog_episode_uq')
      .on(t.user_id, t.ulog_mid, t.ulog_type, t.ulog_rid, t.ulog_sid, t.ulog_nid)
      .where(sql`${t.ulog_mid} = 12 or ${t.ulog_type} not in (2, 4)`),
    index('mac_ulog_user_time_idx').on(t.user_id, t.ulog_type, t.ulog_time),
  ],
);
