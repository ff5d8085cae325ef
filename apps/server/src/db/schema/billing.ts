/**
 * Billing (issue 6; spec §3 "Membership plan", "Order"; research/money.md §2): VIP plans with three prices in fen,
 * orders (MacCMS `mac_order` names) with a price snapshot and one open order per user, verified payment
 * notifications stored once per (channel, provider transaction id), redemption code batches and codes, and the
 * trades of the local `fake` gateway.
 */
import { sql } from 'drizzle-orm';
import {
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

/** A plan of a VIP group: length (day/week/month/year), days, three prices in fen and a points price. */
export const vipPlan = pgTable(
  'vip_plan',
  {
    plan_id: serial('plan_id').primaryKey(),
    group_id: integer('group_id').notNull(),
    long: varchar('long', { length: 8 }).notNull(),
    days: integer('days').notNull(),
    price: integer('price').notNull(),
    price_renew: integer('price_renew').notNull(),
    price_new: integer('price_new').notNull(),
    /** Points price for `upgrade`; 0 = not sold for points. */
    points: integer('points').notNull().default(0),
    plan_status: smallint('plan_status').notNull().default(1),
  },
  (t) => [
    uniqueIndex('vip_plan_group_long_uq').on(t.group_id, t.long),
    check(
      'vip_plan_prices_pos',
      sql`${t.price} > 0 and ${t.price_renew} > 0 and ${t.price_new} > 0 and ${t.points} >= 0 and ${t.days} > 0`,
    ),
  ],
);

/**
 * Orders. `order_status`: unpaid -> paid | cancelled | expired (and cancelled/expired -> paid when the provider
 * says it was paid: paid wins). One unpaid order per user (partial unique index).
 */
export const macOrder = pgTable(
  'mac_order',
  {
    order_id: serial('order_id').primaryKey(),
    order_code: varchar('order_code', { length: 32 }).notNull(),
    user_id: integer('user_id').notNull(),
    group_id: integer('group_id').notNull(),
    plan_id: integer('plan_id').notNull(),
    order_long: varchar('order_long', { length: 8 }).notNull(),
    order_days: integer('order_days').notNull(),
    /** Price snapshot, fen. */
    order_price: integer('order_price').notNull(),
    order_price_kind: varchar('order_price_kind', { length: 8 }).notNull(),
    order_status: varchar('order_status', { length: 12 }).notNull().default('unpaid'),
    order_pay_type: varchar('order_pay_type', { length: 12 }).notNull(),
    /** Channels `gopay` opened this order at (closed there before cancel / expiry). */
    order_opened: jsonb('order_opened').$type<string[]>().notNull().default([]),
    order_provider_txn: varchar('order_provider_txn', { length: 64 }),
    order_time: timestamp('order_time', { withTimezone: true }).notNull().defaultNow(),
    order_pay_time: timestamp('order_pay_time', { withTimezone: true }),
    order_expire_time: timestamp('order_expire_time', { withTimezone: true }).notNull(),
    order_close_time: timestamp('order_close_time', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mac_order_code_uq').on(t.order_code),
    uniqueIndex('mac_order_one_unpaid_uq').on(t.user_id).where(sql`${t.order_status} = 'unpaid'`),
    index('mac_order_user_idx').on(t.user_id, t.order_time),
    index('mac_order_expire_idx').on(t.order_expire_time).where(sql`${t.order_status} = 'unpaid'`),
    index('mac_order_pay_time_idx').on(t.order_pay_time).where(sql`${t.order_status} = 'paid'`),
    check('mac_order_price_pos', sql`${t.order_price} > 0`),
  ],
);

/** Verified payment notifications and query results, once per (channel, provider transaction id). */
export const paymentEvent = pgTable(
  'payment_event',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 12 }).notNull(),
    provider_txn_id: varchar('provider_txn_id', { length: 64 }).notNull(),
    order_code: varchar('order_code', { length: 32 }).notNull(),
    amount: integer('amount').notNull(),
    /** credited, duplicate_payment, amount_mismatch, unknown_order. */
    status: varchar('status', { length: 20 }).notNull(),
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_event_txn_uq').on(t.channel, t.provider_txn_id),
    index('payment_event_order_idx').on(t.order_code),
  ],
);

/** A batch of redemption codes and what each code grants. */
export const redeemBatch = pgTable('redeem_batch', {
  batch_id: serial('batch_id').primaryKey(),
  batch_name: varchar('batch_name', { length: 60 }).notNull(),
  /** vip (days of grant_group_id), points, views, downloads. */
  grant_kind: varchar('grant_kind', { length: 12 }).notNull(),
  grant_amount: integer('grant_amount').notNull(),
  grant_group_id: integer('grant_group_id').notNull().default(0),
  code_count: integer('code_count').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Codes: 16 Crockford base32 characters (80 bits, CSPRNG), unique; used once (guarded update). */
export const redeemCode = pgTable(
  'redeem_code',
  {
    code_id: serial('code_id').primaryKey(),
    batch_id: integer('batch_id').notNull(),
    code: varchar('code', { length: 16 }).notNull(),
    used_by: integer('used_by'),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('redeem_code_uq').on(t.code), index('redeem_code_batch_idx').on(t.batch_id)],
);

/** The `fake` gateway's own trades (what a real provider keeps on its side): unpaid, paid, failed, closed. */
export const fakePayTrade = pgTable('fake_pay_trade', {
  order_code: varchar('order_code', { length: 32 }).primaryKey(),
  trade_no: varchar('trade_no', { length: 40 }).notNull(),
  amount: integer('amount').notNull(),
  subject: varchar('subject', { length: 128 }).notNull(),
  return_url: varchar('return_url', { length: 1024 }).notNull(),
  notify_url: varchar('notify_url', { length: 1024 }).notNull(),
  status: varchar('status', { length: 8 }).notNull().default('unpaid'),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  paid_at: timestamp('paid_at', { withTimezone: true }),
});
