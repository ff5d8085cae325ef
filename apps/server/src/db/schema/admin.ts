/** Console accounts (`mac_admin`) and their sessions: opaque tokens stored as sha256 hashes (DESIGN.md §2). */
import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

export const macAdmin = pgTable('mac_admin', {
  admin_id: serial('admin_id').primaryKey(),
  admin_name: varchar('admin_name', { length: 32 }).notNull().unique(),
  /** argon2id PHC string. */
  admin_pwd: varchar('admin_pwd', { length: 255 }).notNull(),
  admin_status: smallint('admin_status').notNull().default(1),
  admin_login_time: timestamp('admin_login_time', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adminSession = pgTable(
  'admin_session',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    admin_id: integer('admin_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_session_admin_idx').on(t.admin_id)],
);
