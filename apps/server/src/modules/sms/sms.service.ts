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
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { smsCode } from '../../db/schema/index.ts';
import { type SmsProvider, type SmsPurpose, SmsSendError } from './sms.provider.ts';

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
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:phone:${phone}`}))`);
      if (ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:ip:${ip}`}))`);
      const [last] = await tx
        .select({ created_at: smsCode.created_at })
        .from(smsCode)
        .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose)))
        .orderBy(desc(smsCode.id))
        .limit(1);
      if (last) {
        const wait = last.created_at.getTime() + SMS_RESEND_MS - now.getTime();
        if (wait > 0) throw limited('sms_resend_wait', Math.ceil(wait / 1000));
      }
      const [perPhone] = await tx
        .select({ n: count() })
        .from(smsCode)
        .where(and(eq(smsCode.phone, phone), gte(smsCode.created_at, since)));
      if ((perPhone?.n ?? 0) >= SMS_DAILY_PER_PHONE) throw limited('sms_phone_daily');
      if (ip) {
        const [perIp] = await tx
          .select({ n: count() })
          .from(smsCode)
          .where(and(eq(smsCode.ip, ip), gte(smsCode.created_at, since)));
        if ((perIp?.n ?? 0) >= SMS_DAILY_PER_IP) throw limited('sms_ip_daily');
      }
      // Only the newest code of a (phone, purpose) is valid.
      await tx
        .update(smsCode)
        .set({ used_at: now })
        .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.used_at)));
      const [row] = await tx
        .insert(smsCode)
        .values({
          phone,
          purpose,
          code_hash: codeHash,
          ip: ip.slice(0, 45),
          created_at: now,
          expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS),
        })
        .returning({ id: smsCode.id });
      return row?.id as number;
    });
    try {
      await provider.send(phone, code, purpose);
    } catch (err) {
      // Not delivered: withdraw it so it neither works nor counts against the caps.
      await this.db.delete(smsCode).where(eq(smsCode.id, id));
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
    const [row] = await this.db
      .select()
      .from(smsCode)
      .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose)))
      .orderBy(desc(smsCode.id))
      .limit(1);
    if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) throw codeError('sms_code_invalid');
    if (row.tries >= SMS_MAX_TRIES) throw codeError('sms_code_locked');
    const codeHash = await this.hash(phone, purpose, code.trim());
    const open = and(eq(smsCode.id, row.id), isNull(smsCode.used_at), lt(smsCode.tries, SMS_MAX_TRIES));
    // One statement: a right code is consumed exactly once even under concurrent attempts.
    const consumed = await this.db
      .update(smsCode)
      .set({ used_at: now })
      .where(and(open, eq(smsCode.code_hash, codeHash)))
      .returning({ id: smsCode.id });
    if (consumed.length > 0) return;
    const [wrong] = await this.db
      .update(smsCode)
      .set({ tries: sql`${smsCode.tries} + 1` })
      .where(open)
      .returning({ tries: smsCode.tries });
    if (!wrong) throw codeError('sms_code_invalid');
    const left = SMS_MAX_TRIES - wrong.tries;
    throw left > 0 ? codeError('sms_code_wrong', left) : codeError('sms_code_locked');
  }
}
