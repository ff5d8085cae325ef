/**
 * Cash withdrawal (spec §2 cash-center, cash-list, cash-type; §4 Withdrawal states; §5 withdrawal rules; §8
 * 'Insufficient Balance', 'Withdrawal failed'; §9 arrival within 2 h, at most 48 h after approval;
 * research/money.md §2 "Withdrawal"). Queries: cash.repo.ts; the payout client: alipay-payout.ts.
 *
 * Money (fen) moves only through the ledger (`deps.ledger.post`, modules/ledger), always in the transaction of the
 * state change it belongs to, under keys made from the withdrawal's id:
 * | transition | ledger (keys `cash:<id>:...`) |
 * | request → pending | cash_fen −money (`reserve:fen`), cash_frozen +money (`reserve:frozen`) |
 * | pending/approved → rejected, pending → cancelled | cash_frozen −money, cash_fen +money (`reject:*`, `cancel:*`) |
 * | paying → failed | cash_frozen −money, cash_fen +money (`fail:<out_biz_no>:*`) |
 * | failed → approved (console retry) | cash_fen −money, cash_frozen +money (`retry:<round>:*`) |
 * | paying/approved → paid | cash_frozen −money (`paid:frozen`), journal cash_paid +money (`paid`) |
 * Each transition is a guarded update (`WHERE cash_status IN (<expected>)`, cash.repo.ts `transition`) before its
 * ledger rows: of two racing transitions (approve and reject, two payout workers) one finds the row as it expects
 * and the other changes nothing, so the money is paid or returned, never both.
 *
 * A request (`cash`) locks the member's `promo_promoter` row (the account, the fraud flag), so one member's
 * withdrawals are decided one at a time: the caps (count and fen, per operator day and month) and the balance hold
 * under any concurrency. Its key (the Idempotency-Key, unique per member in `mac_cash.cash_key`) makes a replay
 * return the first withdrawal and reserve nothing.
 *
 * Payout (cash.jobs.ts runs {@link CashService.runPayouts}): approved withdrawals are claimed (approved → paying,
 * `cash_ref` = the `out_biz_no`, committed before the transfer is sent), then the channel answers: paid, failed
 * (amount returned, reason shown), or unknown: the row stays paying and is looked at again by query, with
 * backoff; only a query saying the order does not exist resends the identical request (same out_biz_no).
 */
import { randomUUID } from 'node:crypto';
import {
  type AdminCashItem,
  type AdminCashSettingsUpdate,
  ALIPAY_ACCOUNT_RE,
  type CashAccount,
  type CashAccountBody,
  type CashBody,
  CashErrorCode,
  type CashItem,
  type CashSettings,
  type CashStatus,
  ErrorCode,
  type Locale,
  type PayoutMode,
} from '@openvod/contract';
import { DateTime } from 'luxon';
import { transaction } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { type MessageKey, t } from '../../core/i18n/messages.ts';
import { getSettings, setSetting } from '../../core/settings.ts';
import { operatorDayStart } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { isGuestAccount } from '../accounts/index.ts';
import { fenToYuan } from '../billing/index.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Outcome, PayoutChannel } from './alipay-payout.ts';
import * as repo from './cash.repo.ts';

/** `app_setting` key of the withdrawal settings. */
export const CASH_SETTING_KEY = 'cash';
/** Alipay's smallest transfer, fen (research/money.md §1.2: 0.1 yuan). */
export const MIN_TRANSFER_FEN = 10;
/** Approved and unpaid longer than this: flagged late in the console (spec §9 "within 2 hours"). */
export const LATE_MS = 2 * 3600_000;
/** Approved and unpaid longer than this: overdue, listed first (spec §9 "at most 48 hours"). */
export const OVERDUE_MS = 48 * 3600_000;
/** Withdrawals claimed or looked at per payout run. */
const BATCH = 50;
/** `order_title` of the transfers (shown to the payee in Alipay). */
const ORDER_TITLE = '提现';

/** Defaults of the withdrawal settings (fen; caps 0 = none); `payout_mode` defaults by what the server offers. */
export const DEFAULT_CASH_SETTINGS: Omit<CashSettings, 'payout_mode'> = {
  min_fen: 100,
  fee_bp: 0,
  fee_fixed_fen: 0,
  daily_count: 3,
  daily_fen: 0,
  monthly_count: 0,
  monthly_fen: 0,
  auto_approve_fen: 0,
};

/** The ledger as this module uses it (modules/ledger `app.services.ledger`). */
export type CashLedger = Pick<LedgerService, 'post' | 'balances'>;

export interface CashDeps {
  ledger: CashLedger;
  /** The payout channels this server has (alipay: keys set; fake: the development gateway on). */
  channels: Partial<Record<'alipay' | 'fake', PayoutChannel>>;
  /** Enqueue the payout job inside `tx` (core/jobs.ts `send`), so an approval is paid without waiting a minute. */
  kickPayout?: (tx: Db) => Promise<void>;
  /**
   * Move the member's earnings whose hold has ended onto `cash_fen` first (modules/promotion `releaseDue`), so the
   * cash centre and a withdrawal see them without waiting for the release job.
   */
  releaseDue?: (userId: number) => Promise<unknown>;
  timeZone: string;
  now?: () => Date;
  log?: (msg: string, err?: unknown) => void;
}

const fail = (status: number, code: number, key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(status, code, key, params);
const wrongState = () => fail(409, CashErrorCode.wrongState, 'cash_wrong_state');
const notFound = () => fail(404, ErrorCode.notFound, 'cash_not_found');

/** 13800001111 → 138****1111; a***@example.com; other text keeps its first and last character. */
export function maskAccount(account: string): string {
  if (/^1\d{10}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(7)}`;
  const at = account.indexOf('@');
  if (at > 0) return `${account[0]}***${account.slice(at)}`;
  return account.length <= 2 ? `${account[0] ?? ''}*` : `${account[0]}***${account.at(-1)}`;
}

/** 张三 → 张*, 王小明 → 王**, John Smith → J*** (the first character only). */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '';
  return /^[\p{Script=Han}]+$/u.test(name) ? `${chars[0]}${'*'.repeat(chars.length - 1)}` : `${chars[0]}***`;
}

/** The operator's fee of a withdrawal of `money` fen: `fee_bp` basis points (floor) plus `fee_fixed_fen`. */
export function feeOf(money: number, s: Pick<CashSettings, 'fee_bp' | 'fee_fixed_fen'>): number {
  return Math.floor((money * s.fee_bp) / 10_000) + s.fee_fixed_fen;
}

/** The `out_biz_no` of a withdrawal's next payout: `OVC<id>`, then `OVC<id>R<n>` after the n-th failed one. */
export function outBizNo(cashId: number, previousRef: string): string {
  const m = new RegExp(`^OVC${cashId}(?:R(\\d+))?$`).exec(previousRef);
  if (!m) return `OVC${cashId}`;
  return `OVC${cashId}R${Number(m[1] ?? 0) + 1}`;
}

export class CashService {
  private readonly now: () => Date;
  private readonly log: (msg: string, err?: unknown) => void;

  constructor(
    private readonly db: Db,
    private readonly deps: CashDeps,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.log = deps.log ?? (() => {});
  }

  // ---------------------------------------------------------------------------------------------- settings

  /** Payout modes usable now: manual always, alipay with its keys, fake with the development gateway. */
  modes(): PayoutMode[] {
    return ['manual', ...(['alipay', 'fake'] as const).filter((m) => this.deps.channels[m])];
  }

  /**
   * The withdrawal settings: the stored `app_setting` `cash` over {@link DEFAULT_CASH_SETTINGS}; the payout mode
   * defaults to alipay when its keys are set, else fake when the development gateway is on, else manual.
   */
  async settings(db: Db = this.db): Promise<CashSettings> {
    const stored = ((await getSettings(db, [CASH_SETTING_KEY]))[CASH_SETTING_KEY] ?? {}) as Partial<CashSettings>;
    const defaultMode: PayoutMode = this.deps.channels.alipay ? 'alipay' : this.deps.channels.fake ? 'fake' : 'manual';
    return { ...DEFAULT_CASH_SETTINGS, payout_mode: defaultMode, ...stored };
  }

  /** Change the settings; 400 {@link CashErrorCode.payoutUnavailable} for a payout mode this server cannot use. */
  async updateSettings(patch: AdminCashSettingsUpdate): Promise<CashSettings> {
    if (patch.payout_mode && !this.modes().includes(patch.payout_mode)) {
      throw fail(400, CashErrorCode.payoutUnavailable, 'cash_payout_unavailable');
    }
    const next = { ...(await this.settings()), ...patch };
    await setSetting(this.db, CASH_SETTING_KEY, next);
    return next;
  }

  // ---------------------------------------------------------------------------------------------- member

  /** The cash centre: balances (fen), the rules and the masked account. */
  async center(user: UserRow) {
    await this.deps.releaseDue?.(user.user_id);
    const [b, s, p] = await Promise.all([
      this.deps.ledger.balances(this.db, user.user_id),
      this.settings(),
      repo.promoterOf(this.db, user.user_id),
    ]);
    const { payout_mode: _m, auto_approve_fen: _a, ...rules } = s;
    return {
      cash_fen: b.cash_fen,
      cash_frozen: b.cash_frozen,
      earn_pending: b.earn_pending,
      rules,
      account: accountOf(p),
    };
  }

  /** The masked withdrawal account, or null. */
  async account(userId: number): Promise<CashAccount | null> {
    return accountOf(await repo.promoterOf(this.db, userId));
  }

  /**
   * Set the withdrawal account (spec §2 cash-type; §5: a name and a correct Alipay account, both non-empty).
   * 403 for the device's guest account; 400 for an incorrect account or an empty or control-character name.
   */
  async setAccount(user: UserRow, body: CashAccountBody): Promise<CashAccount> {
    if (isGuestAccount(user)) throw fail(403, CashErrorCode.bindPhoneRequired, 'cash_bind_phone_required');
    const account = body.cash_account.trim();
    const name = body.cash_name.trim();
    if (!ALIPAY_ACCOUNT_RE.test(account)) throw fail(400, CashErrorCode.accountMissing, 'cash_account_invalid');
    if (!name || /[\p{Cc}\p{Cf}<>]/u.test(name)) throw fail(400, CashErrorCode.accountMissing, 'cash_name_invalid');
    const row = await repo.upsertAccount(this.db, user.user_id, {
      cash_type: body.cash_type,
      cash_account: account,
      cash_name: name,
    });
    return accountOf(row) as CashAccount;
  }

  /** The member's withdrawals, newest first. */
  async list(userId: number, page: number, limit: number, locale: Locale) {
    const { list, total } = await repo.listOfUser(this.db, userId, page, limit);
    return { list: list.map((r) => itemOf(r, locale)), page, limit, total, pagecount: Math.ceil(total / limit) };
  }

  /**
   * Request a withdrawal (spec §7 cash; see the module comment). Errors (nothing reserved): 403 guest; 400
   * belowMinimum (amount below the minimum, or less than 0.10 yuan left after the fee), accountMissing (no account
   * or an incorrect one), withdrawalFailed (fraud flag: 'Withdrawal failed' with the reason), capReached (daily or
   * monthly count or fen), insufficientBalance ('Insufficient Balance'); 422 idempotencyMismatch (the key was used
   * with another amount or method). A replay of the key returns the first withdrawal with `applied: false`.
   */
  async request(user: UserRow, body: CashBody, key: string | undefined, locale: Locale) {
    if (isGuestAccount(user)) throw fail(403, CashErrorCode.bindPhoneRequired, 'cash_bind_phone_required');
    const userId = user.user_id;
    const cashKey = key ?? randomUUID();
    const money = body.cash_money;
    await this.deps.releaseDue?.(userId);
    return transaction(this.db, async (tx) => {
      const promoter = await repo.lockPromoter(tx, userId);
      const replay = key ? await repo.cashByKey(tx, userId, cashKey) : undefined;
      if (replay) {
        if (replay.cash_money !== money || replay.cash_type !== body.cash_type) {
          throw fail(422, CashErrorCode.idempotencyMismatch, 'billing_idempotency_mismatch');
        }
        const b = await this.deps.ledger.balances(tx, userId);
        return { info: itemOf(replay, locale), cash_fen: b.cash_fen, applied: false };
      }
      const s = await this.settings(tx);
      const fee = feeOf(money, s);
      if (money < s.min_fen || money - fee < MIN_TRANSFER_FEN) {
        throw fail(400, CashErrorCode.belowMinimum, 'cash_below_minimum', { min: fenToYuan(Math.max(s.min_fen, 1)) });
      }
      if (!promoter?.cash_account || !promoter.cash_name || !ALIPAY_ACCOUNT_RE.test(promoter.cash_account)) {
        throw fail(400, CashErrorCode.accountMissing, 'cash_account_missing');
      }
      if (promoter.fraud_flag) {
        throw fail(400, CashErrorCode.withdrawalFailed, 'cash_withdrawal_failed', { reason: promoter.fraud_reason });
      }
      await this.checkCaps(tx, userId, money, s);
      const balances = await this.deps.ledger.balances(tx, userId);
      if (balances.cash_fen < money) throw fail(400, CashErrorCode.insufficientBalance, 'cash_insufficient');
      const row = await repo.claimCash(tx, {
        user_id: userId,
        cash_money: money,
        cash_fee: fee,
        cash_type: body.cash_type,
        cash_bank_no: promoter.cash_account,
        cash_payee_name: promoter.cash_name,
        cash_key: cashKey,
        cash_time: this.now(),
      });
      // The member's promoter row is locked, so the key cannot have been taken since the replay check.
      if (!row) throw new Error(`mac_cash key ${cashKey} taken under the member's lock`);
      const id = row.cash_id;
      const meta = { cash_id: id };
      let after: number;
      try {
        const r = await this.deps.ledger.post(tx, {
          userId,
          asset: 'cash_fen',
          amount: -money,
          kind: 'cash_reserve',
          key: `cash:${id}:reserve:fen`,
          ref: String(id),
          meta,
        });
        after = r.balance ?? 0;
      } catch (err) {
        if (err instanceof AppError && err.key === 'ledger_insufficient') {
          throw fail(400, CashErrorCode.insufficientBalance, 'cash_insufficient');
        }
        throw err;
      }
      await this.deps.ledger.post(tx, {
        userId,
        asset: 'cash_frozen',
        amount: money,
        kind: 'cash_reserve',
        key: `cash:${id}:reserve:frozen`,
        ref: String(id),
        meta,
      });
      let info = row;
      // Small withdrawals may skip review, but never a member's first (research/money.md §2).
      if (s.auto_approve_fen > 0 && money <= s.auto_approve_fen && (await repo.hasPaid(tx, userId))) {
        const approved = await repo.transition(tx, id, ['pending'], {
          cash_status: 'approved',
          cash_time_audit: this.now(),
        });
        if (approved) {
          info = approved;
          if (s.payout_mode !== 'manual') await this.deps.kickPayout?.(tx);
        }
      }
      return { info: itemOf(info, locale), cash_fen: after, applied: true };
    });
  }

  private async checkCaps(tx: Db, userId: number, money: number, s: CashSettings) {
    const now = this.now();
    const dayStart = operatorDayStart(now, this.deps.timeZone);
    const monthStart = DateTime.fromJSDate(now, { zone: this.deps.timeZone }).startOf('month').toJSDate();
    const [day, month] = await Promise.all([
      repo.usageSince(tx, userId, dayStart),
      repo.usageSince(tx, userId, monthStart),
    ]);
    const cap = (key: MessageKey, params: Record<string, string | number>) =>
      fail(400, CashErrorCode.capReached, key, params);
    if (s.daily_count > 0 && day.count + 1 > s.daily_count) throw cap('cash_cap_daily_count', { n: s.daily_count });
    if (s.daily_fen > 0 && day.fen + money > s.daily_fen) {
      throw cap('cash_cap_daily_fen', { amount: fenToYuan(s.daily_fen) });
    }
    if (s.monthly_count > 0 && month.count + 1 > s.monthly_count) {
      throw cap('cash_cap_monthly_count', { n: s.monthly_count });
    }
    if (s.monthly_fen > 0 && month.fen + money > s.monthly_fen) {
      throw cap('cash_cap_monthly_fen', { amount: fenToYuan(s.monthly_fen) });
    }
  }

  /** Cancel the member's own pending withdrawal: the amount returns to cash_fen. 404 not theirs; 409 not pending. */
  async cancel(user: UserRow, cashId: number, locale: Locale) {
    const row = await repo.cashById(this.db, cashId);
    if (!row || row.user_id !== user.user_id) throw notFound();
    return transaction(this.db, async (tx) => {
      const done = await repo.transition(tx, cashId, ['pending'], { cash_status: 'cancelled' });
      if (!done) throw wrongState();
      const after = await this.returnMoney(tx, done, 'cancel');
      return { info: itemOf(done, locale), cash_fen: after };
    });
  }

  // ---------------------------------------------------------------------------------------------- console

  /** The console queue (see repo.adminList), with the 2 h / 48 h flags. */
  async adminList(q: { status?: CashStatus; user_id?: number; page: number; limit: number }, locale: Locale) {
    const now = this.now();
    const r = await repo.adminList(this.db, {
      status: q.status,
      userId: q.user_id,
      page: q.page,
      limit: q.limit,
      lateBefore: new Date(now.getTime() - LATE_MS),
      overdueBefore: new Date(now.getTime() - OVERDUE_MS),
    });
    return {
      list: r.list.map((row) => this.adminItem(row, locale)),
      page: q.page,
      limit: q.limit,
      total: r.total,
      pagecount: Math.ceil(r.total / q.limit),
      late: r.late,
      overdue: r.overdue,
    };
  }

  private async adminAnswer(cashId: number, locale: Locale): Promise<AdminCashItem> {
    const row = await repo.adminRow(this.db, cashId);
    if (!row) throw notFound();
    return this.adminItem(row, locale);
  }

  private adminItem(row: repo.AdminCashRow, locale: Locale): AdminCashItem {
    const age = row.cash_time_audit ? this.now().getTime() - row.cash_time_audit.getTime() : 0;
    const unpaid = row.cash_status === 'approved' || row.cash_status === 'paying';
    return {
      ...itemOf(row, locale),
      user_id: row.user_id,
      user_name: row.user_name,
      cash_bank_no: row.cash_bank_no,
      cash_payee_name: row.cash_payee_name,
      cash_channel: row.cash_channel,
      cash_ref: row.cash_ref,
      cash_attempts: row.cash_attempts,
      late: unpaid && age > LATE_MS,
      overdue: unpaid && age > OVERDUE_MS,
      fraud_flag: row.fraud_flag,
      fraud_reason: row.fraud_reason,
    };
  }

  /**
   * Approve a pending withdrawal (spec §4 "reviewed"); with payout mode alipay or fake the payout job is sent in the
   * same transaction. 404 unknown; 409 not pending (already approved, rejected, cancelled...).
   */
  async approve(adminId: number, cashId: number, locale: Locale): Promise<AdminCashItem> {
    const s = await this.settings();
    await transaction(this.db, async (tx) => {
      const done = await repo.transition(tx, cashId, ['pending'], {
        cash_status: 'approved',
        cash_admin_id: adminId,
        cash_time_audit: this.now(),
      });
      if (!done) throw (await repo.cashById(tx, cashId)) ? wrongState() : notFound();
      if (s.payout_mode !== 'manual') await this.deps.kickPayout?.(tx);
    });
    return this.adminAnswer(cashId, locale);
  }

  /** Reject a pending or approved (not yet paying) withdrawal with `reason`; the amount returns. 404; 409. */
  async reject(adminId: number, cashId: number, reason: string, locale: Locale): Promise<AdminCashItem> {
    await transaction(this.db, async (tx) => {
      const done = await repo.transition(tx, cashId, ['pending', 'approved'], {
        cash_status: 'rejected',
        cash_reason: reason.slice(0, 255),
        cash_admin_id: adminId,
        cash_time_audit: this.now(),
      });
      if (!done) throw (await repo.cashById(tx, cashId)) ? wrongState() : notFound();
      await this.returnMoney(tx, done, 'reject');
    });
    return this.adminAnswer(cashId, locale);
  }

  /** Manual payout: an approved withdrawal becomes paid with the operator's reference `ref`. 404; 409. */
  async markPaid(adminId: number, cashId: number, ref: string, locale: Locale): Promise<AdminCashItem> {
    await transaction(this.db, async (tx) => {
      const done = await repo.transition(tx, cashId, ['approved'], {
        cash_status: 'paid',
        cash_channel: 'manual',
        cash_ref: ref.slice(0, 64),
        cash_admin_id: adminId,
        cash_time_paid: this.now(),
      });
      if (!done) throw (await repo.cashById(tx, cashId)) ? wrongState() : notFound();
      await this.settlePaid(tx, done, { channel: 'manual', ref });
    });
    return this.adminAnswer(cashId, locale);
  }

  /**
   * Retry a failed payout: the amount is reserved again (400 'Insufficient Balance' when the member spent it since)
   * and the withdrawal is approved again; its next payout gets a new `out_biz_no` (the failed one was definite).
   */
  async retry(adminId: number, cashId: number, locale: Locale): Promise<AdminCashItem> {
    const s = await this.settings();
    await transaction(this.db, async (tx) => {
      const done = await repo.transition(tx, cashId, ['failed'], {
        cash_status: 'approved',
        cash_reason: '',
        cash_admin_id: adminId,
        cash_time_audit: this.now(),
      });
      if (!done) throw (await repo.cashById(tx, cashId)) ? wrongState() : notFound();
      const round = outBizNo(cashId, done.cash_ref);
      const meta = { cash_id: cashId, round };
      try {
        await this.deps.ledger.post(tx, {
          userId: done.user_id,
          asset: 'cash_fen',
          amount: -done.cash_money,
          kind: 'cash_reserve',
          key: `cash:${cashId}:retry:${round}:fen`,
          ref: String(cashId),
          meta,
        });
      } catch (err) {
        if (err instanceof AppError && err.key === 'ledger_insufficient') {
          throw fail(400, CashErrorCode.insufficientBalance, 'cash_insufficient');
        }
        throw err;
      }
      await this.deps.ledger.post(tx, {
        userId: done.user_id,
        asset: 'cash_frozen',
        amount: done.cash_money,
        kind: 'cash_reserve',
        key: `cash:${cashId}:retry:${round}:frozen`,
        ref: String(cashId),
        meta,
      });
      if (s.payout_mode !== 'manual') await this.deps.kickPayout?.(tx);
    });
    return this.adminAnswer(cashId, locale);
  }

  // ---------------------------------------------------------------------------------------------- deletion

  /**
   * Account deletion (accounts.events.ts `user.deleted`, inside the deletion transaction): the member's pending and
   * approved withdrawals are rejected with the reason "account deleted" and their amounts returned; paying ones
   * are left to finish. Safe to run again (guarded transitions, keyed ledger rows).
   */
  async onUserDeleted(tx: Db, userId: number): Promise<void> {
    for (const row of await repo.openOfUser(tx, userId)) {
      const done = await repo.transition(tx, row.cash_id, ['pending', 'approved'], {
        cash_status: 'rejected',
        cash_reason: 'cash_reason_deleted',
        cash_time_audit: this.now(),
      });
      if (done) await this.returnMoney(tx, done, 'reject');
    }
  }

  // ---------------------------------------------------------------------------------------------- payout

  /**
   * One payout run (cash.jobs.ts): with payout mode alipay or fake, claims approved withdrawals one by one and sends
   * each transfer; then looks at paying withdrawals due for a look (query; a resend of the identical request only
   * when the order does not exist). Returns what it did. Never pays one withdrawal twice: each claim is a guarded
   * transition, and Alipay (and the fake gateway) pay one out_biz_no once.
   */
  async runPayouts(): Promise<{ sent: number; looked: number; paid: number; failed: number }> {
    const stats = { sent: 0, looked: 0, paid: 0, failed: 0 };
    const s = await this.settings();
    const channel = s.payout_mode === 'manual' ? undefined : this.deps.channels[s.payout_mode];
    if (s.payout_mode !== 'manual' && !channel) this.log(`cash: payout mode ${s.payout_mode} is not available`);
    for (let i = 0; channel && i < BATCH; i++) {
      const row = await transaction(this.db, (tx) =>
        repo.claimApproved(tx, channel.id, this.nextTry(1), (id, prev) => outBizNo(id, prev)),
      );
      if (!row) break;
      stats.sent++;
      const outcome = await channel.transfer(this.transferOf(row));
      await this.apply(row, outcome, stats);
    }
    for (let i = 0; i < BATCH; i++) {
      const now = this.now();
      const row = await transaction(this.db, async (tx) => {
        const due = await repo.claimDuePaying(tx, now, new Date(now.getTime() + 60_000));
        if (!due) return undefined;
        // The next look backs off with the attempts (1 min, 2, 4 ... at most 1 h).
        return repo.transition(tx, due.cash_id, ['paying'], { cash_next_try: this.nextTry(due.cash_attempts) });
      });
      if (!row) break;
      const ch = this.deps.channels[row.cash_channel as 'alipay' | 'fake'];
      if (!ch) {
        this.log(`cash: withdrawal ${row.cash_id} is paying through ${row.cash_channel}, which is not available`);
        continue;
      }
      stats.looked++;
      let outcome = await ch.query(row.cash_ref);
      // Alipay never took the order: send the identical request again (same out_biz_no, amount and payee).
      if (outcome.kind === 'absent') outcome = await ch.transfer(this.transferOf(row));
      await this.apply(row, outcome, stats);
    }
    return stats;
  }

  private nextTry(attempts: number): Date {
    const delay = Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
    return new Date(this.now().getTime() + delay);
  }

  private transferOf(row: repo.CashRow) {
    return {
      outBizNo: row.cash_ref,
      amountFen: row.cash_money - row.cash_fee,
      identity: row.cash_bank_no,
      name: row.cash_payee_name,
      title: ORDER_TITLE,
    };
  }

  /** Apply a payout answer to a paying withdrawal (guarded: nothing when it is no longer paying). */
  private async apply(row: repo.CashRow, outcome: Outcome, stats: { paid: number; failed: number }) {
    if (outcome.kind === 'paid') {
      await transaction(this.db, async (tx) => {
        const done = await repo.transition(tx, row.cash_id, ['paying'], {
          cash_status: 'paid',
          cash_time_paid: this.now(),
          cash_next_try: null,
        });
        if (!done) return;
        stats.paid++;
        await this.settlePaid(tx, done, {
          channel: done.cash_channel,
          out_biz_no: done.cash_ref,
          order_id: outcome.orderId,
        });
      });
      return;
    }
    if (outcome.kind === 'failed') {
      await transaction(this.db, async (tx) => {
        const done = await repo.transition(tx, row.cash_id, ['paying'], {
          cash_status: 'failed',
          cash_reason: outcome.reason.slice(0, 255),
          cash_next_try: null,
        });
        if (!done) return;
        stats.failed++;
        await this.returnMoney(tx, done, `fail:${done.cash_ref}`);
      });
      this.log(`cash: payout of withdrawal ${row.cash_id} (${row.cash_ref}) failed: ${outcome.reason}`);
      return;
    }
    this.log(
      `cash: payout of withdrawal ${row.cash_id} (${row.cash_ref}) unknown yet: ${outcome.kind === 'unknown' ? outcome.reason : 'absent'}`,
    );
  }

  /** cash_frozen −money, journal cash_paid +money (keys `cash:<id>:paid:*`). */
  private async settlePaid(tx: Db, row: repo.CashRow, meta: Record<string, unknown>) {
    const base = { userId: row.user_id, kind: 'cash_paid', ref: String(row.cash_id) };
    const m = { cash_id: row.cash_id, fee: row.cash_fee, ...meta };
    await this.deps.ledger.post(tx, {
      ...base,
      asset: 'cash_frozen',
      amount: -row.cash_money,
      key: `cash:${row.cash_id}:paid:frozen`,
      meta: m,
    });
    await this.deps.ledger.post(tx, {
      ...base,
      asset: 'cash_paid',
      amount: row.cash_money,
      key: `cash:${row.cash_id}:paid`,
      meta: m,
    });
  }

  /** cash_frozen −money, cash_fen +money (keys `cash:<id>:<why>:*`); the available balance after. */
  private async returnMoney(tx: Db, row: repo.CashRow, why: string): Promise<number> {
    const base = {
      userId: row.user_id,
      kind: 'cash_return',
      ref: String(row.cash_id),
      meta: { cash_id: row.cash_id, why },
    };
    await this.deps.ledger.post(tx, {
      ...base,
      asset: 'cash_frozen',
      amount: -row.cash_money,
      key: `cash:${row.cash_id}:${why}:frozen`,
    });
    const r = await this.deps.ledger.post(tx, {
      ...base,
      asset: 'cash_fen',
      amount: row.cash_money,
      key: `cash:${row.cash_id}:${why}:fen`,
    });
    return r.balance ?? 0;
  }
}

function accountOf(p: repo.PromoterRow | undefined): CashAccount | null {
  if (!p?.cash_account || p.cash_type !== 'alipay') return null;
  return { cash_type: 'alipay', cash_account: maskAccount(p.cash_account), cash_name: maskName(p.cash_name) };
}

/** A withdrawal as its member sees it: the account masked, the server's own reasons in `locale`. */
function itemOf(r: repo.CashRow, locale: Locale): CashItem {
  const reason = r.cash_reason.startsWith('cash_reason_') ? t(locale, r.cash_reason as MessageKey) : r.cash_reason;
  return {
    cash_id: r.cash_id,
    cash_status: r.cash_status as CashStatus,
    cash_money: r.cash_money,
    cash_fee: r.cash_fee,
    cash_type: 'alipay',
    cash_bank_no: maskAccount(r.cash_bank_no),
    cash_reason: reason,
    cash_time: r.cash_time.toISOString(),
    cash_time_audit: r.cash_time_audit?.toISOString() ?? null,
    cash_time_paid: r.cash_time_paid?.toISOString() ?? null,
  };
}
