/**
 * Ads (`mac_ad`): every field of spec §3 "Ad record" plus the console's name, order (`ad_sort` per slot), schedule
 * (`ad_start_time` / `ad_end_time`), box options. Slots are `ad_local_type` values (contract `AD_SLOT`: 1 the
 * launch splash, 2 the banner, 12 the player's pre-play and pause slot, 16 the title page).
 *
 * Issue 7 item 4 (the ad system), all counted on the server:
 * - `ad_impression`: one row per ad shown (the signed show token's nonce is unique, so a replayed beacon counts
 *   once), with the viewer (`subject`: `u:<user_id>`, `d:<device id>` or `ip:<address>`), the operator day, and
 *   once clicked `clicked_at`, once paid `rewarded_at` (setPlog type 13 claims it with a guarded update: one
 *   payment per shown ad).
 * - `ad_stat_day`: impressions and clicks per ad per operator day (the console's columns).
 * - `ad_viewer_cap`: per viewer per ad the shows of its operator `day` and the last show time: the banner caps of
 *   spec §4 (`ad_show_num` a day, `ad_show_times` minutes apart) read it when serving.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

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

/** One shown ad (see the file comment). */
export const adImpression = pgTable(
  'ad_impression',
  {
    id: serial('id').primaryKey(),
    /** The show token's random nonce (base64url): one row per token. */
    nonce: varchar('nonce', { length: 32 }).notNull(),
    ad_id: integer('ad_id').notNull(),
    /** `u:<user_id>`, `d:<device id>` or `ip:<address>`. */
    subject: varchar('subject', { length: 80 }).notNull(),
    /** The signed-in viewer the ad was served to (0: none). */
    user_id: integer('user_id').notNull().default(0),
    /** Operator day (YYYY-MM-DD, server TZ) of the show. */
    day: varchar('day', { length: 10 }).notNull(),
    shown_at: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
    clicked_at: timestamp('clicked_at', { withTimezone: true }),
    rewarded_at: timestamp('rewarded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ad_impression_nonce_uq').on(t.nonce), index('ad_impression_ad_day_idx').on(t.ad_id, t.day)],
);

/** Impressions and clicks per ad per operator day. */
export const adStatDay = pgTable(
  'ad_stat_day',
  {
    ad_id: integer('ad_id').notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ad_id, t.day] }),
    check('ad_stat_day_nonneg', sql`${t.impressions} >= 0 and ${t.clicks} >= 0`),
  ],
);

/** Per viewer per ad: shows on `day` and the last show (spec §4 banner caps). */
export const adViewerCap = pgTable(
  'ad_viewer_cap',
  {
    subject: varchar('subject', { length: 80 }).notNull(),
    ad_id: integer('ad_id').notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    shows: integer('shows').notNull().default(0),
    last_shown_at: timestamp('last_shown_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.ad_id] }), check('ad_viewer_cap_nonneg', sql`${t.shows} >= 0`)],
);
