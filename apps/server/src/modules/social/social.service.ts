/**
 * Rules of the social module (no SQL: social.repo.ts). Spec §1 "following and fans", "likes"; §7 friendList,
 * friendCount, friendCheck, friendAdd, friendDel, userinfo, digg, shortUrl; §9 "share".
 *
 * - Follows: a member follows another live member once (the unique pair; a repeat, or unfollowing someone not
 *   followed, is 409 'Do not repeat the operation'), never themselves (400 `social_follow_self`); an unknown or
 *   deleted member is 404 `social_user_not_found`. Counts are counted from the rows, so they always agree with the
 *   lists. The device's guest account must sign in first (401).
 * - Homepage ({@link publicInfo}): card, group name, counts, region (the places module's, read at request time
 *   through `region`; null when that module is absent or the member set none).
 * - Likes: {@link digg} sets the like on or off; `mac_vod.vod_up` moves with the row in one transaction.
 * - Short links: {@link shortUrl} accepts only pages of this app (packages/contract/src/social.ts SHAREABLE_PATHS,
 *   plain query values), one code per page (reused), and announces `share.created` for a member (the points module
 *   pays the share task (once per page a day, up to its daily count)). {@link open} counts an open and gives the page.
 */
import { randomBytes } from 'node:crypto';
import {
  type DiggState,
  ErrorCode,
  type FollowState,
  type FriendListType,
  type PublicUserInfo,
  type Region,
  SHAREABLE_PATHS,
  type ShortUrlInfo,
} from '@openvod/contract';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import * as repo from './social.repo.ts';

export interface SocialServiceOptions {
  events: EventBus;
  /** Whether a user row is a device's guest account (modules/accounts isGuestAccount). */
  isGuest: (user: UserRow) => boolean;
  /** A member's region (the places module's, late-bound); null when none. */
  region: (userId: number) => Promise<Region | null>;
  /** The app's public address (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  now?: () => Date;
}

const conflict = () => new AppError(409, ErrorCode.conflict, 'conflict');
const userMissing = () => new AppError(404, ErrorCode.notFound, 'social_user_not_found');
const CODE_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random short-link code of `n` characters (57 letters and digits without look-alikes). */
function newCode(n = 8): string {
  const bytes = randomBytes(n);
  let s = '';
  for (const b of bytes) s += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return s;
}

/**
 * The canonical app page of a share target, or undefined when it is not a page of this app: a path of
 * SHAREABLE_PATHS, query keys of letters and `_`, values of letters, digits, `_` and `-`; no fragment, no host.
 */
export function canonicalSharePath(input: string): string | undefined {
  const text = input.trim();
  if (!text.startsWith('/') || text.startsWith('//') || /[\\#\s]/.test(text)) return undefined;
  const [path = '', query = '', ...rest] = text.split('?');
  if (rest.length > 0 || !(SHAREABLE_PATHS as readonly string[]).includes(path)) return undefined;
  const pairs: string[] = [];
  for (const part of query ? query.split('&') : []) {
    const m = /^([A-Za-z_]{1,32})=([\w-]{0,64})$/.exec(part);
    if (!m) return undefined;
    pairs.push(`${m[1]}=${m[2]}`);
  }
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

export class SocialService {
  constructor(
    private readonly db: Db,
    private readonly opts: SocialServiceOptions,
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /**
   * A device's guest account must sign in before writing: 403 with code 1401 and 'Unauthorized, please log in' (not
   * 401, which would end the guest's session in the app: apps/web/src/lib/api.ts onUnauthorized).
   */
  private requireMember(user: UserRow): void {
    if (this.opts.isGuest(user)) throw new AppError(403, ErrorCode.unauthorized, 'unauthorized');
  }

  private async state(viewerId: number, targetId: number): Promise<FollowState> {
    const [is_follow, counts] = await Promise.all([
      repo.isFollowing(this.db, viewerId, targetId),
      repo.followCounts(this.db, targetId),
    ]);
    return { user_id: targetId, is_follow, ...counts };
  }

  /** friendAdd: `user` follows `targetId`; answers the follow state and the target's counts after. */
  async follow(user: UserRow, targetId: number): Promise<FollowState> {
    this.requireMember(user);
    if (targetId === user.user_id) throw badRequest('social_follow_self', {}, 'userId');
    if (!(await repo.liveUserCard(this.db, targetId))) throw userMissing();
    let added: boolean;
    try {
      added = await repo.insertFollow(this.db, user.user_id, targetId, this.now());
    } catch (err) {
      // The target's row went away between the check and the insert (foreign key).
      if ((err as { code?: string; cause?: { code?: string } }).code === '23503') throw userMissing();
      if ((err as { cause?: { code?: string } }).cause?.code === '23503') throw userMissing();
      throw err;
    }
    if (!added) throw conflict();
    return this.state(user.user_id, targetId);
  }

  /** friendDel: `user` stops following `targetId` (409 when not followed). */
  async unfollow(user: UserRow, targetId: number): Promise<FollowState> {
    this.requireMember(user);
    if (!(await repo.deleteFollow(this.db, user.user_id, targetId))) throw conflict();
    return this.state(user.user_id, targetId);
  }

  /** friendCheck: does `user` follow `targetId` (404 for an unknown or deleted member). */
  async check(user: UserRow, targetId: number): Promise<FollowState> {
    if (!(await repo.liveUserCard(this.db, targetId))) throw userMissing();
    return this.state(user.user_id, targetId);
  }

  /** friendCount: `attent` and `fan` of a live member (404 otherwise). */
  async counts(targetId: number): Promise<{ attent: number; fan: number }> {
    if (!(await repo.liveUserCard(this.db, targetId))) throw userMissing();
    return repo.followCounts(this.db, targetId);
  }

  /** friendList: a page of `user`'s follows or fans, newest first. */
  async list(user: UserRow, type: FriendListType, page: number, limit: number) {
    const { rows, total } = await repo.followPage(this.db, user.user_id, type, limit, (page - 1) * limit);
    return {
      list: rows.map((r) => ({ ...card(r), follow_time: r.follow_time.toISOString(), is_follow: r.is_follow })),
      page,
      limit,
      total,
      pagecount: Math.ceil(total / limit),
    };
  }

  /** publicUserInfo: the homepage of a live member as `viewer` (undefined: a tourist) sees it. */
  async publicInfo(targetId: number, viewer: UserRow | undefined): Promise<PublicUserInfo> {
    const row = await repo.liveUserCard(this.db, targetId);
    if (!row) throw userMissing();
    const [counts, is_follow, region] = await Promise.all([
      repo.followCounts(this.db, targetId),
      viewer ? repo.isFollowing(this.db, viewer.user_id, targetId) : Promise.resolve(false),
      this.opts.region(targetId),
    ]);
    return { ...card(row), ...counts, is_follow, is_self: viewer?.user_id === targetId, region };
  }

  /** Account deletion (`user.deleted`, inside the deletion transaction `tx`): the member's follows, both ways. */
  async forgetUser(tx: Db, userId: number): Promise<void> {
    await repo.deleteFollowsOf(tx, userId);
  }

  /** digg: like (`on`) or unlike title `vodId` as `user`; 404 for an unknown title. */
  async digg(user: UserRow, vodId: number, on: boolean): Promise<DiggState> {
    this.requireMember(user);
    if ((await repo.vodUp(this.db, vodId)) === undefined) throw notFound('vod_not_found');
    const now = this.now();
    const vod_up = await this.db.transaction((tx) => repo.setDigg(tx, vodId, user.user_id, on, now));
    return { vod_id: vodId, vod_up, digg: on };
  }

  /** diggState: a title's likes and whether `viewer` likes it. */
  async diggState(vodId: number, viewer: UserRow | undefined): Promise<DiggState> {
    const up = await repo.vodUp(this.db, vodId);
    if (up === undefined) throw notFound('vod_not_found');
    return { vod_id: vodId, vod_up: up, digg: viewer ? await repo.hasDigg(this.db, vodId, viewer.user_id) : false };
  }

  /**
   * shortUrl: the short link of an app page (400 `social_share_path` for anything else); the same page keeps its
   * code. A member's call announces `share.created` (the share task).
   */
  async shortUrl(user: UserRow, url: string): Promise<ShortUrlInfo> {
    const path = canonicalSharePath(url);
    if (!path) throw badRequest('social_share_path', {}, 'url');
    let code = await repo.shortCodeOf(this.db, path);
    for (let attempt = 0; !code && attempt < 5; attempt++) {
      const candidate = newCode();
      if (await repo.insertShort(this.db, candidate, path, user.user_id, this.now())) code = candidate;
      // Taken: the page was shortened meanwhile (read it back), or the code exists (try another).
      else code = await repo.shortCodeOf(this.db, path);
    }
    if (!code) throw new AppError(500, ErrorCode.internal, 'internal');
    if (!this.opts.isGuest(user)) await this.opts.events.announce('share.created', { user, code, path });
    return { code, path, url: `${this.opts.publicUrl}/s/${code}` };
  }

  /** GET /s/<code>: the app page of `code` with its open counted (404 `social_short_not_found`). */
  async open(code: string): Promise<string> {
    const path = /^[A-Za-z0-9]{1,16}$/.test(code) ? await repo.openShort(this.db, code) : undefined;
    if (!path) throw new AppError(404, ErrorCode.notFound, 'social_short_not_found');
    return path;
  }
}

function card(r: repo.CardRow) {
  return {
    user_id: r.user_id,
    user_nick_name: r.user_nick_name || r.user_name,
    user_portrait: r.user_portrait,
    group_id: r.group_id,
    group_name: r.group_name ?? '',
  };
}
