/**
 * Phone sign-in and binding (issue 3 items 3 and 5; spec §5, §7 "bind phone and its code, phone register, phone
 * login and their code calls, codeLogin"): SMS codes (modules/sms), one-click local-number sign-in, and the
 * bind-phone reward. Built on the accounts service functions (registerUser, createSession, creditPoints ...).
 *
 * Phones are stored as 11 digits (normalizePhone: '+86 138-0013-8000' → '13800138000').
 *
 * | call | purpose | errors (besides the code errors of SmsCodeService) |
 * |---|---|---|
 * | phoneRegisterCode / phoneRegister | register | 400 phone_registered (phone belongs to an account), 429 reg_ip_limit |
 * | phoneLoginCode / phoneLogin / codeLogin | login | 400 phone_not_registered, 403 disabled account |
 * | bindPhoneCode / bindPhone | bind | 400 phone_taken (bound to another account), 400 phone_same |
 * | oneClickLogin | — | 400 one_click_disabled, 400 one_click_failed; an unknown number is registered |
 *
 * Input rules (spec §5, before anything else): 400 `phone_invalid` 'Please enter a correct phone number' (field
 * phone), 400 `sms_code_empty` 'The verification code is empty!' (field code).
 *
 * bindPhone rewards `bindPhonePoint` of the app config (default 2) once per user ever: plog type 12, key
 * `bindphone:<user_id>`, in the same transaction as the phone change. Rebinding (changing the number) pays 0.
 * Binding the device's guest account (guest-account.ts) makes it a member: it gets a generated user name
 * ({@link freeGeneratedUserName}) and loses the device-derived password, in that transaction.
 */
import { ErrorCode, phoneCodeProblem, type UserInfo } from '@openvod/contract';
import { AppError, badRequest } from '../../core/errors.ts';
import { operatorDayStart } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import type { macUser } from '../../db/schema/index.ts';
import type { SmsPurpose } from '../sms/index.ts';
import { OneClickError, type OneClickProvider } from '../sms/index.ts';
import type { SmsCodeService } from '../sms/sms.service.ts';
import * as repo from './accounts.repo.ts';
import {
  type AccountsService,
  type ClientContext,
  createSession,
  creditPoints,
  expireVipIfDue,
  findUserById,
  findUserByPhone,
  freeGeneratedUserName,
  normalizePhone,
  PLOG_TYPE,
  registerUser,
  type UserRow,
} from './accounts.service.ts';
import { isGuestAccount } from './guest-account.ts';

export interface PhoneInput {
  phone: string;
  code?: string;
  imei?: string;
  invitation_code?: string;
}

export interface SessionResult {
  info: UserInfo;
  token: string;
}

/** PostgreSQL unique violation (drizzle wraps driver errors in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const forbidden = () => new AppError(403, ErrorCode.forbidden, 'forbidden');

/**
 * The per-IP daily registration cap of the accounts settings (429 reg_ip_limit), checked early (before an SMS code
 * is consumed); the insert itself runs in AccountsService.registerWithinIpCap, which checks it again atomically.
 */
export async function assertRegistrationAllowed(accounts: AccountsService, ctx: ClientContext): Promise<void> {
  const { reg_ip_daily_limit } = await accounts.settings();
  const since = operatorDayStart(accounts.now(), accounts.opts.timeZone);
  if ((await repo.countRegistrationsSince(accounts.db, ctx.ip, since)) >= reg_ip_daily_limit) {
    throw new AppError(429, ErrorCode.rateLimited, 'reg_ip_limit');
  }
}

/**
 * Sign `user` in (phone, one-click, third-party): disabled → 403; VIP expiry applied; the device's guest session the
 * request carried merged into it (AccountsService.mergeGuest); a new session.
 */
export async function signInUser(
  accounts: AccountsService,
  user: UserRow,
  ctx: ClientContext,
  imei?: string,
): Promise<SessionResult> {
  if (user.user_status !== 1 || user.user_deleted_at) throw forbidden();
  const now = accounts.now();
  await expireVipIfDue(accounts.db, user, now);
  await accounts.mergeGuest(ctx, user.user_id);
  const token = await createSession(accounts.db, user.user_id, ctx.deviceId, {
    ip: ctx.ip,
    imei: imei || ctx.imei,
    now,
  });
  return { info: await accounts.info((await findUserById(accounts.db, user.user_id)) ?? user), token };
}

/** What phone sign-in reads of the operator's app config (app.ts passes the appconfig module's service). */
export interface PhoneSettings {
  /** Points paid once for binding a phone (app config `bindPhonePoint`). */
  bindPhonePoint(): Promise<number>;
}

export class PhoneService {
  constructor(
    private accounts: AccountsService,
    private sms: SmsCodeService,
    private appConfig: PhoneSettings,
    private oneClickProvider: OneClickProvider | undefined,
  ) {}

  private get db(): Db {
    return this.accounts.db;
  }

  /** Spec §5 checks; returns the normalised phone. */
  private checked(input: { phone: string; code?: string }): string {
    const problem = phoneCodeProblem(input);
    if (problem) throw badRequest(problem, {}, problem === 'phone_invalid' ? 'phone' : 'code');
    return normalizePhone(input.phone);
  }

  /** 400 phone_registered when the number already belongs to an account. */
  private async assertFree(phone: string) {
    if (await findUserByPhone(this.db, phone)) {
      throw new AppError(400, ErrorCode.conflict, 'phone_registered', {}, 'phone');
    }
  }

  /** The account of a number (400 phone_not_registered). */
  private async accountOf(phone: string): Promise<UserRow> {
    const user = await findUserByPhone(this.db, phone);
    if (!user || user.user_deleted_at) throw new AppError(400, ErrorCode.notFound, 'phone_not_registered', {}, 'phone');
    return user;
  }

  /** 400 phone_taken when bound to another user, phone_same when already this user's. */
  private async assertBindable(user: UserRow, phone: string) {
    const owner = await findUserByPhone(this.db, phone);
    if (owner && owner.user_id === user.user_id) throw new AppError(400, ErrorCode.conflict, 'phone_same', {}, 'phone');
    if (owner) throw new AppError(400, ErrorCode.conflict, 'phone_taken', {}, 'phone');
  }

  private assertRegistrationAllowed(ctx: ClientContext) {
    return assertRegistrationAllowed(this.accounts, ctx);
  }

  private signIn(user: UserRow, ctx: ClientContext, imei?: string): Promise<SessionResult> {
    return signInUser(this.accounts, user, ctx, imei);
  }

  /** Create an account for `phone` and sign it in. */
  private async registerPhone(phone: string, input: PhoneInput, ctx: ClientContext): Promise<SessionResult> {
    const now = this.accounts.now();
    let user: UserRow;
    try {
      user = await this.accounts.registerWithinIpCap(ctx.ip, (tx) =>
        registerUser(tx, {
          phone,
          imei: input.imei || ctx.imei,
          device_id: ctx.deviceId,
          invitation_code: input.invitation_code,
          ip: ctx.ip,
          now,
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(400, ErrorCode.conflict, 'phone_registered', {}, 'phone');
      throw err;
    }
    return this.signIn(user, ctx, input.imei);
  }

  /**
   * phoneRegisterCode / phoneLoginCode / bindPhoneCode: check that the call makes sense for this number, then send
   * a code (SmsCodeService.send: cooldown, daily caps). `user` is the signed-in user of bindPhoneCode.
   */
  async sendCode(purpose: SmsPurpose, input: { phone: string }, ctx: ClientContext, user?: UserRow) {
    const phone = this.checked(input);
    if (purpose === 'register') await this.assertFree(phone);
    else if (purpose === 'login') await this.accountOf(phone);
    else if (user) await this.assertBindable(user, phone);
    return this.sms.send(phone, purpose, ctx.ip);
  }

  /** phoneRegister: a new account for a number that has none, proven by a `register` code. */
  async register(input: PhoneInput, ctx: ClientContext): Promise<SessionResult> {
    const phone = this.checked({ phone: input.phone, code: input.code ?? '' });
    await this.assertFree(phone);
    await this.assertRegistrationAllowed(ctx);
    await this.sms.verify(phone, 'register', input.code ?? '');
    return this.registerPhone(phone, input, ctx);
  }

  /** phoneLogin / codeLogin: sign in the account of a number with a `login` code. */
  async login(input: PhoneInput, ctx: ClientContext): Promise<SessionResult> {
    const phone = this.checked({ phone: input.phone, code: input.code ?? '' });
    const user = await this.accountOf(phone);
    if (user.user_status !== 1) throw forbidden();
    await this.sms.verify(phone, 'login', input.code ?? '');
    return this.signIn(user, ctx, input.imei);
  }

  /**
   * bindPhone: set the signed-in user's phone (proven by a `bind` code) and pay the one-time reward. Returns the
   * user and the points paid by this call.
   */
  async bind(user: UserRow, input: PhoneInput): Promise<{ info: UserInfo; point: number }> {
    const phone = this.checked({ phone: input.phone, code: input.code ?? '' });
    await this.assertBindable(user, phone);
    await this.sms.verify(phone, 'bind', input.code ?? '');
    const reward = await this.appConfig.bindPhonePoint();
    let point = 0;
    try {
      point = await this.db.transaction(async (tx) => {
        const set: Partial<typeof macUser.$inferInsert> = { user_phone: phone };
        if (isGuestAccount(user)) {
          // The device's guest becomes a member: its name and password were derived from the device id (contract
          // guest.ts), so they must stop opening it, and the name goes back to the device for its next guest (after
          // a logout). The member signs in by phone from now on.
          set.user_name = await freeGeneratedUserName(tx);
          set.user_pwd = '';
        }
        await repo.updateUser(tx, user.user_id, set);
        if (isGuestAccount(user)) {
          // The guest became a member, keeping its inviter chain: the promotion module pays its inviter now.
          const row = { ...user, ...set } as UserRow;
          await this.accounts.opts.events.emit('user.registered', {
            tx,
            user: row,
            via: 'bind_phone',
            now: this.accounts.now(),
          });
        }
        if (reward <= 0) return 0;
        const r = await creditPoints(
          tx,
          user.user_id,
          reward,
          PLOG_TYPE.bindPhone,
          `bindphone:${user.user_id}`,
          'bind phone reward',
        );
        return r.credited ? reward : 0;
      });
    } catch (err) {
      // Another account took the number between the check and the update.
      if (isUniqueViolation(err)) throw new AppError(400, ErrorCode.conflict, 'phone_taken', {}, 'phone');
      throw err;
    }
    return { info: await this.accounts.info((await findUserById(this.db, user.user_id)) ?? user), point };
  }

  /** Whether one-click sign-in is offered (app config `one_click_enabled`). */
  get oneClickEnabled(): boolean {
    return this.oneClickProvider !== undefined;
  }

  /**
   * oneClickLogin: trade the carrier token for the number, then sign in its account, or register one (the carrier
   * proved the number, so no SMS code is needed). 400 one_click_disabled / one_click_failed.
   */
  async oneClick(
    input: { token: string; kind: 'h5' | 'app'; imei?: string; invitation_code?: string },
    ctx: ClientContext,
  ): Promise<SessionResult> {
    const provider = this.oneClickProvider;
    if (!provider) throw new AppError(400, ErrorCode.generic, 'one_click_disabled');
    let phone: string;
    try {
      phone = await provider.phoneFromToken(input.token, input.kind);
    } catch (err) {
      if (err instanceof OneClickError) throw new AppError(400, ErrorCode.generic, 'one_click_failed');
      throw err;
    }
    const user = await findUserByPhone(this.db, phone);
    if (user) return this.signIn(user, ctx, input.imei);
    await this.assertRegistrationAllowed(ctx);
    return this.registerPhone(phone, { phone, imei: input.imei, invitation_code: input.invitation_code }, ctx);
  }
}
