/**
 * The promotion programme (spec §1 "Promotion and invitation codes, with cash withdrawal", §3 Withdrawal record,
 * §4 Withdrawal states, §5 withdrawal rules, §6 Promoter/agent; research/maccms.md §1.3, §3.2, §3.6;
 * research/money.md §2 "Withdrawal", §5 referral fraud). Owned by modules/promotion.
 *
 * Money moves only through the ledger (modules/ledger): an earning lands on the promoter's `earn_pending` balance,
 * the hold job moves it to `cash_fen` (available); a withdrawal moves its amount from `cash_fen` to `cash_frozen`
 * and, once paid, out of `cash_frozen` (journal `cash_paid`), or back to `cash_fen` when rejected or failed. These
 * tables record the business side (who earned what from whom, the withdrawal's state); their rows are never the
 * balance. All amounts are integer fen.
 *
 * The inviter chain itself is MacCMS's `mac_user.user_pid`, `user_pid_2`, `user_pid_3` (db/schema/accounts.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Promotion-link visits (MacCMS `mac_visit`): the `visit` call counts one per (promoter, IP, operator day);
 * `visit_day` is the operator's day (YYYY-MM-DD), `visit_ly` the referring page.
 */
export const macVisit = pgTable(
  'mac_visit',
  {
    visit_id: serial('visit_id').primaryKey(),
    /** The promoter whose link was visited. */
    user_id: integer('user_id').notNull(),
    visit_ip: varchar('visit_ip', { length: 45 }).notNull(),
    visit_ly: varchar('visit_ly', { length: 255 }).notNull().default(''),
    visit_day: varchar('visit_day', { length: 10 }).notNull(),
    visit_time: timestamp('visit_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mac_visit_once_uq').on(t.user_id, t.visit_ip, t.visit_day),
    index('mac_visit_user_idx').on(t.user_id, t.visit_time),
  ],
);

/**
 * Promoter levels the operator sets (issue: "levels and tiers"). A promoter is at the highest level whose
 * `min_qualified` its qualified invitees reach; a user the operator marks as agent gets the agent level
 * (`is_agent_level`). Ratios are basis points (1/100 of a percent) of an invitee's spending, per invitation depth
 * (1 = direct invitee, 2 and 3 = MacCMS `user_pid_2`/`user_pid_3`); rewards are fen.
 */
export const promoLevel = pgTable(
  'promo_level',
  {
    level_id: serial('level_id').primaryKey(),
    level_name: varchar('level_name', { length: 32 }).notNull(),
    min_qualified: integer('min_qualified').notNull().default(0),
    ratio_1: integer('ratio_1').notNull().default(0),
    ratio_2: integer('ratio_2').notNull().default(0),
    ratio_3: integer('ratio_3').notNull().default(0),
    /** Paid to the direct inviter for each qualifying registration. */
    reg_reward_fen: integer('reg_reward_fen').notNull().default(0),
    /** Paid to the direct inviter once per active invitee per operator day. */
    active_reward_fen: integer('active_reward_fen').notNull().default(0),
    is_agent_level: boolean('is_agent_level').notNull().default(false),
    level_sort: integer('level_sort').notNull().default(0),
  },
  (t) => [
    check(
      'promo_level_ranges',
      sql`${t.min_qualified} >= 0 and ${t.ratio_1} between 0 and 10000 and ${t.ratio_2} between 0 and 10000 and ${t.ratio_3} between 0 and 10000 and ${t.reg_reward_fen} >= 0 and ${t.active_reward_fen} >= 0`,
    ),
  ],
);

/**
 * Invitation tiers (MacCMS HEAD: "N invites → points and VIP days"), an option the operator switches on: reaching
 * `invites` qualified invitees grants `points` and `vip_days` of group `group_id` once (ledger key
 * `promo:tier:<user>:<tier_id>`).
 */
export const promoTier = pgTable(
  'promo_tier',
  {
    tier_id: serial('tier_id').primaryKey(),
    invites: integer('invites').notNull(),
    points: integer('points').notNull().default(0),
    group_id: integer('group_id').notNull().default(0),
    vip_days: integer('vip_days').notNull().default(0),
  },
  (t) => [
    uniqueIndex('promo_tier_invites_uq').on(t.invites),
    check('promo_tier_ranges', sql`${t.invites} > 0 and ${t.points} >= 0 and ${t.vip_days} >= 0`),
  ],
);

/**
 * A promoter's standing (one row per user who ever invited, earned or set a withdrawal account; made on first
 * need): counted invitees, the level last computed, agent and fraud flags, and the withdrawal account (spec §2
 * cash-type: Alipay account and real name).
 */
export const promoPromoter = pgTable('promo_promoter', {
  user_id: integer('user_id').primaryKey(),
  /** Direct invitees registered through this promoter's code. */
  invitees: integer('invitees').notNull().default(0),
  /** Direct invitees that are phone-verified and were active on at least one day. */
  qualified: integer('qualified').notNull().default(0),
  /** promo_level.level_id last computed; 0 = below every level. */
  level_id: integer('level_id').notNull().default(0),
  is_agent: boolean('is_agent').notNull().default(false),
  fraud_flag: boolean('fraud_flag').notNull().default(false),
  fraud_reason: varchar('fraud_reason', { length: 255 }).notNull().default(''),
  flagged_at: timestamp('flagged_at', { withTimezone: true }),
  /** 'alipay' (the only method for now) or '' when none is set. */
  cash_type: varchar('cash_type', { length: 16 }).notNull().default(''),
  cash_account: varchar('cash_account', { length: 100 }).notNull().default(''),
  cash_name: varchar('cash_name', { length: 64 }).notNull().default(''),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One earning of a promoter (spec §2 revenue-list: time, source, invitee, amount, pending/available).
 * `source`: register | active | spend | points (points exchanged into cash) | tier. `depth`: 1-3 for earnings from
 * an invitee, 0 otherwise. `status`: pending (on `earn_pending` until `available_at`) | available (moved to
 * `cash_fen`) | reversed (taken back by a correcting ledger transfer, `reverse_reason`). `idem_key` is unique: the
 * same cause never earns twice.
 */
export const promoEarning = pgTable(
  'promo_earning',
  {
    earning_id: bigserial('earning_id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id').notNull(),
    invitee_id: integer('invitee_id').notNull().default(0),
    depth: smallint('depth').notNull().default(0),
    source: varchar('source', { length: 16 }).notNull(),
    amount_fen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    available_at: timestamp('available_at', { withTimezone: true }).notNull(),
    ref: varchar('ref', { length: 64 }).notNull().default(''),
    idem_key: varchar('idem_key', { length: 160 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    released_at: timestamp('released_at', { withTimezone: true }),
    reversed_at: timestamp('reversed_at', { withTimezone: true }),
    reverse_reason: varchar('reverse_reason', { length: 255 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('promo_earning_key_uq').on(t.idem_key),
    index('promo_earning_user_idx').on(t.user_id, t.created_at),
    index('promo_earning_due_idx').on(t.status, t.available_at),
    index('promo_earning_invitee_idx').on(t.invitee_id),
    check('promo_earning_positive', sql`${t.amount_fen} > 0`),
  ],
);

/**
 * Cap counters: a guarded increment of (user, kind, period) decides under concurrency whether one more earning
 * fits its cap (kind e.g. `reg` per promoter per day, `invitee_day` / `invitee_total` per invitee; `period` an
 * operator day or 'all'). `count` is how many, `fen` how much.
 */
export const promoCounter = pgTable(
  'promo_counter',
  {
    user_id: integer('user_id').notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    period: varchar('period', { length: 16 }).notNull(),
    count: integer('count').notNull().default(0),
    fen: integer('fen').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind, t.period] })],
);

/**
 * Withdrawals (MacCMS `mac_cash`; spec §3 Withdrawal record: time, type, account, state, amount; §4 states).
 * `cash_status`: pending (review) → approved → paying → paid, or rejected (amount returned) / failed (amount
 * returned, `cash_reason` shown). `cash_money` is the amount reserved (fen), `cash_fee` the operator's fee kept
 * from it (the payee gets money - fee). `cash_key` is the request's idempotency key, unique per user. The payout
 * uses the row's id as Alipay's `out_biz_no` (`cash_channel` alipay | fake | manual; `cash_ref` the provider's
 * order id or the operator's reference).
 */
export const macCash = pgTable(
  'mac_cash',
  {
    cash_id: serial('cash_id').primaryKey(),
    user_id: integer('user_id').notNull(),
    cash_status: varchar('cash_status', { length: 12 }).notNull().default('pending'),
    cash_money: integer('cash_money').notNull(),
    cash_fee: integer('cash_fee').notNull().default(0),
    cash_type: varchar('cash_type', { length: 16 }).notNull(),
    cash_bank_no: varchar('cash_bank_no', { length: 100 }).notNull(),
    cash_payee_name: varchar('cash_payee_name', { length: 64 }).notNull(),
    cash_reason: varchar('cash_reason', { length: 255 }).notNull().default(''),
    cash_channel: varchar('cash_channel', { length: 16 }).notNull().default(''),
    cash_ref: varchar('cash_ref', { length: 64 }).notNull().default(''),
    cash_key: varchar('cash_key', { length: 80 }).notNull(),
    cash_admin_id: integer('cash_admin_id').notNull().default(0),
    /** Payout attempts (queries included) and when the job may look again. */
    cash_attempts: integer('cash_attempts').notNull().default(0),
    cash_next_try: timestamp('cash_next_try', { withTimezone: true }),
    cash_time: timestamp('cash_time', { withTimezone: true }).notNull().defaultNow(),
    cash_time_audit: timestamp('cash_time_audit', { withTimezone: true }),
    cash_time_paid: timestamp('cash_time_paid', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mac_cash_key_uq').on(t.user_id, t.cash_key),
    index('mac_cash_user_idx').on(t.user_id, t.cash_time),
    index('mac_cash_status_idx').on(t.cash_status, t.cash_time_audit),
    check('mac_cash_amounts', sql`${t.cash_money} > 0 and ${t.cash_fee} >= 0 and ${t.cash_fee} < ${t.cash_money}`),
  ],
);

/**
 * Fraud signals on a promoter (research/money.md §5; flag, never auto-ban). `kind`: shared_device | shared_ip |
 * shared_account | ip_burst | device_burst | inactive | cycle; `invitee_id` the invitee concerned (0 for the
 * promoter as a whole); `detail` what was seen. One open row per (promoter, kind, invitee); the operator clears it.
 */
export const promoSignal = pgTable(
  'promo_signal',
  {
    signal_id: serial('signal_id').primaryKey(),
    user_id: integer('user_id').notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    invitee_id: integer('invitee_id').notNull().default(0),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cleared_at: timestamp('cleared_at', { withTimezone: true }),
    cleared_by: integer('cleared_by').notNull().default(0),
  },
  (t) => [
    uniqueIndex('promo_signal_once_uq').on(t.user_id, t.kind, t.invitee_id),
    index('promo_signal_user_idx').on(t.user_id),
  ],
);

/**
 * Transfers received by the development `fake` payout gateway (modules/billing/fake-channel.ts plays Alipay's
 * `alipay.fund.trans.uni.transfer` and `alipay.fund.trans.common.query`): unique `out_biz_no`, so a resent request
 * pays once. `status` SUCCESS | DEALING | FAIL as Alipay answers.
 */
export const fakeTransfer = pgTable(
  'fake_transfer',
  {
    id: serial('id').primaryKey(),
    out_biz_no: varchar('out_biz_no', { length: 64 }).notNull(),
    order_id: varchar('order_id', { length: 64 }).notNull(),
    trans_amount: varchar('trans_amount', { length: 16 }).notNull(),
    identity: varchar('identity', { length: 100 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    status: varchar('status', { length: 12 }).notNull(),
    fail_reason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fake_transfer_biz_uq').on(t.out_biz_no)],
);
