/**
 * The ledger (DESIGN.md §4; research/money.md §2; issue 6 item 1): an append-only journal of integer amounts and the
 * balances it explains. Every balance change writes one `ledger_entry` row in the same transaction, claimed first by
 * its unique `idem_key` (INSERT ... ON CONFLICT DO NOTHING), then the balance changes with one guarded update; a
 * `CHECK (balance >= 0)` backs the guard. A trigger (migration 0004, /tmp custom SQL `ledger.sql`) refuses UPDATE and
 * DELETE on the journal.
 *
 * Assets:
 * - `points`: balance = `mac_user.user_points`, journal = `mac_plog` (MacCMS points log, `plog_key` unique; the
 *   accounts module's `creditPoints` writes both). Not in these tables.
 * - `views`, `downloads`: extra view / download times (redemption codes), balance in `ledger_account`.
 * - `cash_fen`, `earn_pending`, `cash_frozen`: the promotion programme's fen (available, on hold, reserved by withdrawals;
 *   db/schema/promotion.ts), balances in `ledger_account`; `cash_paid` journals fen paid out.
 * - `vip_s`, `noad_s`, `paid_fen`: journal only (seconds of VIP / ad-free time added; fen paid for an order). Their
 *   "balance" is a time (`user_end_time`, `user_noad_time`) or revenue, not a sum; the nightly check skips them.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** One balance per (user, asset). user_id 0 = a system account. */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    user_id: integer('user_id').notNull(),
    asset: varchar('asset', { length: 16 }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.asset] }), check('ledger_account_nonneg', sql`${t.balance} >= 0`)],
);

/** The journal: signed amounts, one row per effect, unique `idem_key` (a replay finds the first row). */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    entry_id: bigserial('entry_id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id').notNull(),
    asset: varchar('asset', { length: 16 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What caused it: order_paid, redeem, upgrade, reward... */
    kind: varchar('kind', { length: 32 }).notNull(),
    idem_key: varchar('idem_key', { length: 160 }).notNull(),
    /** A business reference (order code, code batch...). */
    ref: varchar('ref', { length: 64 }).notNull().default(''),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entry_key_uq').on(t.idem_key),
    index('ledger_entry_account_idx').on(t.user_id, t.asset),
    check('ledger_entry_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** A run of the ledger check (nightly, or from the console). */
export const ledgerCheckRun = pgTable('ledger_check_run', {
  check_id: serial('check_id').primaryKey(),
  checked_at: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  /** Accounts compared. */
  checked: integer('checked').notNull(),
  differences: integer('differences').notNull(),
});

/** A balance that differed from its journal sum in a check run. */
export const ledgerCheckDiff = pgTable(
  'ledger_check_diff',
  {
    id: serial('id').primaryKey(),
    check_id: integer('check_id').notNull(),
    user_id: integer('user_id').notNull(),
    asset: varchar('asset', { length: 16 }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    journal_sum: bigint('journal_sum', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_check_diff_run_idx').on(t.check_id)],
);
