/**
 * Danmaku (spec §3 "Danmaku"; issue 5 item 3): one row per posted comment, and the users the operator blocked from
 * sending (issue 5 item 6).
 *
 * - `barrage_time_ms`: playback position in integer milliseconds (the API speaks seconds, `barrage_time`).
 * - `barrage_text`: the text as the user typed it (trimmed, control characters dropped); escaped on output.
 * - `status`: 1 shown, 0 removed by the operator (kept for the record, never listed).
 * - `user_name` / `avatar`: the sender's name and portrait at sending time (from the session, never from the body).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { macUser } from './accounts.ts';
import { macVod } from './content.ts';

export const danmaku = pgTable(
  'danmaku',
  {
    barrage_id: serial('barrage_id').primaryKey(),
    vod_id: integer('vod_id')
      .notNull()
      .references(() => macVod.vod_id, { onDelete: 'cascade' }),
    sid: integer('sid').notNull().default(1),
    nid: integer('nid').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => macUser.user_id, { onDelete: 'cascade' }),
    user_name: varchar('user_name', { length: 32 }).notNull().default(''),
    barrage_time_ms: integer('barrage_time_ms').notNull(),
    barrage_text: varchar('barrage_text', { length: 200 }).notNull(),
    barrage_color: varchar('barrage_color', { length: 7 }).notNull().default('#ff0000'),
    avatar: varchar('avatar', { length: 1024 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('danmaku_episode_idx').on(t.vod_id, t.nid, t.barrage_time_ms),
    index('danmaku_user_idx').on(t.user_id),
    index('danmaku_created_idx').on(t.created_at),
    check('danmaku_time_nonneg', sql`${t.barrage_time_ms} >= 0`),
  ],
);

/** Users the operator blocked from sending danmaku (one row per user). */
export const danmakuBlock = pgTable('danmaku_block', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => macUser.user_id, { onDelete: 'cascade' }),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
