/**
 * The ledger (DESIGN.md §4; research/money.md §2; issue 6 item 1). Every change of a balance goes through
 * {@link LedgerService.post} inside the caller's transaction: the journal row is claimed first by its unique key
 * (INSERT ... ON CONFLICT DO NOTHING RETURNING — a concurrent poster of the same key waits on the unique index and then
 * finds it taken), then the balance changes with one guarded update (`balance + amount >= 0`, backed by a CHECK).
 * A replayed key changes nothing and returns the first result (`applied: false`).
 *
 * Assets (db/schema/ledger.ts): `points` live in `mac_user.user_points` with the MacCMS `mac_plog` journal (the
 * accounts module's `creditPoints`, which keepAlive and bindPhone already use: they are on the ledger);
 * `views`, `downloads`, `cash_fen` in `ledger_account`; `vip_s`, `noad_s`, `paid_fen` are journal only.
 *
 * {@link LedgerService.check} compares every balance with its journal sum (points: user_points vs sum(plog_points);
 * ledger_account vs sum(ledger_entry)) and records the differences (`ledger_check_run` / `ledger_check_diff`,
 * console: adminLedgerCheck); the ledger job (ledger.jobs.ts) runs it nightly at LEDGER_CHECK_AT (default 03:30) operator time.
 * Queries: ledger.repo.ts.
 */
import { DateTime } from 'luxon';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { creditPoints } from '../accounts/accounts.service.ts';
import * as repo from './ledger.repo.ts';

/**
 * Assets with a balance in `ledger_account`. The promotion programme's money (fen, db/schema/promotion.ts):
 * `earn_pending` earnings on hold, `cash_fen` available to withdraw, `cash_frozen` reserved by withdrawals not yet
 * paid or returned.
 */
export const BALANCE_ASSETS = ['views', 'downloads', 'cash_fen', 'earn_pending', 'cash_frozen'] as const;
/** Assets journaled without a summed balance (`cash_paid`: fen paid out by withdrawals). */
export const JOURNAL_ASSETS = ['vip_s', 'noad_s', 'paid_fen', 'cash_paid'] as const;
export type LedgerAsset = 'points' | (typeof BALANCE_ASSETS)[number] | (typeof JOURNAL_ASSETS)[number];

export interface PostInput {
  userId: number;
  asset: LedgerAsset;
  /** Signed integer (fen, points, times, seconds); never 0. */
  amount: number;
  /** What caused it (order_paid, redeem, upgrade, duration_reward...). */
  kind: string;
  /** Unique per externally triggered effect (`order:<code>:vip`, `code:<code>`...); max 120 chars for points. */
  key: string;
  /** Business reference (order code, batch id...). */
  ref?: string;
  meta?: Record<string, unknown>;
  /** points only: `mac_plog.plog_type` (accounts PLOG_TYPE) and remarks. */
  plogType?: number;
  remarks?: string;
}

export interface PostResult {
  /** false: the key was posted before; nothing changed now. */
  applied: boolean;
  /** The balance after (current balance on a replay); null for journal-only assets. */
  balance: number | null;
}

/** 400 'Insufficient Balance' (spec §8) when a debit exceeds the balance; the caller's transaction rolls back. */
export class InsufficientBalance extends AppError {
  constructor(readonly asset: LedgerAsset) {
    super(400, 0, 'ledger_insufficient');
  }
}

const isBalanceAsset = (a: LedgerAsset): a is (typeof BALANCE_ASSETS)[number] =>
  (BALANCE_ASSETS as readonly string[]).includes(a);

export interface LedgerDifference {
  user_id: number;
  asset: string;
  balance: number;
  journal_sum: number;
}

export class LedgerService {
  constructor(
    readonly db: Db,
    private readonly log: (msg: string, data?: unknown) => void = () => {},
  ) {}

  /**
   * Post one journal row and change the balance in `tx` (pass the caller's transaction). Throws
   * {@link InsufficientBalance} on an overdraft (points: the accounts module's 400 `insufficient_points`).
   */
  async post(tx: Db, input: PostInput): Promise<PostResult> {
    const { userId, asset, amount, key } = input;
    if (!Number.isSafeInteger(amount) || amount === 0) throw new Error(`ledger amount must be a non-zero integer`);
    if (asset === 'points') {
      const r = await creditPoints(tx, userId, amount, input.plogType ?? 0, key, input.remarks ?? input.kind);
      return { applied: r.credited, balance: r.balance };
    }
    const claimed = await repo.claimEntry(tx, {
      user_id: userId,
      asset,
      amount,
      kind: input.kind.slice(0, 32),
      idem_key: key.slice(0, 160),
      ref: (input.ref ?? '').slice(0, 64),
      meta: input.meta ?? {},
    });
    if (!isBalanceAsset(asset)) return { applied: claimed !== undefined, balance: null };
    if (claimed === undefined) return { applied: false, balance: await this.balance(tx, userId, asset) };
    const row =
      amount > 0
        ? await repo.addToBalance(tx, userId, asset, amount)
        : await repo.debitBalance(tx, userId, asset, amount);
    if (row === undefined) throw new InsufficientBalance(asset);
    return { applied: true, balance: row };
  }

  /**
   * Move every balance of `fromUser` (views, downloads and the promotion's fen balances) to `toUser` inside `tx`: the rows are locked, then
   * one journal row on each side per asset (kind `merge`, keys `<key>:<asset>:out` / `:in`), so a replayed key
   * moves nothing. Used by the guest merge (modules/accounts/guest-merge.ts). Returns the amounts moved by asset.
   */
  async moveBalances(tx: Db, fromUser: number, toUser: number, key: string): Promise<Record<string, number>> {
    const rows = await repo.lockBalances(tx, fromUser);
    const moved: Record<string, number> = {};
    for (const r of rows) {
      if (r.balance <= 0 || !isBalanceAsset(r.asset as LedgerAsset)) continue;
      const asset = r.asset as LedgerAsset;
      const meta = { from: fromUser, to: toUser };
      const out = await this.post(tx, {
        userId: fromUser,
        asset,
        amount: -r.balance,
        kind: 'merge',
        key: `${key}:${asset}:out`,
        meta,
      });
      if (!out.applied) continue;
      await this.post(tx, { userId: toUser, asset, amount: r.balance, kind: 'merge', key: `${key}:${asset}:in`, meta });
      moved[asset] = r.balance;
    }
    return moved;
  }

  /**
   * Journal a time moved from one user to another (journal-only assets `vip_s`, `noad_s`: seconds), minus on
   * `fromUser` and plus on `toUser` under `<key>:<asset>:out` / `:in`. Nothing for 0 seconds.
   */
  async journalMove(tx: Db, asset: 'vip_s' | 'noad_s', fromUser: number, toUser: number, seconds: number, key: string) {
    if (seconds <= 0) return;
    const meta = { from: fromUser, to: toUser };
    await this.post(tx, { userId: fromUser, asset, amount: -seconds, kind: 'merge', key: `${key}:${asset}:out`, meta });
    await this.post(tx, { userId: toUser, asset, amount: seconds, kind: 'merge', key: `${key}:${asset}:in`, meta });
  }

  /** A balance of `ledger_account` (0 when the account has no row yet). */
  async balance(db: Db, userId: number, asset: (typeof BALANCE_ASSETS)[number]): Promise<number> {
    return (await repo.balanceOf(db, userId, asset)) ?? 0;
  }

  /** Balances of one user by asset (views, downloads, cash_fen, earn_pending, cash_frozen; 0 without a row). */
  async balances(db: Db, userId: number): Promise<Record<(typeof BALANCE_ASSETS)[number], number>> {
    const rows = await repo.balancesOf(db, userId);
    const out = { views: 0, downloads: 0, cash_fen: 0, earn_pending: 0, cash_frozen: 0 };
    for (const r of rows) if (isBalanceAsset(r.asset as LedgerAsset)) out[r.asset as keyof typeof out] = r.balance;
    return out;
  }

  /**
   * Compare every balance with its journal sum and record the run and its differences. Points: each user's
   * `user_points` against the sum of their `mac_plog.plog_points` (users with neither are skipped); ledger_account
   * balances against sum(ledger_entry.amount) of the same (user, asset), including journal rows whose account row
   * is missing. Differences are logged. Returns the run.
   */
  async check(): Promise<{ check_id: number; checked: number; list: LedgerDifference[] }> {
    const points = await repo.pointsAgainstJournal(this.db);
    const accounts = await repo.accountsAgainstJournal(this.db);
    const all: repo.RawBalanceRow[] = [...points.map((r) => ({ ...r, asset: 'points' })), ...accounts];
    const list = all
      .map((r) => ({
        user_id: Number(r.user_id),
        asset: String(r.asset),
        balance: Number(r.balance),
        journal_sum: Number(r.journal_sum),
      }))
      .filter((r) => r.balance !== r.journal_sum);
    const checkId = await repo.recordCheck(this.db, all.length, list);
    if (list.length) this.log(`ledger check ${checkId}: ${list.length} balance(s) differ from the journal`, list);
    return { check_id: checkId, checked: all.length, list };
  }

  /** When the last check ran (null when none ran yet). */
  async lastCheckedAt(): Promise<Date | null> {
    return (await repo.lastCheckRun(this.db))?.checked_at ?? null;
  }

  /** The last check run and its differences (null when none ran yet). */
  async lastCheck(): Promise<{
    check_id: number;
    checked_at: Date;
    checked: number;
    list: (LedgerDifference & { check_id: number })[];
  } | null> {
    const run = await repo.lastCheckRun(this.db);
    if (!run) return null;
    const list = await repo.checkDifferences(this.db, run.check_id);
    return { check_id: run.check_id, checked_at: run.checked_at, checked: run.checked, list };
  }

  /**
   * The `meta` of the journal row posted under `key` (e.g. the first request's parameters when an idempotency key
   * is replayed: billing's upgrade); undefined when nothing was posted under it.
   */
  entryMeta(db: Db, key: string): Promise<Record<string, unknown> | undefined> {
    return repo.entryMeta(db, key);
  }
}

/** Default local time of the nightly ledger check (LEDGER_CHECK_AT), in the operator's time zone. */
export const DEFAULT_LEDGER_CHECK_AT = '03:30';

/**
 * The latest moment at or before `now` whose wall-clock time in `timeZone` is `at` ("HH:MM", 24 h): the nightly
 * check's slot that `now` belongs to. A time skipped by a daylight-saving change moves forward (luxon).
 * Throws on a malformed `at`.
 */
export function ledgerCheckSlot(now: Date, at: string, timeZone: string): Date {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!m) throw new Error(`ledger check time must be HH:MM, got "${at}"`);
  const today = DateTime.fromJSDate(now, { zone: timeZone }).set({
    hour: Number(m[1]),
    minute: Number(m[2]),
    second: 0,
    millisecond: 0,
  });
  return (today.toMillis() > now.getTime() ? today.minus({ days: 1 }) : today).toJSDate();
}
