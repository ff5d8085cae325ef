/**
 * SMS verification codes (issue 3 item 5; research/money.md §3; table `sms_code`).
 *
 * - A code is 6 random digits (`crypto.randomInt`), bound to (phone, purpose), valid {@link SMS_CODE_TTL_MS}
 *   (5 minutes), single use, at most {@link SMS_MAX_TRIES} (5) wrong tries; only the latest code of a
 *   (phone, purpose) counts (sending a new one withdraws the old).
 * - Stored as HMAC-SHA256(secret, `phone:purpose:code`) in hex; the secret is SMS_CODE_SECRET or one generated once
 *   per installation (AppConfigService.secret).
 * - Sending: {@link SMS_RESEND_MS} (60 s) before another code to the same phone and purpose; at most
 *   {@link SMS_DAILY_PER_PHONE} (10) codes per phone and {@link SMS_DAILY_PER_IP} (20) per client IP per day, "day"
 *   being the operator's day in TZ. Checks and insert run in one transaction under advisory locks on the phone and
 *   the IP, so concurrent requests cannot both pass a cap.
 *
 * Errors ({@link AppError}, message keys of core/i18n/signin-messages.ts): 400 `sms_disabled` (no provider),
 * 429 `sms_resend_wait` {seconds} / `sms_phone_daily` / `sms_ip_daily`, 502 `sms_send_failed` (provider failed;
 * the code is withdrawn so it does not count), 400 `sms_code_invalid` (none, expired, used or withdrawn),
 * 400 `sms_code_wrong` {left}, 400 `sms_code_locked` (5 wrong tries).
 */
import { createHmac, randomInt } from 'node:crypto';
import { ErrorCode } from '@openvod/contract';
import { DateTime } from 'luxon';
import { transaction } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { type SmsProvider, type SmsPurpose, SmsSendError } from './sms.provider.ts';
import * as repo from './sms.repo.ts';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_TRIES = 5;
export const SMS_RESEND_MS = 60_000;
export const SMS_DAILY_PER_PHONE = 10;
export const SMS_DAILY_PER_IP = 20;

const codeError = (key: 'sms_code_invalid' | 'sms_code_wrong' | 'sms_code_locked', left?: number) =>
  new AppError(400, ErrorCode.validation, key, left === undefined ? {} : { left }, 'code');
const limited = (key: 'sms_resend_wait' | 'sms_phone_daily' | 'sms_ip_daily', seconds?: number) =>
  new AppError(429, ErrorCode.rateLimited, key, seconds === undefined ? {} : { seconds }, 'phone');

export class SmsCodeService {
  /** The clock (tests move it). */
  now: () => Date = () => new Date();

  constructor(
    private db: Db,
    private provider: SmsProvider | undefined,
    private secret: () => Promise<Buffer>,
    private timeZone: string,
    private log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  /** Whether codes can be sent (app config `sms_enabled`). */
  get enabled(): boolean {
    return this.provider !== undefined;
  }

  get providerName(): string {
    return this.provider?.name ?? 'none';
  }

  private async hash(phone: string, purpose: SmsPurpose, code: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${phone}:${purpose}:${code}`)
      .digest('hex');
  }

  /** Start of the operator's current day. */
  private dayStart(now: Date): Date {
    return DateTime.fromJSDate(now).setZone(this.timeZone).startOf('day').toJSDate();
  }

  /**
   * Make, store and send a code for (`phone`, `purpose`) asked from `ip`. Returns the seconds before another may
   * be asked for. `phone` is the normalised 11-digit number.
   */
  async send(phone: string, purpose: SmsPurpose, ip: string): Promise<{ resend_after: number }> {
    const provider = this.provider;
    if (!provider) throw new AppError(400, ErrorCode.generic, 'sms_disabled');
    const now = this.now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeHash = await this.hash(phone, purpose, code);
    const since = this.dayStart(now);
    const id = await transaction(this.db, async (tx) => {
      await repo.lockKey(tx, `sms:phone:${phone}`);
      if (ip) await repo.lockKey(tx, `sms:ip:${ip}`);
      const last = await repo.lastCreatedAt(tx, phone, purpose);
      if (last) {
        const wait = last.getTime() + SMS_RESEND_MS - now.getTime();
        if (wait > 0) throw limited('sms_resend_wait', Math.ceil(wait / 1000));
      }
      if ((await repo.countForPhoneSince(tx, phone, since)) >= SMS_DAILY_PER_PHONE) throw limited('sms_phone_daily');
      if (ip && (await repo.countForIpSince(tx, ip, since)) >= SMS_DAILY_PER_IP) throw limited('sms_ip_daily');
      // Only the newest code of a (phone, purpose) is valid.
      await repo.withdrawOpen(tx, phone, purpose, now);
      return repo.insertCode(tx, {
        phone,
        purpose,
        code_hash: codeHash,
        ip: ip.slice(0, 45),
        created_at: now,
        expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS),
      });
    });
    try {
      await provider.send(phone, code, purpose);
    } catch (err) {
      // Not delivered: withdraw it so it neither works nor counts against the caps.
      await repo.deleteCode(this.db, id);
      this.log(`sms: ${provider.name} failed to send`, err instanceof SmsSendError ? err.message : err);
      throw new AppError(502, ErrorCode.generic, 'sms_send_failed');
    }
    return { resend_after: Math.ceil(SMS_RESEND_MS / 1000) };
  }

  /**
   * Check and consume the code for (`phone`, `purpose`). Resolves when it is right (it cannot be used again);
   * a wrong code costs one of the {@link SMS_MAX_TRIES} tries (kept even though the call fails).
   */
  async verify(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const now = this.now();
    const row = await repo.latestCode(this.db, phone, purpose);
    if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) throw codeError('sms_code_invalid');
    if (row.tries >= SMS_MAX_TRIES) throw codeError('sms_code_locked');
    const codeHash = await this.hash(phone, purpose, code.trim());
    // One statement: a right code is consumed exactly once even under concurrent attempts.
    if (await repo.consumeCode(this.db, row.id, codeHash, SMS_MAX_TRIES, now)) return;
    const tries = await repo.countWrongTry(this.db, row.id, SMS_MAX_TRIES);
    if (tries === undefined) throw codeError('sms_code_invalid');
    const left = SMS_MAX_TRIES - tries;
    throw left > 0 ? codeError('sms_code_wrong', left) : codeError('sms_code_locked');
  }
}
