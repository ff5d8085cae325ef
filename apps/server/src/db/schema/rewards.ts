/**
 * Rewarded-ad nonces (issue 7 item 3; modules/rewards).
 *
 * - `reward_nonce`: one row per rewarded view the server allowed: the user, purpose (`view` | `download`), network
 *   (`own` | `admob` | `uniad`), the own ad and its length (`duration_s`), the expiry, the server-side start time
 *   of an own ad, and once paid the network's `transaction_id` (unique per network: one network transaction pays
 *   once even under two nonces) and `granted_at`. Status moves issued → started → granted with guarded updates
 *   (`where status in (...) and expires_at > now()`), so concurrent callbacks of one nonce pay once.
 * - `reward_user_day`: rewards granted per (user, operator day, purpose), raised with a guarded upsert
 *   (`count < cap`) in the grant's transaction: the daily cap holds under concurrency.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const rewardNonce = pgTable(
  'reward_nonce',
  {
    nonce: varchar('nonce', { length: 64 }).primaryKey(),
    user_id: integer('user_id').notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    network: varchar('network', { length: 16 }).notNull(),
    ad_id: integer('ad_id'),
    vod_id: integer('vod_id'),
    /** Seconds the own ad must play (server-checked); 0 for networks. */
    duration_s: integer('duration_s').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('issued'),
    /** Operator day (YYYY-MM-DD, server TZ) of issue. */
    day: varchar('day', { length: 10 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }),
    granted_at: timestamp('granted_at', { withTimezone: true }),
    transaction_id: varchar('transaction_id', { length: 128 }),
  },
  (t) => [
    index('reward_nonce_user_idx').on(t.user_id, t.created_at),
    index('reward_nonce_day_idx').on(t.day),
    uniqueIndex('reward_nonce_tx_uq').on(t.network, t.transaction_id),
    check('reward_nonce_status_chk', sql`${t.status} in ('issued','started','granted','expired','capped')`),
    check('reward_nonce_purpose_chk', sql`${t.purpose} in ('view','download')`),
    check('reward_nonce_duration_chk', sql`${t.duration_s} >= 0`),
  ],
);

export const rewardUserDay = pgTable(
  'reward_user_day',
  {
    user_id: integer('user_id').notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.day, t.purpose] }),
    check('reward_user_day_nonneg', sql`${t.count} >= 0`),
  ],
);
