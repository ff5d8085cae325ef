/**
 * Redemption codes (spec §1 VIP purchase "卡密"; redeemCode; console adminCreateCodeBatch / adminListCodeBatches /
 * adminExportCodeBatch): batches of codes granting VIP days, points, views or downloads. Redeeming is one guarded
 * update `used_by is null -> user` plus the grant's journal rows in one transaction; wrong / used / expired are
 * answered apart (3010 / 3011 / 3012); failures are counted per user and IP ({@link REDEEM_FAILURES_PER_HOUR}).
 * The codes themselves come from codes.ts; queries: billing.repo.ts.
 */
import {
  BillingErrorCode,
  type CodeBatch,
  type Grant,
  type GrantKind,
  type MemberState,
  normalizeRedeemCode,
  PLOG_TYPE,
  REDEEM_CODE_RULE,
} from '@openvod/contract';
import { DateTime } from 'luxon';
import { AppError } from '../../core/errors.ts';
import { type FailureCounter, MemoryFailureCounter, type UserRow } from '../accounts/accounts.service.ts';
import type { BillingContext } from './billing.context.ts';
import { fail, iso, REDEEM_FAILURES_PER_HOUR } from './billing.context.ts';
import type { BatchRow } from './billing.repo.ts';
import * as repo from './billing.repo.ts';
import { newRedeemCode } from './codes.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * `mac_plog.plog_type` of points granted by a redemption code: the contract's `PLOG_TYPE.redeem` (25; MacCMS cards
 * journal none). Its rows carry the key `code:<code>` (migration 0015 relabelled those written as 14 before).
 */
export const PLOG_TYPE_REDEEM = PLOG_TYPE.redeem;

/**
 * The expiry instant of a code batch: an ISO instant as given, or an operator day (YYYY-MM-DD) as the last
 * millisecond of that day in `timeZone` (a code is expired when `expires_at <= now`, so it stays valid all day).
 */
export function codeBatchExpiry(value: string, timeZone: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return DateTime.fromISO(value, { zone: timeZone }).endOf('day').toJSDate();
  return new Date(value);
}

export class RedemptionService {
  private readonly failures: FailureCounter;

  constructor(
    private readonly ctx: BillingContext,
    private readonly payments: PaymentsService,
  ) {
    this.failures = ctx.opts.redeemFailures ?? new MemoryFailureCounter(REDEEM_FAILURES_PER_HOUR, 3600_000);
  }

  /** redeemCode: 429 after too many failures per user or IP; 3010 wrong, 3011 used, 3012 expired. */
  async redeem(user: UserRow, typed: string, ip: string): Promise<{ grant: Grant; info: MemberState }> {
    const keys = [`redeem:u:${user.user_id}`, `redeem:ip:${ip}`];
    for (const k of keys) {
      if (await this.failures.blocked(k)) throw fail(429, 1429, 'rate_limited');
    }
    try {
      return await this.redeemOnce(user, normalizeRedeemCode(typed));
    } catch (err) {
      if (
        err instanceof AppError &&
        err.code >= BillingErrorCode.codeWrong &&
        err.code <= BillingErrorCode.codeExpired
      ) {
        for (const k of keys) await this.failures.fail(k);
      }
      throw err;
    }
  }

  /** One redemption of a normalised code in one transaction: claim the code, then grant its batch's grant. */
  private async redeemOnce(user: UserRow, code: string): Promise<{ grant: Grant; info: MemberState }> {
    if (!REDEEM_CODE_RULE.test(code)) throw fail(400, BillingErrorCode.codeWrong, 'billing_code_wrong');
    return this.ctx.db.transaction(async (tx) => {
      const row = await repo.codeWithBatch(tx, code);
      if (!row) throw fail(400, BillingErrorCode.codeWrong, 'billing_code_wrong');
      if (row.code.used_by !== null) throw fail(400, BillingErrorCode.codeUsed, 'billing_code_used');
      const now = this.ctx.now();
      if (row.batch.expires_at.getTime() <= now.getTime()) {
        throw fail(400, BillingErrorCode.codeExpired, 'billing_code_expired');
      }
      if (!(await repo.claimCode(tx, row.code.code_id, user.user_id, now))) {
        throw fail(400, BillingErrorCode.codeUsed, 'billing_code_used');
      }
      const b = row.batch;
      const key = `code:${code}`;
      const ref = `batch:${b.batch_id}`;
      const kind = b.grant_kind as GrantKind;
      if (kind === 'vip') {
        await this.payments.grantVip(tx, {
          userId: user.user_id,
          groupId: b.grant_group_id,
          days: b.grant_amount,
          key,
          kind: 'redeem',
          ref,
        });
      } else if (kind === 'points') {
        await this.ctx.ledger.post(tx, {
          userId: user.user_id,
          asset: 'points',
          amount: b.grant_amount,
          kind: 'redeem',
          key,
          plogType: PLOG_TYPE_REDEEM,
          remarks: `redeem ${ref}`,
        });
      } else {
        await this.ctx.ledger.post(tx, {
          userId: user.user_id,
          asset: kind,
          amount: b.grant_amount,
          kind: 'redeem',
          key,
          ref,
        });
      }
      return {
        grant: { grant_kind: kind, grant_amount: b.grant_amount, grant_group_id: b.grant_group_id },
        info: await this.payments.memberState(user.user_id, tx),
      };
    });
  }

  /** A batch for the console, with `used` codes; `expires_day` is the last operator day it redeems. */
  private toBatch(b: BatchRow, used: number): CodeBatch {
    return {
      batch_id: b.batch_id,
      batch_name: b.batch_name,
      grant_kind: b.grant_kind as GrantKind,
      grant_amount: b.grant_amount,
      grant_group_id: b.grant_group_id,
      code_count: b.code_count,
      used_count: used,
      expires_at: b.expires_at.toISOString(),
      // A code is expired when expires_at <= now: the last day it redeems is the operator day of the instant before.
      expires_day: DateTime.fromMillis(b.expires_at.getTime() - 1, { zone: this.ctx.opts.timeZone }).toISODate() ?? '',
      created_at: b.created_at.toISOString(),
    };
  }

  /**
   * adminCreateCodeBatch: `count` fresh codes (a collision, 2^-80 a pair, is simply drawn again). `expires_at` is an
   * ISO instant, or an operator day (YYYY-MM-DD) meaning the end of that day in the operator's time zone. 400 1001
   * for a VIP grant of a group that is not a VIP group (>= 3) or of more than 3650 days.
   */
  async createCodeBatch(body: {
    batch_name: string;
    count: number;
    grant_kind: GrantKind;
    grant_amount: number;
    grant_group_id: number;
    expires_at: string;
  }): Promise<CodeBatch> {
    if (body.grant_kind === 'vip') {
      const g = await repo.groupById(this.ctx.db, body.grant_group_id);
      if (!g || g.group_id < 3) throw new AppError(400, 1001, 'billing_group_invalid', {}, 'grant_group_id');
      if (body.grant_amount > 3650) throw new AppError(400, 1001, 'v_too_big', { max: 3650 }, 'grant_amount');
    }
    return this.ctx.db.transaction(async (tx) => {
      const b = await repo.insertBatch(tx, {
        batch_name: body.batch_name,
        grant_kind: body.grant_kind,
        grant_amount: body.grant_amount,
        grant_group_id: body.grant_kind === 'vip' ? body.grant_group_id : 0,
        code_count: body.count,
        expires_at: codeBatchExpiry(body.expires_at, this.ctx.opts.timeZone),
      });
      let left = body.count;
      while (left > 0) {
        const chunk = Array.from({ length: Math.min(left, 1000) }, () => newRedeemCode());
        left -= await repo.insertCodes(tx, b.batch_id, chunk);
      }
      return this.toBatch(b, 0);
    });
  }

  /** adminListCodeBatches: every batch, newest first, with how many of its codes were used. */
  async listCodeBatches(): Promise<CodeBatch[]> {
    const rows = await repo.batchesWithUse(this.ctx.db);
    return rows.map((r) => this.toBatch(r.batch, r.used));
  }

  /** adminExportCodeBatch: CSV `code,state,used_by,used_at` (state unused / used / expired). 404 unknown batch. */
  async exportCodeBatch(batchId: number): Promise<string> {
    const batch = await repo.batchById(this.ctx.db, batchId);
    if (!batch) throw fail(404, 1004, 'route_not_found');
    const codes = await repo.codesOfBatch(this.ctx.db, batchId);
    const expired = batch.expires_at.getTime() <= this.ctx.now().getTime();
    const lines = codes.map((c) =>
      [
        c.code,
        c.used_by !== null ? 'used' : expired ? 'expired' : 'unused',
        c.used_by ?? '',
        iso(c.used_at) ?? '',
      ].join(','),
    );
    return `code,state,used_by,used_at\r\n${lines.map((l) => `${l}\r\n`).join('')}`;
  }
}
