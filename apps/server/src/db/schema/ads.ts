/**
 * Ads (`mac_ad`): every field of spec §3 "Ad record" plus the console's name, order, schedule, box options.
 * Slots are `ad_local_type` values (12 the player's pre-play and pause slot, 16 the title page). Issue 7 extends
 * this table's users (impressions, clicks, caps); the record itself is complete here.
 */
import { index, integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const macAd = pgTable(
  'mac_ad',
  {
    ad_id: serial('ad_id').primaryKey(),
    ad_name: varchar('ad_name', { length: 100 }).notNull(),
    ad_local_type: integer('ad_local_type').notNull(),
    /** 1 active, 0 off. */
    ad_status: smallint('ad_status').notNull().default(1),
    /** 'h5' (web app), 'app', 'mp'. */
    ad_platform_type: varchar('ad_platform_type', { length: 10 }).notNull().default('h5'),
    /** 0 network banner, 1 image, 2 video, 3 script code, 4 platform ad. */
    ad_type: smallint('ad_type').notNull(),
    ad_width: integer('ad_width').notNull().default(0),
    ad_height: integer('ad_height').notNull().default(0),
    /** 0 never, 1 rewarded video, 2 interstitial, 3 full-screen video. */
    ad_show_type: smallint('ad_show_type').notNull().default(2),
    ad_show_num: integer('ad_show_num').notNull().default(0),
    ad_show_times: integer('ad_show_times').notNull().default(0),
    ad_pic_url: varchar('ad_pic_url', { length: 1024 }).notNull().default(''),
    ad_url: varchar('ad_url', { length: 1024 }).notNull().default(''),
    ad_video_url: varchar('ad_video_url', { length: 1024 }).notNull().default(''),
    /** Script ads (ad_type 3): rendered only in a sandboxed iframe (DESIGN.md §8), never sent by adList. */
    ad_js_code: text('ad_js_code').notNull().default(''),
    ad_uni_id: varchar('ad_uni_id', { length: 100 }).notNull().default(''),
    ad_google_id: varchar('ad_google_id', { length: 200 }).notNull().default(''),
    ad_sort: integer('ad_sort').notNull().default(0),
    ad_closable: smallint('ad_closable').notNull().default(1),
    /** Longest show in seconds (0 = the slot's default). */
    ad_duration: integer('ad_duration').notNull().default(0),
    ad_start_time: timestamp('ad_start_time', { withTimezone: true }),
    ad_end_time: timestamp('ad_end_time', { withTimezone: true }),
    ad_time_add: timestamp('ad_time_add', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mac_ad_slot_idx').on(t.ad_local_type, t.ad_status, t.ad_sort)],
);
