/**
 * Movie requests and feedback (spec §1 "movie-request community, feedback", §3 Movie request, §4 "Movie request:
 * requesting, then resolved", §5 feedback and request rules; research/maccms.md §3.7 `mac_gbook`). Owned by
 * modules/gbook.
 *
 * One table for both, as MacCMS's guestbook: `gbook_type` says which. MacCMS's columns keep their names
 * (`gbook_rid` 0 = a message of its own, `gbook_status` 1 shown / 0 hidden by the operator, `gbook_reply` the
 * operator's answer); the request's fields (title, lead actor, up to three genres, upvotes, the title that resolved
 * it) and the feedback's (screenshots on the storage port, app version, device) are added beside them. A deleted
 * member's rows stay, anonymised (`user_id` 0, name, IP and device emptied, screenshots dropped).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Requests and feedback (MacCMS `mac_gbook`, extended). */
export const macGbook = pgTable(
  'mac_gbook',
  {
    gbook_id: serial('gbook_id').primaryKey(),
    /** MacCMS: the record this one answers (0 = a message of its own; OpenVod writes 0). */
    gbook_rid: integer('gbook_rid').notNull().default(0),
    /** `request` (a movie request) or `feedback`. */
    gbook_type: varchar('gbook_type', { length: 10 }).notNull(),
    /** The author (0 once the author's account was deleted). */
    user_id: integer('user_id').notNull().default(0),
    /** 1 shown, 0 hidden by the operator. */
    gbook_status: smallint('gbook_status').notNull().default(1),
    /** The author's nickname when writing ('' once anonymised). */
    gbook_name: varchar('gbook_name', { length: 60 }).notNull().default(''),
    gbook_ip: varchar('gbook_ip', { length: 45 }).notNull().default(''),
    /** Feedback: the description; request: an optional note. Filtered by the word list. */
    gbook_content: text('gbook_content').notNull().default(''),
    /** The operator's reply ('' none). */
    gbook_reply: text('gbook_reply').notNull().default(''),
    gbook_time: timestamp('gbook_time', { withTimezone: true }).notNull().defaultNow(),
    gbook_reply_time: timestamp('gbook_reply_time', { withTimezone: true }),
    /** Request: the title asked for. */
    gbook_title: varchar('gbook_title', { length: 100 }).notNull().default(''),
    /** Request: the lead actor. */
    gbook_actor: varchar('gbook_actor', { length: 60 }).notNull().default(''),
    /** Request: 1 to 3 genres (names from the catalogue's categories and classes). */
    gbook_genres: jsonb('gbook_genres').$type<string[]>().notNull().default([]),
    /** Request: upvotes (one per member: gbook_hit). */
    gbook_hits: integer('gbook_hits').notNull().default(0),
    /** Request: 0 requesting, 1 resolved (`vod_id` set). */
    gbook_state: smallint('gbook_state').notNull().default(0),
    /** Request: the title that resolved it (0 none). */
    vod_id: integer('vod_id').notNull().default(0),
    gbook_resolve_time: timestamp('gbook_resolve_time', { withTimezone: true }),
    /** Feedback: storage keys of the re-encoded screenshots (`gbook/<user>-<hex>.jpg`). */
    gbook_pics: jsonb('gbook_pics').$type<string[]>().notNull().default([]),
    /** Feedback: the app version and device the app filled in. */
    gbook_app_version: varchar('gbook_app_version', { length: 32 }).notNull().default(''),
    gbook_device: varchar('gbook_device', { length: 128 }).notNull().default(''),
    /** The author has not seen the latest resolution or reply yet (the badge). */
    gbook_unread: boolean('gbook_unread').notNull().default(false),
  },
  (t) => [
    check('mac_gbook_type_ck', sql`${t.gbook_type} in ('request', 'feedback')`),
    check('mac_gbook_hits_ck', sql`${t.gbook_hits} >= 0`),
    index('mac_gbook_list_idx').on(t.gbook_type, t.gbook_status, t.gbook_state, t.gbook_id),
    index('mac_gbook_user_idx').on(t.user_id, t.gbook_type, t.gbook_id),
  ],
);
export type GbookRow = typeof macGbook.$inferSelect;
export type GbookInsert = typeof macGbook.$inferInsert;

/** Upvotes of requests: one row per (request, member), so a member counts once however often and concurrently. */
export const gbookHit = pgTable(
  'gbook_hit',
  {
    gbook_id: integer('gbook_id')
      .notNull()
      .references(() => macGbook.gbook_id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    hit_time: timestamp('hit_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gbook_id, t.user_id] }), index('gbook_hit_user_idx').on(t.user_id)],
);

/**
 * Captchas of the request form (gbookField): the answer is kept here, never sent to the client, so any server
 * process can check it; a check deletes the row (one attempt), and a row past `expires_at` is refused.
 */
export const gbookCaptcha = pgTable(
  'gbook_captcha',
  {
    captcha_id: varchar('captcha_id', { length: 32 }).primaryKey(),
    /** The member it was drawn for. */
    user_id: integer('user_id').notNull(),
    /** The expected answer, lower case. */
    answer: varchar('answer', { length: 16 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('gbook_captcha_exp_idx').on(t.expires_at)],
);
