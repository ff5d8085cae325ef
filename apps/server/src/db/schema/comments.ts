/**
 * Comments (spec §1 "comments, reports, likes", §3 app config `comment_status`, §7 commentList ... commentSave;
 * MacCMS `mac_comment`, research/maccms.md §3.7): one row per comment or reply, the likes (one per user) and the
 * reports (one per user) of a comment.
 *
 * - `comment_mid`: what is commented (1 = a title of `mac_vod`, MacCMS's module ids); `comment_rid` its id.
 * - `comment_pid`: 0 for a top comment, else the top comment replied to (one level: a reply to a reply is stored
 *   under the same top comment, `comment_reply_uid` naming the author answered).
 * - `comment_status`: 0 awaiting review, 1 shown, 2 hidden by the operator.
 * - `user_id` / `comment_reply_uid`: null once the user is deleted (the deletion handler anonymises the row).
 * - `comment_reply_read`: 0 while the replied-to user has not seen the reply (the review centre's badge).
 * - Counters: `comment_up` likes (incremented with the like row, exact under concurrency), `comment_reply` shown
 *   replies and `comment_report` reports (recounted after each change of their rows).
 *
 * Indexes follow the reads (bench/community.ts): a title's first page of shown top comments by likes or newest,
 * the replies of a comment, a user's comments and the replies to a user. A title's counts are kept in
 * `mac_comment_count` (counting 100,000 index entries of a popular title took 30-40 ms).
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { macUser } from './accounts.ts';

export const macComment = pgTable(
  'mac_comment',
  {
    comment_id: serial('comment_id').primaryKey(),
    comment_mid: smallint('comment_mid').notNull().default(1),
    comment_rid: integer('comment_rid').notNull(),
    comment_pid: integer('comment_pid').notNull().default(0),
    user_id: integer('user_id').references(() => macUser.user_id, { onDelete: 'set null' }),
    comment_reply_uid: integer('comment_reply_uid').references(() => macUser.user_id, { onDelete: 'set null' }),
    comment_reply_read: smallint('comment_reply_read').notNull().default(1),
    comment_status: smallint('comment_status').notNull().default(1),
    comment_name: varchar('comment_name', { length: 64 }).notNull().default(''),
    comment_ip: varchar('comment_ip', { length: 64 }).notNull().default(''),
    comment_time: timestamp('comment_time', { withTimezone: true }).notNull().defaultNow(),
    comment_content: varchar('comment_content', { length: 255 }).notNull(),
    comment_up: integer('comment_up').notNull().default(0),
    comment_down: integer('comment_down').notNull().default(0),
    comment_reply: integer('comment_reply').notNull().default(0),
    comment_report: integer('comment_report').notNull().default(0),
  },
  (t) => [
    // Ascending columns, read backwards for `order by ... desc` (a DESC NULLS LAST column would not match the
    // query's DESC order, NULLS FIRST by default, and PostgreSQL would sort the whole title instead).
    // Newest by time (then id): ordered by comment_id alone, PostgreSQL preferred the primary key read backwards for
    // a popular title and filtered through every newer row of the table.
    index('mac_comment_new_idx')
      .on(t.comment_rid, t.comment_mid, t.comment_status, t.comment_time, t.comment_id)
      .where(sql`${t.comment_pid} = 0`),
    index('mac_comment_hot_idx')
      .on(t.comment_rid, t.comment_mid, t.comment_status, t.comment_up, t.comment_id)
      .where(sql`${t.comment_pid} = 0`),
    // Every comment of a title, newest first (the console's filter by title).
    index('mac_comment_rid_idx').on(t.comment_rid, t.comment_mid, t.comment_id),
    index('mac_comment_pid_idx').on(t.comment_pid, t.comment_status, t.comment_id).where(sql`${t.comment_pid} > 0`),
    index('mac_comment_user_idx').on(t.user_id, t.comment_id),
    index('mac_comment_reply_uid_idx').on(t.comment_reply_uid, t.comment_id),
    index('mac_comment_status_idx').on(t.comment_status, t.comment_id),
  ],
);

/**
 * Shown comments per title (commentCount, and the number of top comments of commentList's pages): `comment_num`
 * shown comments and replies, `comment_top` shown top comments. Moved by comments.repo.ts in the transaction of
 * every insert, status change and deletion of a comment (insertComment, setStatus, deleteComment); a title without
 * a row has none.
 */
export const macCommentCount = pgTable(
  'mac_comment_count',
  {
    comment_mid: smallint('comment_mid').notNull(),
    comment_rid: integer('comment_rid').notNull(),
    comment_num: integer('comment_num').notNull().default(0),
    comment_top: integer('comment_top').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.comment_mid, t.comment_rid] })],
);

/** Likes: one per user and comment (commentDigg). */
export const macCommentDigg = pgTable(
  'mac_comment_digg',
  {
    comment_id: integer('comment_id')
      .notNull()
      .references(() => macComment.comment_id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => macUser.user_id, { onDelete: 'cascade' }),
    digg_time: timestamp('digg_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.comment_id, t.user_id] }), index('mac_comment_digg_user_idx').on(t.user_id)],
);

/**
 * Reports: one per user and comment (commentReport), with a reason of COMMENT_REPORT_REASONS (contract) and an
 * optional text; `report_state` open, then hidden or dismissed when the operator resolves the comment's reports.
 */
export const macCommentReport = pgTable(
  'mac_comment_report',
  {
    report_id: serial('report_id').primaryKey(),
    comment_id: integer('comment_id')
      .notNull()
      .references(() => macComment.comment_id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => macUser.user_id, { onDelete: 'set null' }),
    report_reason: varchar('report_reason', { length: 16 }).notNull(),
    report_text: varchar('report_text', { length: 200 }).notNull().default(''),
    report_state: varchar('report_state', { length: 16 }).notNull().default('open'),
    report_time: timestamp('report_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mac_comment_report_once').on(t.comment_id, t.user_id),
    index('mac_comment_report_state_idx').on(t.report_state, t.comment_id),
  ],
);
