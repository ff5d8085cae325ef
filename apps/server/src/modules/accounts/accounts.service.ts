/**
 * Accounts core (issue 3; spec §3 "User info", §4 Session/Auto login/VIP, §5 validation, §6 roles, §8 errors;
 * research/maccms.md §1.2-1.3): users and groups as MacCMS has them, sessions, the points journal, VIP expiry and
 * account deletion.
 *
 * - Sessions: an opaque 32-byte base64url token sent in the `authorcode` header, stored as its sha256 (hex) in
 *   `user_session`, valid 30 days; logout revokes one, disabling or deleting a user revokes all of theirs.
 * - Passwords: argon2id (@node-rs/argon2). Accounts made by phone or third-party sign-in have none ('').
 * - Roles (spec §6): tourist = no token (401 on user routes); member = group 2; VIP = group >= 3 with
 *   user_end_time in the future; disabled (user_status 0) = 403 'Access denied'; console operators use their own
 *   sessions (modules/admin), which are not valid here.
 * - Points: every balance change is one guarded update of `mac_user.user_points` plus one `mac_plog` row in the
 *   same transaction, idempotent by `plog_key` (DESIGN.md §4).
 * - Times: "today" is the operator's day in the configured time zone (DESIGN.md §3).
 *
 * The free functions are the module's API for other modules (phone/SMS sign-in, oauth, billing...);
 * {@link AccountsService} holds what the HTTP routes need (clock, settings, limiters).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  type CredentialProblem,
  credentialProblem,
  type DeletionState,
  ErrorCode,
  type Group,
  guestCredentials,
  PLOG_TYPE,
  type PlaceRegion,
  type UserInfo,
} from '@openvod/contract';
import type { FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { AppError, badRequest, unauthorized } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import { Invalidation } from '../../core/invalidation.ts';
import './accounts.events.ts';
import { type FileStorage, folderStorage } from '../../core/storage.ts';
import { DEFAULT_TIME_ZONE, operatorDay, operatorDayStart } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import type { macUser } from '../../db/schema/index.ts';
import { plainText } from '../../lib/sanitize.ts';
import type { GroupRow, UserRow } from './accounts.repo.ts';
import * as repo from './accounts.repo.ts';
import { type MergeHandler, mergeGuestInto } from './guest-merge.ts';
import { LoginGuard, MemoryFailureCounter } from './limits.ts';
import { type CachedCaller, SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.ts';

export type { GroupRow, UserRow } from './accounts.repo.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in viewer, set by the viewer authenticator (accounts.routes.ts) that `requireUser` runs. */
    user?: UserRow;
  }
}

/** Session lifetime: 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most once a minute per session. */
export const SESSION_TOUCH_MS = 60_000;
/** Account deletion is processed after this many working days (Monday-Friday), spec §9. */
export const DELETION_WORKING_DAYS = 3;
/** Group ids (research/maccms.md §1.2): 1 guest (never stored on a user), 2 member, 3 and up VIP. */
export const GROUP_GUEST = 1;
export const GROUP_MEMBER = 2;

/** `mac_plog.plog_type` (db/schema/accounts.ts): every type the server writes, the contract's table. */
export { PLOG_TYPE };

/**
 * Operator settings this module reads on every use. app.ts plugs in the operator's app config
 * (AppConfigService.accountSettings: `keepalive_points`, `reg_ip_daily_limit`, `tourist_state`, edited in the
 * console's app config editor); missing values fall back to {@link DEFAULT_ACCOUNT_SETTINGS}.
 */
export interface AccountSettings {
  /** Points of the daily keep-alive reward (0 = none). */
  keepalive_points: number;
  /** Registrations allowed per IP per operator day. */
  reg_ip_daily_limit: number;
  /** App config `tourist_state`: '1' = tourist mode (visitors stay anonymous, no guest accounts), see {@link isGuestRegistration}. */
  tourist_state: string;
}
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  keepalive_points: 1,
  reg_ip_daily_limit: 10,
  tourist_state: '0',
};

/**
 * `tourist_state` (spec §3 App config, §4 Auto login and Free-view flow; issue 3 item 4). The spec does not define
 * the field; what it implies, and what this server does:
 *
 * - '1' = tourist mode: visitors may use the app without an account, as tourists (user_id 0). The client then does
 *   NOT auto-register a guest account at launch (spec §4 Auto login runs only when tourist_state is not '1', see
 *   apps/web features/account/launch.ts), and the free-view quota does not block anybody (spec §4 Free-view flow:
 *   a user is blocked only when "tourist_state is not '1'"; the play-log module applies that rule).
 * - anything else (default '0') = every device gets an account: the client registers the device's guest account
 *   without a tap (user name = first 8 hex characters of SHA-256(device id), packages/contract guest.ts) and the
 *   free-view quota applies to members below VIP.
 *
 * Server side, in tourist mode a guest auto-registration (a `reg` whose user name and imei are the guest
 * credentials of the request's `deviceid` header, {@link isGuestRegistration}) is refused with 403
 * `guest_reg_off`: the operator chose anonymous tourists, so the server does not mint throw-away accounts per
 * device for clients that ignore the setting. Ordinary registrations (any other name) are not affected.
 */
export function touristMode(settings: Pick<AccountSettings, 'tourist_state'>): boolean {
  return String(settings.tourist_state) === '1';
}

/**
 * Whether a user row is the device's automatic guest account (spec §4 Auto login; packages/contract guest.ts): its
 * name is the guest name derived from its registration device id (or the first 8 characters of its 16-character
 * guest imei) and no phone is bound. The viewer app uses the same test (apps/web lib/session.ts isGuestUser).
 */
export function isGuestAccount(u: Pick<UserRow, 'user_name' | 'user_phone' | 'user_device_id' | 'imei'>): boolean {
  if (u.user_phone) return false;
  if (u.user_device_id && guestCredentials(u.user_device_id).user_name === u.user_name) return true;
  return /^[0-9a-f]{16}$/.test(u.imei) && u.imei.slice(0, 8) === u.user_name;
}

/** Whether a `reg` body is the auto-registration of the guest account of `deviceId` (spec §3/§4). */
export function isGuestRegistration(body: { user_name: string; imei?: string }, deviceId: string): boolean {
  if (!deviceId) return false;
  const guest = guestCredentials(deviceId);
  return body.user_name.trim() === guest.user_name && (body.imei === undefined || body.imei === guest.imei);
}

/**
 * Work another module must do when a user's deletion is processed (issue 3 §3: "settles or cancels pending orders
 * and withdrawals"): the accounts service's one handler announces `user.deleted` (accounts.events.ts). It runs inside the deletion transaction
 * `tx`, after the user row has been claimed (anonymised fields are already written, the row is locked) and before
 * the commit; `user` is the row as it was before anonymisation. Throwing rolls the whole deletion back: the request
 * stays pending and is retried at the next run of the job. Handlers run in registration order and must be
 * idempotent in effect (a retried deletion runs them again).
 */
export type DeletionHandler = (tx: Db, user: UserRow, ctx: { now: Date }) => Promise<void>;

const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I/L
const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const forbidden = () => new AppError(403, ErrorCode.forbidden, 'forbidden');
const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A fresh invitation code: 6 characters of A-Z and 2-9 without the ambiguous 0/O/1/I/L (CSPRNG). */
export function newInvitationCode(): string {
  return randomString(INVITE_ALPHABET, 6);
}

/** Mainland numbers are stored as their 11 digits: '+86 138-0013-8000' → '13800138000'. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/[\s-]/g, '').replace(/^\+/, '');
  return digits.length === 13 && digits.startsWith('86') ? digits.slice(2) : digits;
}

/** Spec §5: the middle four digits hidden, '13800138000' → '138****8000'. '' stays ''. */
export function maskPhone(phone: string): string {
  if (phone.length >= 8) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  return phone === '' ? '' : '*'.repeat(phone.length);
}

/**
 * When a deletion requested at `requestedAt` may be processed: the same local time, 3 working days later (Saturdays
 * and Sundays skipped) in the operator's time zone. A Friday 10:00 request → Wednesday 10:00; Saturday → Wednesday.
 */
export function deletionProcessAfter(requestedAt: Date, timeZone: string = DEFAULT_TIME_ZONE): Date {
  let d = DateTime.fromJSDate(requestedAt, { zone: timeZone });
  let n = 0;
  while (n < DELETION_WORKING_DAYS) {
    d = d.plus({ days: 1 });
    if (d.weekday <= 5) n++;
  }
  return d.toJSDate();
}

/** The pending deletion of a user (null when none or when already processed). */
export function deletionState(row: UserRow, timeZone: string = DEFAULT_TIME_ZONE): DeletionState | null {
  if (!row.user_delete_requested_at || row.user_deleted_at) return null;
  return {
    requested_at: row.user_delete_requested_at.toISOString(),
    process_after: deletionProcessAfter(row.user_delete_requested_at, timeZone).toISOString(),
  };
}

/** VIP (spec §4, §6): group_id above 2 and user_end_time (seconds) in the future. */
export function isVip(row: Pick<UserRow, 'group_id' | 'user_end_time'>, now: Date = new Date()): boolean {
  return row.group_id > GROUP_MEMBER && row.user_end_time > nowSeconds(now);
}

function groupOf(row: UserRow, group: GroupRow | Group | undefined): Group {
  return group
    ? {
        group_id: group.group_id,
        group_name: group.group_name,
        group_type: group.group_type,
        group_status: group.group_status,
      }
    : { group_id: row.group_id, group_name: '', group_type: '', group_status: 0 };
}

/**
 * The spec §3 user info of a row: phone masked (138****8000), `is_vip` (group > 2 and end time in the future),
 * `deletion` = the pending deletion request (requested_at, process_after in ISO 8601) or null.
 * `group` is the user's mac_group row (a placeholder is used when it is missing).
 */
export function toUserInfo(
  row: UserRow,
  group: GroupRow | Group | undefined,
  opts: { now?: Date; timeZone?: string } = {},
): UserInfo {
  const g = groupOf(row, group);
  return {
    user_id: row.user_id,
    user_name: row.user_name,
    user_nick_name: row.user_nick_name,
    user_portrait: row.user_portrait,
    user_gender: row.user_gender,
    user_birthday: row.user_birthday,
    user_phone: maskPhone(row.user_phone),
    group_id: row.group_id,
    group_type: g.group_type,
    group: g,
    user_points: row.user_points,
    user_noad_time: row.user_noad_time,
    user_end_time: row.user_end_time,
    invitation_code: row.user_invite_code,
    imei: row.imei,
    is_vip: isVip(row, opts.now),
    user_status: row.user_status,
    deletion: deletionState(row, opts.timeZone),
  };
}

/** {@link toUserInfo} after loading the user's group. */
export async function loadUserInfo(
  db: Db,
  row: UserRow,
  opts: { now?: Date; timeZone?: string } = {},
): Promise<UserInfo> {
  return toUserInfo(row, await repo.groupById(db, row.group_id), opts);
}

/** The user with this exact user name (deleted users are renamed `deleted_<id>`), or undefined. */
export function findUserByName(db: Db, userName: string): Promise<UserRow | undefined> {
  return repo.userByName(db, userName.trim());
}

/** The user with this phone (normalised with {@link normalizePhone}), or undefined. */
export function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return repo.userByPhone(db, normalizePhone(phone));
}

/** The user with this WeChat openid, or undefined. */
export function findUserByOpenid(db: Db, openid: string): Promise<UserRow | undefined> {
  return repo.userByOpenid(db, openid);
}

/** The user with this id (deleted ones included), or undefined. */
export function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  return repo.userById(db, userId);
}

// ---------------------------------------------------------------------------------------------------------------
// Passwords and sessions

/** argon2id PHC string of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// argon2id hash of a random string, used to equalise timing for unknown names and password-less accounts.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$l/aTN2HTOEBCipzOKFdgUg$4OTOFZfYk7STiE+vkd+CxYf+2CmKlYE7+JKy5LFNFwo';

/** Whether `password` matches the stored hash; false for password-less accounts and unreadable hashes. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    if (!stored.startsWith('$argon2')) {
      await verify(DUMMY_HASH, password);
      return false;
    }
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Start a session for `userId` and return its token (32 random bytes, base64url, 43 characters) for the
 * `authorcode` header. Stores sha256(token), expiry 30 days. Also records the sign-in on the user (login time and
 * count; `meta.ip` and `meta.imei` when given) and drops the user's expired sessions.
 */
export async function createSession(
  db: Db,
  userId: number,
  deviceId: string,
  meta: { ip?: string; imei?: string; now?: Date } = {},
): Promise<string> {
  const now = meta.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await repo.deleteExpiredSessions(db, userId, now);
  await repo.insertSession(db, {
    token_hash: sha256(token),
    user_id: userId,
    device_id: deviceId.slice(0, 64),
    now,
    expires_at: new Date(now.getTime() + SESSION_TTL_MS),
  });
  const set: Partial<typeof macUser.$inferInsert> = { user_login_time: now };
  if (meta.ip) set.user_login_ip = meta.ip.slice(0, 45);
  if (meta.imei) set.imei = meta.imei.slice(0, 16);
  await repo.recordSignIn(db, userId, set);
  return token;
}

/**
 * The user a session token belongs to. Throws 401 (ErrorCode.unauthorized) when the token is missing, unknown or
 * expired, or the user is deleted; 403 'Access denied' (ErrorCode.forbidden) when the user is disabled
 * (user_status 0). Moves the session's last_seen_at at most once a minute.
 */
export async function authenticateUser(db: Db, token: string, now: Date = new Date()): Promise<UserRow> {
  if (!token) throw unauthorized();
  return (await authenticateSession(db, sha256(token), now)).user;
}

/**
 * {@link authenticateUser} of a token by its SHA-256 (hex), with the session's end (what the session cache keeps,
 * session-cache.ts).
 */
async function authenticateSession(db: Db, tokenHash: string, now: Date): Promise<{ user: UserRow; expiresAt: Date }> {
  const row = await repo.sessionWithUser(db, tokenHash);
  if (!row || row.session.expires_at.getTime() <= now.getTime() || row.user.user_deleted_at) throw unauthorized();
  if (row.user.user_status !== 1) throw forbidden();
  if (now.getTime() - row.session.last_seen_at.getTime() >= SESSION_TOUCH_MS) {
    await repo.touchSession(db, tokenHash, now, SESSION_TOUCH_MS);
  }
  return { user: row.user, expiresAt: row.session.expires_at };
}

/** End one session (logout). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  if (token) await repo.deleteSession(db, sha256(token));
}

/** End every session of a user (disabled, deleted, password changed). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await repo.deleteUserSessions(db, userId);
}

// ---------------------------------------------------------------------------------------------------------------
// Registration

export interface RegisterInput {
  /** Checked by the caller (USER_NAME_RULE); generated as `u` + 9 random [a-z0-9] when omitted. */
  user_name?: string;
  /** Plain password (hashed here); omitted = no password (phone / third-party accounts). */
  password?: string;
  /** Normalised with {@link normalizePhone}. */
  phone?: string;
  imei?: string;
  device_id?: string;
  /** The inviter's code (case-insensitive); unknown codes are ignored. */
  invitation_code?: string;
  ip: string;
  openid_weixin?: string;
  now?: Date;
}

/**
 * Create a member (group 2) inside the caller's transaction `tx` and return the row. Generates a unique invitation
 * code ({@link newInvitationCode}, retried on collision), resolves the inviter chain (user_pid = the inviter,
 * user_pid_2 = the inviter's inviter, user_pid_3 = the next one) from `invitation_code`, and a user name when none
 * is given. Throws 400 (ErrorCode.conflict) `user_name_taken` (field user_name), `phone_taken` (field phone) or
 * `conflict` (openid already bound). The inviter's rewards belong to the promotion module.
 */
/**
 * A user name the server makes up (`u` + 9 random [a-z0-9], which {@link USER_NAME_RULE} accepts) that no user has
 * yet, read inside `tx`; for accounts whose owner chose none (phone registration, a guest that bound a phone).
 */
export async function freeGeneratedUserName(tx: Db): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const name = `u${randomString(NAME_ALPHABET, 9)}`;
    if (!(await repo.userByName(tx, name))) return name;
  }
  throw new Error('could not find a free user name after 8 attempts');
}

export async function registerUser(tx: Db, input: RegisterInput): Promise<UserRow> {
  const pwdHash = input.password ? await hashPassword(input.password) : '';
  const phone = input.phone ? normalizePhone(input.phone) : '';
  const code = input.invitation_code?.trim().toUpperCase() ?? '';
  const inviter = code ? await repo.inviterByCode(tx, code) : undefined;
  const now = input.now ?? new Date();
  for (let attempt = 0; attempt < 8; attempt++) {
    const userName = input.user_name?.trim() || `u${randomString(NAME_ALPHABET, 9)}`;
    const row = await repo.insertUser(tx, {
      group_id: GROUP_MEMBER,
      user_name: userName,
      user_pwd: pwdHash,
      user_phone: phone,
      imei: (input.imei ?? '').slice(0, 16),
      user_device_id: (input.device_id ?? '').slice(0, 64),
      user_invite_code: newInvitationCode(),
      user_pid: inviter?.user_id ?? 0,
      user_pid_2: inviter?.user_pid ?? 0,
      user_pid_3: inviter?.user_pid_2 ?? 0,
      user_openid_weixin: input.openid_weixin ?? '',
      user_reg_time: now,
      user_reg_ip: input.ip.slice(0, 45),
    });
    if (row) return row;
    // Which unique key was taken? A given name, phone or openid is the caller's problem; anything else (a
    // generated name or invitation code colliding) is retried.
    if (input.user_name && (await repo.userByName(tx, userName))) {
      throw new AppError(400, ErrorCode.conflict, 'user_name_taken', {}, 'user_name');
    }
    if (phone && (await repo.userByPhone(tx, phone))) {
      throw new AppError(400, ErrorCode.conflict, 'phone_taken', {}, 'phone');
    }
    if (input.openid_weixin && (await repo.userByOpenid(tx, input.openid_weixin))) {
      throw new AppError(400, ErrorCode.conflict, 'conflict');
    }
  }
  throw new Error('could not find a free user name / invitation code after 8 attempts');
}

// ---------------------------------------------------------------------------------------------------------------
// Points

/**
 * Change a user's points by `points` (negative to spend) and journal it, idempotently by `key`. Call inside a
 * transaction (`tx`): the journal row is claimed first (INSERT ... ON CONFLICT (plog_key) DO NOTHING RETURNING);
 * only when it was inserted is the balance changed with a guarded update, and the row gets the new balance
 * (`plog_balance`). A replayed key changes nothing: `{ credited: false, balance: <current points> }`.
 * Throws 400 'Insufficient Balance' when spending more than the balance, 404 when the user does not exist
 * (both roll the caller's transaction back, journal row included).
 */
export async function creditPoints(
  tx: Db,
  userId: number,
  points: number,
  plogType: number,
  key: string,
  remarks: string,
): Promise<{ credited: boolean; balance: number }> {
  if (!Number.isSafeInteger(points)) throw new Error(`points must be an integer, got ${points}`);
  const plogId = await repo.claimPlog(tx, {
    user_id: userId,
    plog_type: plogType,
    plog_points: points,
    plog_key: key.slice(0, 120),
    plog_remarks: remarks.slice(0, 255),
  });
  if (plogId === undefined) {
    const user = await repo.userById(tx, userId);
    if (!user) throw new AppError(404, ErrorCode.notFound, 'user_not_found');
    return { credited: false, balance: user.user_points };
  }
  const balance = await repo.addPoints(tx, userId, points);
  if (balance === undefined) {
    if (!(await repo.userById(tx, userId))) throw new AppError(404, ErrorCode.notFound, 'user_not_found');
    throw new AppError(400, ErrorCode.generic, 'insufficient_points');
  }
  await repo.setPlogBalance(tx, plogId, balance);
  return { credited: true, balance };
}

/**
 * The daily keep-alive reward (spec §4 Session; plog type 11, key `keepalive:<user>:<operator day>`): pays `points`
 * once per operator day, in its own transaction. Returns the points paid by this call (0 when already paid today
 * or when `points` is 0) and the balance.
 */
export async function keepAlive(
  db: Db,
  userId: number,
  opts: { points: number; now?: Date; timeZone?: string },
): Promise<{ point: number; user_points: number; alreadyIssued: boolean }> {
  const day = operatorDay(opts.now ?? new Date(), opts.timeZone);
  if (opts.points <= 0) {
    const user = await repo.userById(db, userId);
    return { point: 0, user_points: user?.user_points ?? 0, alreadyIssued: false };
  }
  const r = await db.transaction((tx) =>
    creditPoints(tx, userId, opts.points, PLOG_TYPE.keepAlive, `keepalive:${userId}:${day}`, `keep-alive ${day}`),
  );
  return { point: r.credited ? opts.points : 0, user_points: r.balance, alreadyIssued: !r.credited };
}

// ---------------------------------------------------------------------------------------------------------------
// VIP expiry

/**
 * Drop every VIP whose end time has passed back to group 2 (MacCMS: `group_id>2 && end<now`, at login, checkLogin
 * and by cron). An end time of 0 means none was set: such users stay in their group but are not VIP. Returns how
 * many users were moved.
 */
export async function expireVips(db: Db, now: Date = new Date()): Promise<number> {
  return (await repo.expireVips(db, nowSeconds(now))).length;
}

/** {@link expireVips} for one user row: the row as it is after the check. */
export async function expireVipIfDue(db: Db, row: UserRow, now: Date = new Date()): Promise<UserRow> {
  if (row.group_id <= GROUP_MEMBER || row.user_end_time === 0 || row.user_end_time >= nowSeconds(now)) return row;
  const [updated] = await repo.expireVips(db, nowSeconds(now), row.user_id);
  return updated ?? row;
}

// ---------------------------------------------------------------------------------------------------------------
// Account deletion

/**
 * Record a deletion request (spec §4 "Account deletion"; idempotent: a pending request keeps its first time) and
 * return it with the time after which it is processed (3 working days, {@link deletionProcessAfter}). The user can
 * still sign in meanwhile and withdraw it with {@link cancelDeletion}.
 */
export async function requestDeletion(
  db: Db,
  userId: number,
  opts: { now?: Date; timeZone?: string } = {},
): Promise<DeletionState> {
  await repo.markDeletionRequested(db, userId, opts.now ?? new Date());
  const row = await repo.userById(db, userId);
  const state = row && deletionState(row, opts.timeZone);
  if (!state) throw new AppError(404, ErrorCode.notFound, 'user_not_found');
  return state;
}

/** Withdraw a pending deletion request (nothing happens when there is none). */
export async function cancelDeletion(db: Db, userId: number): Promise<void> {
  await repo.clearDeletionRequest(db, userId);
}

const AVATAR_URL = /^\/media\/(avatars\/[\w-]+\.jpg)$/;

/**
 * Remove an avatar this server stored (`/media/avatars/<file>.jpg`) from the storage that holds uploads (a
 * {@link FileStorage}, or the media folder's path for the folder adapter); other values are left alone. Never
 * throws: a file left behind is logged by nobody and costs only its bytes.
 */
export function removeAvatarFile(where: FileStorage | string | undefined, portrait: string): void {
  const m = AVATAR_URL.exec(portrait);
  if (!where || !m) return;
  const storage = typeof where === 'string' ? folderStorage(where) : where;
  storage.delete(m[1] as string).catch(() => {});
}

/**
 * Process the deletion requests whose {@link deletionProcessAfter} has passed at `now`: each user is anonymised in
 * its own transaction (user_name → `deleted_<id>`; phone, nickname, portrait, openid, password, imei, device id,
 * IPs, gender and birthday cleared; user_status 0; user_deleted_at = now) and all their sessions are revoked, which
 * frees the phone and the openid. A request withdrawn in the meantime is left alone. Returns how many were done.
 *
 * `opts.handlers` ({@link DeletionHandler}: {@link AccountsService.deletionHandlers}, the `user.deleted` event) run in the same
 * transaction: billing settles or cancels the user's pending orders, promotion their pending withdrawals. When one
 * throws, that user's deletion is rolled back and stays pending; the other users are still processed, and the
 * first error is rethrown at the end (so the job logs it).
 */
export async function processDeletions(
  db: Db,
  now: Date = new Date(),
  opts: { timeZone?: string; mediaDir?: string; storage?: FileStorage; handlers?: readonly DeletionHandler[] } = {},
): Promise<number> {
  // Nothing requested less than 3 calendar days ago can be due.
  const candidates = await repo.pendingDeletions(db, new Date(now.getTime() - DELETION_WORKING_DAYS * 86_400_000));
  let done = 0;
  let firstError: unknown;
  for (const user of candidates) {
    const requestedAt = user.user_delete_requested_at as Date;
    if (deletionProcessAfter(requestedAt, opts.timeZone).getTime() > now.getTime()) continue;
    const processed = await db
      .transaction(async (tx) => {
        if (!(await repo.anonymiseUser(tx, user.user_id, requestedAt, now))) return false;
        for (const handler of opts.handlers ?? []) await handler(tx, user, { now });
        await repo.deleteUserSessions(tx, user.user_id);
        return true;
      })
      .catch((err: unknown) => {
        firstError ??= err;
        return false;
      });
    if (processed) {
      done++;
      removeAvatarFile(opts.storage ?? opts.mediaDir, user.user_portrait);
    }
  }
  if (firstError !== undefined) throw firstError;
  return done;
}

// ---------------------------------------------------------------------------------------------------------------
// Limits

export { type FailureCounter, MemoryFailureCounter, RedisFailureCounter } from './limits.ts';

// ---------------------------------------------------------------------------------------------------------------
// Route-facing service

export interface AccountsOptions {
  timeZone: string;
  /** Folder served at /media/. */
  mediaDir: string;
  /** Where uploaded avatars go (key `avatars/<file>.jpg`, served at /media/avatars/); default the media folder. */
  storage?: FileStorage;
  /**
   * Failed logins per user name and address before that address gets 429 on that name, and per user name from
   * every address before each check on it is slowed down (default 10 per 15 minutes, both).
   */
  loginFailuresPerName?: number;
  loginFailureWindowMs?: number;
  /**
   * Where failed logins are counted (app.ts: {@link RedisFailureCounter}s with REDIS_URL); default
   * {@link MemoryFailureCounter}s of `loginFailuresPerName` per `loginFailureWindowMs`.
   */
  loginGuard?: LoginGuard;
  /** The app's event bus: a processed deletion is announced on it as `user.deleted` (accounts.events.ts). */
  events: EventBus;
  /**
   * The operator's settings, read on every use (app.ts: the app config's AppConfigService.accountSettings);
   * missing values fall back to {@link DEFAULT_ACCOUNT_SETTINGS}. Default: none (all defaults).
   */
  settings?: () => Promise<Partial<AccountSettings>>;
  /**
   * Cache invalidation shared by the app's processes (core/invalidation.ts): the session cache listens to its
   * `session` and `user` topics; logouts, deletions and merges publish on them. Default: this process only.
   */
  invalidation?: Invalidation;
  /**
   * The member's region of the personal centre, added to every user info as `region` (app: the places module's
   * `getRegion`, read late-bound). Default: none (no `region` key).
   */
  region?: (userId: number) => Promise<PlaceRegion | null>;
}

/** Default failed-login limits: 10 per 15 minutes per name and address (then 429), per name (then slowed). */
export const LOGIN_FAILURES_PER_NAME = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** The wait before each password check on a name guessed at from many addresses (limits.ts LoginGuard). */
export const LOGIN_SLOWDOWN_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const fieldOf: Record<CredentialProblem, string> = {
  account_format: 'user_name',
  password_empty: 'user_pwd',
  password_rule: 'user_pwd',
  password_mismatch: 'user_pwd2',
};

/** Throw the spec §5 message of the first rule the credentials break (400, field named). */
export function assertCredentials(
  c: { user_name: string; user_pwd: string; user_pwd2?: string | undefined },
  mode: 'reg' | 'login',
) {
  const problem = credentialProblem(c, mode);
  if (problem) throw badRequest(problem, {}, fieldOf[problem]);
}

/** Who is calling (from the request context): IP, `deviceid` header, `imei` header ('' when absent). */
export interface ClientContext {
  ip: string;
  deviceId: string;
  imei?: string;
  /**
   * The session token the request carried (`authorcode`), '' or undefined when none: on a sign-in, the device's
   * guest session whose account is merged into the account signed into (guest-merge.ts).
   */
  sessionToken?: string;
}

/** The {@link ClientContext} of a request (core/request-context.ts read and validated the headers). */
export function clientContext(req: FastifyRequest): ClientContext {
  return { ip: req.ip, deviceId: req.client.deviceid, imei: req.client.imei, sessionToken: req.client.authorcode };
}

/** What the accounts routes use: the database, the clock (tests move it), settings and the login limiter. */
export class AccountsService {
  /** The clock; tests replace it. */
  now: () => Date = () => new Date();
  /** The deletion job's only handler: announce `user.deleted` inside the deletion transaction. */
  private readonly handlers: readonly DeletionHandler[] = [
    (tx, user, ctx) => this.opts.events.emit('user.deleted', { tx, user, now: ctx.now }),
  ];
  /** The guest merge's only handler: announce `user.merged` inside the merge transaction. */
  private readonly mergeHandlers: readonly MergeHandler[] = [
    (tx, merge) => this.opts.events.emit('user.merged', { tx, merge }),
  ];
  readonly loginGuard: LoginGuard;
  /** How the login slow-down waits (a timer); tests replace it to record the wait. */
  delay: (ms: number) => Promise<void> = wait;

  /** Signed-in callers of the catalogue's reads ({@link caller}, session-cache.ts). */
  readonly sessions = new SessionCache();
  readonly invalidation: Invalidation;

  constructor(
    readonly db: Db,
    readonly opts: AccountsOptions,
  ) {
    this.invalidation = opts.invalidation ?? new Invalidation();
    this.invalidation.on('session', (hash) => this.sessions.forgetSession(hash));
    this.invalidation.on('user', (id) => this.sessions.forgetUser(Number(id)));
    // A deleted or merged account's sessions end or change group: every process drops what it cached of them.
    opts.events.on('user.deleted', ({ user }) => this.forgetUser(user.user_id));
    opts.events.on('user.merged', ({ merge }) => {
      this.forgetUser(merge.guest.user_id);
      this.forgetUser(merge.target.user_id);
    });
    const max = opts.loginFailuresPerName ?? LOGIN_FAILURES_PER_NAME;
    const windowMs = opts.loginFailureWindowMs ?? LOGIN_FAILURE_WINDOW_MS;
    this.loginGuard =
      opts.loginGuard ??
      new LoginGuard(
        new MemoryFailureCounter(max, windowMs),
        new MemoryFailureCounter(max, windowMs),
        LOGIN_SLOWDOWN_MS,
      );
  }

  /**
   * Merge the device's guest (the session `ctx.sessionToken` the sign-in request carried) into `targetId`
   * (guest-merge.ts): VIP and ad-free time, points and what the `user.merged` subscribers move, once per guest session.
   * Returns what moved, or null when there was nothing to merge. Every sign-in path calls it before its new session.
   */
  mergeGuest(ctx: ClientContext, targetId: number): Promise<Record<string, number> | null> {
    return mergeGuestInto(this.db, ctx.sessionToken, targetId, { now: this.now(), handlers: this.mergeHandlers });
  }

  /**
   * The deletion job's handlers (read by the accounts job, accounts.jobs.ts): one, which announces `user.deleted` in
   * the deletion transaction; other modules subscribe to that event (accounts.events.ts).
   */
  get deletionHandlers(): readonly DeletionHandler[] {
    return this.handlers;
  }

  async settings(): Promise<AccountSettings> {
    return { ...DEFAULT_ACCOUNT_SETTINGS, ...(await this.opts.settings?.()) };
  }

  /** The user of a token (401/403, see {@link authenticateUser}), after the VIP expiry check. Reads the database. */
  async authenticate(token: string): Promise<UserRow> {
    if (!token) throw unauthorized();
    return (await this.authenticateAndCache(sha256(token), this.now())).user;
  }

  /**
   * The signed-in caller of a token for the catalogue's reads (user id, group, VIP end): from the session cache when
   * it holds the token (no query), else as {@link authenticate} does (401/403 likewise), then cached
   * (session-cache.ts, {@link SESSION_CACHE_TTL_MS}).
   */
  async caller(token: string): Promise<CachedCaller> {
    if (!token) throw unauthorized();
    const now = this.now();
    const hash = sha256(token);
    return this.sessions.get(hash, now.getTime()) ?? (await this.authenticateAndCache(hash, now)).caller;
  }

  /** Authenticate a token by its hash (the database), expire a VIP past its end, and cache the caller. */
  private async authenticateAndCache(hash: string, now: Date): Promise<{ user: UserRow; caller: CachedCaller }> {
    const session = await authenticateSession(this.db, hash, now);
    const user = await expireVipIfDue(this.db, session.user, now);
    const caller: CachedCaller = {
      user_id: user.user_id,
      group_id: user.group_id,
      user_end_time: user.user_end_time,
      expires_at: session.expiresAt.getTime(),
    };
    this.sessions.set(hash, caller);
    return { user, caller };
  }

  /** End the session of `token` (logout) here and in the session cache of every process. */
  async logout(token: string): Promise<void> {
    if (!token) return;
    await revokeSession(this.db, token);
    this.invalidation.publish('session', sha256(token));
  }

  /**
   * A user's group, VIP end or status changed (or may be about to, inside a transaction): every process drops the
   * user's cached sessions and reads them again (session-cache.ts).
   */
  forgetUser(userId: number): void {
    this.invalidation.publish('user', userId);
  }

  async info(row: UserRow): Promise<UserInfo> {
    const info = await loadUserInfo(this.db, row, { now: this.now(), timeZone: this.opts.timeZone });
    if (!this.opts.region) return info;
    return { ...info, region: await this.opts.region(row.user_id) };
  }

  async nameExists(name: string): Promise<boolean> {
    return Boolean(await findUserByName(this.db, name));
  }

  /**
   * Run `create` (which inserts one user in `tx`) under the per-IP daily registration cap: an advisory lock on the
   * IP serialises concurrent sign-ups from one address across processes, the day's count is read inside the same
   * transaction, and 429 `reg_ip_limit` is thrown when `reg_ip_daily_limit` is reached. Every sign-up path uses it.
   * A new account other than a device's guest is announced as `user.registered` (`via: 'signup'`) in the same
   * transaction (accounts.events.ts).
   */
  async registerWithinIpCap(ip: string, create: (tx: Db) => Promise<UserRow>): Promise<UserRow> {
    const { reg_ip_daily_limit } = await this.settings();
    const now = this.now();
    const since = operatorDayStart(now, this.opts.timeZone);
    return this.db.transaction(async (tx) => {
      await repo.lockRegistrationIp(tx, ip);
      if ((await repo.countRegistrationsSince(tx, ip, since)) >= reg_ip_daily_limit) {
        throw new AppError(429, ErrorCode.rateLimited, 'reg_ip_limit');
      }
      const user = await create(tx);
      if (!isGuestAccount(user)) await this.opts.events.emit('user.registered', { tx, user, via: 'signup', now });
      return user;
    });
  }

  /**
   * Reg: spec §5 rules, 403 `guest_reg_off` for a guest auto-registration in tourist mode ({@link touristMode}),
   * the per-IP daily cap (429 reg_ip_limit), a taken name (400 user_name_taken).
   */
  async register(
    body: { user_name: string; user_pwd: string; user_pwd2: string; imei?: string; invitation_code?: string },
    ctx: ClientContext,
  ): Promise<{ info: UserInfo; token: string }> {
    assertCredentials(body, 'reg');
    const now = this.now();
    if (touristMode(await this.settings()) && isGuestRegistration(body, ctx.deviceId)) {
      throw new AppError(403, ErrorCode.forbidden, 'guest_reg_off');
    }
    const name = body.user_name.trim();
    if (await this.nameExists(name)) throw new AppError(400, ErrorCode.conflict, 'user_name_taken', {}, 'user_name');
    const user = await this.registerWithinIpCap(ctx.ip, (tx) =>
      registerUser(tx, {
        user_name: name,
        password: body.user_pwd,
        imei: body.imei || ctx.imei,
        device_id: ctx.deviceId,
        invitation_code: body.invitation_code,
        ip: ctx.ip,
        now,
      }),
    );
    await this.mergeGuest(ctx, user.user_id);
    const token = await createSession(this.db, user.user_id, ctx.deviceId, { ip: ctx.ip, now });
    return { info: await this.info((await repo.userById(this.db, user.user_id)) ?? user), token };
  }

  /**
   * Login with name and password. 400 spec §5 messages for bad input, 400 login_failed for wrong credentials,
   * 429 after too many failures for one name from this address (limits.ts LoginGuard; a name guessed at from many
   * addresses is slowed down instead), 403 for a disabled account.
   */
  async login(
    body: { user_name: string; user_pwd: string; user_pwd2?: string; imei?: string },
    ctx: ClientContext,
  ): Promise<{ info: UserInfo; token: string }> {
    assertCredentials(body, 'login');
    const name = body.user_name.trim();
    // Locked per name and address; a name guessed at from many addresses is slowed down, not closed to its owner.
    const verdict = await this.loginGuard.before(name, ctx.ip);
    if (verdict.kind === 'refuse') throw new AppError(429, ErrorCode.rateLimited, 'rate_limited');
    if (verdict.kind === 'slow') await this.delay(verdict.ms);
    const user = await findUserByName(this.db, name);
    const ok = user ? await verifyPassword(user.user_pwd, body.user_pwd) : await verifyPassword(DUMMY_HASH, '');
    if (!user || !ok || user.user_deleted_at) {
      await this.loginGuard.failed(name, ctx.ip);
      throw new AppError(400, ErrorCode.generic, 'login_failed');
    }
    if (user.user_status !== 1) throw forbidden();
    await this.loginGuard.succeeded(name, ctx.ip);
    const now = this.now();
    await expireVipIfDue(this.db, user, now);
    await this.mergeGuest(ctx, user.user_id);
    const token = await createSession(this.db, user.user_id, ctx.deviceId, {
      ip: ctx.ip,
      imei: body.imei || ctx.imei,
      now,
    });
    return { info: await this.info((await repo.userById(this.db, user.user_id)) ?? user), token };
  }

  /** updateInfo: nickname (sanitised, not empty), gender, birthday (a real date, not in the future, or ''). */
  async updateInfo(
    user: UserRow,
    body: { user_nick_name?: string; user_gender?: number; user_birthday?: string },
  ): Promise<UserInfo> {
    const set: Partial<typeof macUser.$inferInsert> = {};
    if (body.user_nick_name !== undefined) {
      const nick = plainText(body.user_nick_name, 32);
      if (nick === '') throw badRequest('nickname_empty', {}, 'user_nick_name');
      set.user_nick_name = nick;
    }
    if (body.user_gender !== undefined) set.user_gender = body.user_gender;
    if (body.user_birthday !== undefined) {
      if (body.user_birthday !== '') {
        const d = DateTime.fromISO(body.user_birthday, { zone: this.opts.timeZone });
        const today = DateTime.fromJSDate(this.now(), { zone: this.opts.timeZone }).toISODate() as string;
        if (!d.isValid || d.year < 1900 || body.user_birthday > today) {
          throw badRequest('birthday_invalid', {}, 'user_birthday');
        }
      }
      set.user_birthday = body.user_birthday;
    }
    await repo.updateUser(this.db, user.user_id, set);
    return this.info((await repo.userById(this.db, user.user_id)) ?? user);
  }

  /** Store a re-encoded avatar (JPEG bytes) as the user's portrait; the previous stored file is removed. */
  async setPortrait(user: UserRow, jpeg: Buffer): Promise<UserInfo> {
    const storage = this.uploads();
    const key = `avatars/${user.user_id}-${randomBytes(8).toString('hex')}.jpg`;
    await storage.put(key, jpeg, 'image/jpeg').catch(() => {
      throw new AppError(503, ErrorCode.internal, 'storage_unavailable');
    });
    const url = `/media/${key}`;
    try {
      await repo.updateUser(this.db, user.user_id, { user_portrait: url });
    } catch (err) {
      removeAvatarFile(storage, url);
      throw err;
    }
    if (user.user_portrait !== url) removeAvatarFile(storage, user.user_portrait);
    return this.info((await repo.userById(this.db, user.user_id)) ?? user);
  }

  /** The storage of uploads: the configured one, else the media folder. */
  private uploads(): FileStorage {
    return this.opts.storage ?? folderStorage(this.opts.mediaDir);
  }

  async keepAlive(user: UserRow) {
    const { keepalive_points } = await this.settings();
    return keepAlive(this.db, user.user_id, {
      points: keepalive_points,
      now: this.now(),
      timeZone: this.opts.timeZone,
    });
  }

  async deleteAccount(user: UserRow, cancel: boolean): Promise<DeletionState | null> {
    if (cancel) {
      await cancelDeletion(this.db, user.user_id);
      return null;
    }
    return requestDeletion(this.db, user.user_id, { now: this.now(), timeZone: this.opts.timeZone });
  }

  processDeletions(now: Date = this.now()) {
    return processDeletions(this.db, now, {
      timeZone: this.opts.timeZone,
      mediaDir: this.opts.mediaDir,
      storage: this.opts.storage,
      handlers: this.handlers,
    });
  }
}

/** The signed-in user of a request that passed `requireUser` (core/auth.ts; `auth: 'user'` endpoints). */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}
