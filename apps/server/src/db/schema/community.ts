/**
 * The community's safety layer (modules/community): the users the operator muted from writing comments, movie
 * requests, feedback and reports. The word list and limits are operator settings (`app_setting` key `community`).
 */
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { macUser } from './accounts.ts';

/** One row per muted user; `until` null: muted until the operator unmutes. */
export const communityMute = pgTable('community_mute', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => macUser.user_id, { onDelete: 'cascade' }),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  until: timestamp('until', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
