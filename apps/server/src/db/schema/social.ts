/**
 * The social tables (modules/social): follows (MacCMS HEAD `mac_user_follow`: follower, followed, time; one row per
 * pair, indexed by the followed for fan lists and counts), likes of titles (`mac_vod_digg`: one row per member and
 * title; `mac_vod.vod_up` is kept equal to their count in the same transaction) and short links (`mac_short_url`:
 * an app page by code, with its opens).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { macUser } from './accounts.ts';
import { macVod } from './content.ts';

export const macUserFollow = pgTable(
  'mac_user_follow',
  {
    follow_id: serial('follow_id').primaryKey(),
    /** The follower. */
    user_id: integer('user_id')
      .notNull()
      .references(() => macUser.user_id, { onDelete: 'cascade' }),
    /** The member followed. */
    follow_user_id: integer('follow_user_id')
      .notNull()
      .references(() => macUser.user_id, { onDelete: 'cascade' }),
    follow_time: timestamp('follow_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mac_user_follow_pair_uq').on(t.user_id, t.follow_user_id),
    index('mac_user_follow_followed_idx').on(t.follow_user_id, t.follow_id),
    check('mac_user_follow_not_self', sql`${t.user_id} <> ${t.follow_user_id}`),
  ],
);

export const macVodDigg = pgTable(
  'mac_vod_digg',
  {
    vod_id: integer('vod_id')
      .notNull()
      .references(() => macVod.vod_id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => macUser.user_id, { onDelete: 'cascade' }),
    digg_time: timestamp('digg_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vod_id, t.user_id] }), index('mac_vod_digg_user_idx').on(t.user_id)],
);

export const macShortUrl = pgTable(
  'mac_short_url',
  {
    short_code: varchar('short_code', { length: 16 }).primaryKey(),
    /** The app page (`<path>?<query>`, packages/contract/src/social.ts SHAREABLE_PATHS). */
    short_path: varchar('short_path', { length: 300 }).notNull(),
    /** Who made it first (0: nobody signed in). */
    user_id: integer('user_id').notNull().default(0),
    short_opens: integer('short_opens').notNull().default(0),
    short_time: timestamp('short_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mac_short_url_path_uq').on(t.short_path)],
);
