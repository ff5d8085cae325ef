/**
 * Accounts (MacCMS `mac_user`, `mac_group`, `mac_plog`; research/maccms.md §1.2-1.3) plus what the app needs:
 * hashed session tokens, SMS codes (stored as HMACs), and the points journal that every balance change writes in
 * the same transaction (DESIGN.md §4). `user_points` has CHECK (>= 0) and is changed only by guarded updates.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Groups: 1 guest (never stored on a user), 2 member, 3 and up VIP. */
export const macGroup = pgTable('mac_group', {
  group_id: serial('group_id').primaryKey(),
  group_name: varchar('group_name', { length: 30 }).notNull(),
  group_status: smallint('group_status').notNull().default(1),
  /** Comma list of type_ids this group may see (spec §3 permission flag). */
  group_type: varchar('group_type', { length: 1000 }).notNull().default(''),
  /** Rights per type_id: 1 list, 2 detail, 3 play, 4 download, 5 try-see. */
  group_popedom: jsonb('group_popedom').$type<Record<string, number[]>>().notNull().default({}),
  group_points_day: integer('group_points_day').notNull().default(0),
  group_points_week: integer('group_points_week').notNull().default(0),
  group_points_month: integer('group_points_month').notNull().default(0),
  group_points_year: integer('group_points_year').notNull().default(0),
});

export const macUser = pgTable(
  'mac_user',
  {
    user_id: serial('user_id').primaryKey(),
    group_id: integer('group_id').notNull().default(2),
    user_name: varchar('user_name', { length: 32 }).notNull(),
    /** argon2id PHC string; '' for accounts made by phone or third-party sign-in. */
    user_pwd: varchar('user_pwd', { length: 255 }).notNull().default(''),
    user_nick_name: varchar('user_nick_name', { length: 32 }).notNull().default(''),
    user_portrait: varchar('user_portrait', { length: 1024 }).notNull().default(''),
    user_gender: smallint('user_gender').notNull().default(0),
    user_birthday: varchar('user_birthday', { length: 10 }).notNull().default(''),
    user_phone: varchar('user_phone', { length: 20 }).notNull().default(''),
    user_status: smallint('user_status').notNull().default(1),
    user_points: integer('user_points').notNull().default(0),
    user_points_froze: integer('user_points_froze').notNull().default(0),
    /** Seconds since the epoch (spec §3). */
    user_noad_time: bigint('user_noad_time', { mode: 'number' }).notNull().default(0),
    /** VIP end, seconds since the epoch; past it the user drops back to group 2. */
    user_end_time: bigint('user_end_time', { mode: 'number' }).notNull().default(0),
    imei: varchar('imei', { length: 16 }).notNull().default(''),
    user_device_id: varchar('user_device_id', { length: 64 }).notNull().default(''),
    /** The user's own code to invite others. */
    user_invite_code: varchar('user_invite_code', { length: 16 }).notNull(),
    user_pid: integer('user_pid').notNull().default(0),
    user_pid_2: integer('user_pid_2').notNull().default(0),
    user_pid_3: integer('user_pid_3').notNull().default(0),
    user_openid_weixin: varchar('user_openid_weixin', { length: 64 }).notNull().default(''),
    user_reg_time: timestamp('user_reg_time', { withTimezone: true }).notNull().defaultNow(),
    user_reg_ip: varchar('user_reg_ip', { length: 45 }).notNull().default(''),
    user_login_time: timestamp('user_login_time', { withTimezone: true }),
    user_login_ip: varchar('user_login_ip', { length: 45 }).notNull().default(''),
    user_login_num: integer('user_login_num').notNull().default(0),
    /** Deletion requested at; processed (anonymised) after 3 working days. */
    user_delete_requested_at: timestamp('user_delete_requested_at', { withTimezone: true }),
    user_deleted_at: timestamp('user_deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mac_user_name_uq').on(t.user_name),
    uniqueIndex('mac_user_phone_uq').on(t.user_phone).where(sql`${t.user_phone} <> ''`),
    uniqueIndex('mac_user_invite_uq').on(t.user_invite_code),
    uniqueIndex('mac_user_openid_uq').on(t.user_openid_weixin).where(sql`${t.user_openid_weixin} <> ''`),
    index('mac_user_group_idx').on(t.group_id),
    check('mac_user_points_nonneg', sql`${t.user_points} >= 0 and ${t.user_points_froze} >= 0`),
  ],
);

export const userSession = pgTable(
  'user_session',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    user_id: integer('user_id').notNull(),
    device_id: varchar('device_id', { length: 64 }).notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_session_user_idx').on(t.user_id)],
);

/**
 * Points journal (MacCMS `mac_plog`, signed amounts): one row per balance change, written in the same transaction.
 * plog_type: 1 recharge, 2 invite registration, 3 promotion visit, 4/5/6 distribution, 7 group upgrade, 8 content
 * purchase, 9 withdrawal, 10 check-in, 11 keep-alive reward, 12 phone-bind reward, 13 ad-click reward, 14-23 the
 * daily tasks, 24 points exchange, 25 redemption code, 30 guest merge (modules/accounts/guest-merge.ts: minus on the
 * guest, plus on the account it signed into); the list is the contract's PLOG_TYPE (packages/contract/src/points.ts).
 * `plog_key` makes each externally triggered effect idempotent (e.g. `keepalive:<user>:<day>`).
 */
export const macPlog = pgTable(
  'mac_plog',
  {
    plog_id: serial('plog_id').primaryKey(),
    user_id: integer('user_id').notNull(),
    plog_type: smallint('plog_type').notNull(),
    plog_points: integer('plog_points').notNull(),
    plog_balance: integer('plog_balance').notNull(),
    plog_key: varchar('plog_key', { length: 120 }).notNull(),
    plog_remarks: varchar('plog_remarks', { length: 255 }).notNull().default(''),
    plog_time: timestamp('plog_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mac_plog_key_uq').on(t.plog_key), index('mac_plog_user_idx').on(t.user_id, t.plog_time)],
);

/** SMS codes: HMAC of the code, bound to (phone, purpose); 5 minutes, at most 5 tries, single use. */
export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 45 }).notNull().default(''),
    tries: smallint('tries').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_code_phone_idx').on(t.phone, t.purpose, t.created_at),
    index('sms_code_ip_idx').on(t.ip, t.created_at),
  ],
);

/**
 * Merges of a device's guest account into the account it signed into (modules/accounts/guest-merge.ts): one row per
 * merge, claimed first by its unique `merge_key` (`merge:<guest_id>:<guest session>`), so two concurrent sign-ins
 * carrying the same guest session merge once. `moved` records what went over (VIP and ad-free seconds, points, extra
 * views/downloads, orders, log entries).
 */
export const accountMerge = pgTable(
  'account_merge',
  {
    merge_id: serial('merge_id').primaryKey(),
    merge_key: varchar('merge_key', { length: 80 }).notNull(),
    guest_id: integer('guest_id').notNull(),
    target_id: integer('target_id').notNull(),
    moved: jsonb('moved').$type<Record<string, number>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_merge_key_uq').on(t.merge_key), index('account_merge_guest_idx').on(t.guest_id)],
);
