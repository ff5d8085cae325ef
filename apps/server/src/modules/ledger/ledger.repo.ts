/**
 * The ledger's queries (db/schema/ledger.ts): the journal (`ledger_entry`), the balances (`ledger_account`) and the
 * nightly check's runs (`ledger_check_run` / `ledger_check_diff`). Every function takes the `db` to run on, which may
 * be the caller's transaction; the rules (claim first, then a guarded balance change) are in ledger.service.ts.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.ts';
import type { Db } from '../../db/client.ts';
import { ledgerAccount, ledgerCheckDiff, ledgerCheckRun, ledgerEntry } from '../../db/schema/index.ts';

/** A journal row to claim (`idem_key` unique; lengths already cut to the columns by the caller). */
export interface EntryValues {
  user_id: number;
  asset: string;
  amount: number;
  kind: string;
  idem_key: string;
  ref: string;
  meta: Record<string, unknown>;
}

/** A balance compared with its journal sum by the check (`asset` 'points' for `mac_user.user_points`). */
export interface BalanceRow {
  user_id: number;
  asset: string;
  balance: number;
  journal_sum: number;
}

/** A balance beside its journal sum as the driver returns them (bigint sums may be strings): Number() them. */
export interface RawBalanceRow {
  user_id: unknown;
  asset: unknown;
  balance: unknown;
  journal_sum: unknown;
}

/**
 * Claim a journal row by its `idem_key` (INSERT ... ON CONFLICT DO NOTHING RETURNING: a concurrent claimer of the same
 * key waits on the unique index, then finds it taken). Returns the new `entry_id`, or undefined when the key was
 * posted before.
 */
export async function claimEntry(db: Db, values: EntryValues): Promise<number | undefined> {
  const [claimed] = await db
    .insert(ledgerEntry)
    .values(values)
    .onConflictDoNothing({ target: ledgerEntry.idem_key })
    .returning({ entry_id: ledgerEntry.entry_id });
  return claimed?.entry_id;
}

/** Add `amount` (> 0) to a `ledger_account` balance, creating the row at `amount`. Returns the balance after. */
export async function addToBalance(db: Db, userId: number, asset: string, amount: number): Promise<number> {
  const [row] = await db
    .insert(ledgerAccount)
    .values({ user_id: userId, asset, balance: amount })
    .onConflictDoUpdate({
      target: [ledgerAccount.user_id, ledgerAccount.asset],
      set: { balance: sql`${ledgerAccount.balance} + ${amount}`, updated_at: sql`now()` },
    })
    .returning({ balance: ledgerAccount.balance });
  return (row as { balance: number }).balance;
}

/**
 * Change a `ledger_account` balance by `amount` (< 0) with the guarded update `balance + amount >= 0`. Returns the
 * balance after, or undefined when it would go below 0 (or the account has no row): nothing changed.
 */
export async function debitBalance(db: Db, userId: number, asset: string, amount: number): Promise<number | undefined> {
  const [row] = await db
    .update(ledgerAccount)
    .set({ balance: sql`${ledgerAccount.balance} + ${amount}`, updated_at: sql`now()` })
    .where(
      and(
        eq(ledgerAccount.user_id, userId),
        eq(ledgerAccount.asset, asset),
        sql`${ledgerAccount.balance} + ${amount} >= 0`,
      ),
    )
    .returning({ balance: ledgerAccount.balance });
  return row?.balance;
}

/** Every `ledger_account` row of a user, locked (FOR UPDATE) in asset order, for moving them (guest merge). */
export function lockBalances(db: Db, userId: number): Promise<{ asset: string; balance: number }[]> {
  return db
    .select({ asset: ledgerAccount.asset, balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.user_id, userId))
    .orderBy(ledgerAccount.asset)
    .for('update');
}

/** One `ledger_account` balance; undefined when the account has no row yet. */
export async function balanceOf(db: Db, userId: number, asset: string): Promise<number | undefined> {
  const [row] = await db
    .select({ balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.user_id, userId), eq(ledgerAccount.asset, asset)));
  return row?.balance;
}

/** Every `ledger_account` row of a user (asset, balance), unordered. */
export function balancesOf(db: Db, userId: number): Promise<{ asset: string; balance: number }[]> {
  return db
    .select({ asset: ledgerAccount.asset, balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.user_id, userId));
}

/** The `meta` of the journal row with this `idem_key`; undefined when no such row exists. */
export async function entryMeta(db: Db, key: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ meta: ledgerEntry.meta }).from(ledgerEntry).where(eq(ledgerEntry.idem_key, key));
  return row ? ((row.meta ?? {}) as Record<string, unknown>) : undefined;
}

/**
 * Points against their journal: each user's `mac_user.user_points` beside the sum of their `mac_plog.plog_points`
 * (users with neither are left out). Numbers as the driver returns them (bigint sums may be strings).
 */
export async function pointsAgainstJournal(db: Db): Promise<Omit<RawBalanceRow, 'asset'>[]> {
  const rows = await db.execute<{ user_id: number; balance: string; journal_sum: string }>(sql`
      select u.user_id, u.user_points as balance, coalesce(p.s, 0) as journal_sum
      from mac_user u left join (select user_id, sum(plog_points) as s from mac_plog group by user_id) p
        on p.user_id = u.user_id
      where u.user_points <> 0 or p.s is not null`);
  return rowsOf<Omit<RawBalanceRow, 'asset'>>(rows);
}

/**
 * `ledger_account` balances against sum(`ledger_entry.amount`) of the same (user, asset) for the balance assets
 * (views, downloads, cash_fen, and the promotion's earn_pending and cash_frozen: ledger.service.ts BALANCE_ASSETS),
 * journal rows whose account row is missing included. Numbers as the driver returns them.
 */
export async function accountsAgainstJournal(db: Db): Promise<RawBalanceRow[]> {
  const rows = await db.execute<{ user_id: number; asset: string; balance: string; journal_sum: string }>(sql`
      select coalesce(a.user_id, e.user_id) as user_id, coalesce(a.asset, e.asset) as asset,
             coalesce(a.balance, 0) as balance, coalesce(e.s, 0) as journal_sum
      from ledger_account a
      full join (select user_id, asset, sum(amount) as s from ledger_entry
                 where asset in ('views', 'downloads', 'cash_fen', 'earn_pending', 'cash_frozen')
                 group by user_id, asset) e
        on e.user_id = a.user_id and e.asset = a.asset`);
  return rowsOf<RawBalanceRow>(rows);
}

/**
 * Record a check run of `checked` balances and its differences in one transaction (`ledger_check_run`, then a
 * `ledger_check_diff` row per difference). Returns the run's `check_id`.
 */
export function recordCheck(db: Db, checked: number, differences: BalanceRow[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(ledgerCheckRun)
      .values({ checked, differences: differences.length })
      .returning({ check_id: ledgerCheckRun.check_id });
    const checkId = (run as { check_id: number }).check_id;
    if (differences.length) {
      await tx.insert(ledgerCheckDiff).values(differences.map((d) => ({ ...d, check_id: checkId })));
    }
    return checkId;
  });
}

/** The latest check run (`ledger_check_run` row), or undefined when none ran yet. */
export async function lastCheckRun(db: Db): Promise<typeof ledgerCheckRun.$inferSelect | undefined> {
  const [run] = await db.select().from(ledgerCheckRun).orderBy(desc(ledgerCheckRun.check_id)).limit(1);
  return run;
}

/** The differences recorded by one check run, by user and asset. */
export function checkDifferences(db: Db, checkId: number): Promise<(BalanceRow & { check_id: number })[]> {
  return db
    .select({
      check_id: ledgerCheckDiff.check_id,
      user_id: ledgerCheckDiff.user_id,
      asset: ledgerCheckDiff.asset,
      balance: ledgerCheckDiff.balance,
      journal_sum: ledgerCheckDiff.journal_sum,
    })
    .from(ledgerCheckDiff)
    .where(eq(ledgerCheckDiff.check_id, checkId))
    .orderBy(ledgerCheckDiff.user_id, ledgerCheckDiff.asset);
}
