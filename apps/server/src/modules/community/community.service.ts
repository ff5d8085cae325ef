/**
 * The community's safety layer (spec §5 "Repeat operations are rejected ('do not repeat'). Frequent operations are
 * warned", §6 "Tourist: must log in to comment"; research/maccms.md §3.7: filter words → `***`, anti-flood
 * timespan). Every community write (comments, movie requests, feedback, reports) calls {@link
 * CommunityService.guardWrite} before it writes; the console sets the word list, review-first and the limits
 * (`app_setting` key `community`, contract community.ts `CommunitySettings`) and mutes users.
 *
 * Text is stored as the user typed it (after the word filter) and escaped where it is shown: React in the app,
 * antd in the console; nothing renders user text as HTML.
 */
import { type CommunityMute, CommunitySettings, type CommunityWriteKind, ErrorCode } from '@openvod/contract';
import type { Redis } from 'ioredis';
import { AppError, notFound, unauthorized } from '../../core/errors.ts';
import { type HitCounter, MEMORY_KEYS_MAX } from '../../core/hit-counter.ts';
import { growingLru } from '../../core/lru.ts';
import { getSettings, setSetting } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import * as repo from './community.repo.ts';

export const COMMUNITY_SETTINGS_KEY = 'community';

export const DEFAULT_COMMUNITY_SETTINGS: CommunitySettings = {
  review_first: false,
  user_per_minute: 5,
  ip_per_minute: 30,
  repeat_window_s: 600,
  words: [],
};

/** Claims a key once for a time: true for the first claim within `ttlMs`, false for the following ones. */
export interface OnceStore {
  claim(key: string, ttlMs: number): Promise<boolean>;
}

/** {@link OnceStore} in this process (an LRU of at most {@link MEMORY_KEYS_MAX} keys). */
export class MemoryOnceStore implements OnceStore {
  private keys = growingLru<string, true>(MEMORY_KEYS_MAX, { ttlAutopurge: false });
  async claim(key: string, ttlMs: number): Promise<boolean> {
    if (this.keys.has(key)) return false;
    this.keys.set(key, true, { ttl: ttlMs });
    return true;
  }
}

/** {@link OnceStore} in Redis (`SET <prefix><key> 1 PX ttl NX`), shared by every process. */
export class RedisOnceStore implements OnceStore {
  constructor(
    private redis: Redis,
    private prefix: string,
  ) {}
  async claim(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }
}

/** What {@link CommunityService} is built from (modules/community/index.ts). */
export interface CommunityDeps {
  db: Db;
  /** The app config's `comment_status` (0 comments off, 1 on), read at each comment write. */
  commentStatus: () => Promise<number>;
  /** Counts writes per kind and user or IP in one-minute windows. */
  counter: HitCounter;
  /** Remembers recent texts for the repeat check. */
  recent: OnceStore;
  /** Whether `user` is a device's guest account (a tourist: must sign in to write). */
  isGuest: (user: UserRow) => boolean;
  now?: () => Date;
}

const normalise = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The safety layer's service (`app.services.community`). */
export class CommunityService {
  private filterCache: { words: string; re: RegExp | null } = { words: '', re: null };
  private readonly now: () => Date;

  constructor(private readonly deps: CommunityDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The stored settings over {@link DEFAULT_COMMUNITY_SETTINGS}; a stored value out of range falls back. */
  async settings(): Promise<CommunitySettings> {
    const stored = (await getSettings(this.deps.db, [COMMUNITY_SETTINGS_KEY]))[COMMUNITY_SETTINGS_KEY];
    const out: Record<string, unknown> = { ...DEFAULT_COMMUNITY_SETTINGS };
    if (stored && typeof stored === 'object') {
      for (const [k, v] of Object.entries(stored)) {
        const field = CommunitySettings.shape[k as keyof CommunitySettings];
        if (field?.safeParse(v).success) out[k] = v;
      }
    }
    return out as CommunitySettings;
  }

  /** Merge `patch` into the settings (the word list de-duplicated, case-insensitively) and return the result. */
  async updateSettings(patch: Partial<CommunitySettings>): Promise<CommunitySettings> {
    const next = { ...(await this.settings()), ...patch };
    const seen = new Set<string>();
    next.words = next.words.filter((w) => {
      const k = w.toLowerCase();
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    await setSetting(this.deps.db, COMMUNITY_SETTINGS_KEY, next);
    return next;
  }

  /** `text` with every word of the list (case-insensitive, longest first) replaced by `***`. */
  async filter(text: string): Promise<string> {
    return this.filterWith((await this.settings()).words, text);
  }

  private filterWith(words: string[], text: string): string {
    const key = words.join('\u0001');
    if (this.filterCache.words !== key) {
      const sorted = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
      this.filterCache = { words: key, re: sorted.length ? new RegExp(sorted.join('|'), 'giu') : null };
    }
    const re = this.filterCache.re;
    return re ? text.replace(re, '***') : text;
  }

  /** Whether `userId` is muted now. */
  async isMuted(userId: number): Promise<boolean> {
    const row = await repo.muteOf(this.deps.db, userId);
    return Boolean(row && (row.until === null || row.until > this.now()));
  }

  /**
   * Check that `user` may write `kind` now and return `texts` filtered by the word list. Refusals (AppError, in
   * the caller's language), in this order: 401 `unauthorized` when `user` is null; 403 with code 1401 and the
   * same message ('Unauthorized, please log in') for a device's guest account (a 401 would end its session); 403
   * `community_muted` while muted; 403 `comment_closed` for a comment while `comment_status` is 0; 429
   * `rate_limited` ('Please do not operate frequently') past `user_per_minute` writes of the kind by the user or
   * `ip_per_minute` by the address in a minute; 400 `conflict` ('Do not repeat the operation') when the user wrote
   * the same kind with the same text (compared after NFKC, spaces collapsed, case folded) within
   * `repeat_window_s`. Callers validate their input first: a passed check counts toward the limits and the repeat
   * window even if the caller's write then fails.
   */
  async guardWrite(input: {
    user: UserRow | null;
    ip: string;
    kind: CommunityWriteKind;
    texts: string[];
  }): Promise<string[]> {
    const { user, ip, kind, texts } = input;
    if (!user) throw unauthorized();
    // 403, not 401: a 401 ends the guest's session in the app (apps/web/src/lib/api.ts onUnauthorized).
    if (this.deps.isGuest(user)) throw new AppError(403, ErrorCode.unauthorized, 'unauthorized');
    if (await this.isMuted(user.user_id)) throw new AppError(403, ErrorCode.forbidden, 'community_muted');
    if (kind === 'comment' && (await this.deps.commentStatus()) === 0) {
      throw new AppError(403, ErrorCode.forbidden, 'comment_closed');
    }
    const s = await this.settings();
    const [byUser, byIp] = await Promise.all([
      this.deps.counter.hit(`u:${kind}:${user.user_id}`),
      this.deps.counter.hit(`ip:${kind}:${ip}`),
    ]);
    if (byUser > s.user_per_minute || byIp > s.ip_per_minute) {
      throw new AppError(429, ErrorCode.rateLimited, 'rate_limited');
    }
    if (s.repeat_window_s > 0) {
      const text = texts.map(normalise).join('\u0001');
      if (text && !(await this.deps.recent.claim(`r:${kind}:${user.user_id}:${text}`, s.repeat_window_s * 1000))) {
        throw new AppError(400, ErrorCode.conflict, 'conflict');
      }
    }
    return texts.map((t) => this.filterWith(s.words, t));
  }

  /** Every muted user (console), newest first. */
  async mutes(): Promise<CommunityMute[]> {
    return (await repo.listMutes(this.deps.db)).map(toMute);
  }

  /** Mute `userId` for `days` (absent: until unmuted). 404 for an unknown or deleted user. */
  async mute(userId: number, reason: string, days?: number): Promise<CommunityMute> {
    if (!(await repo.userExists(this.deps.db, userId))) throw notFound('user_not_found');
    const until = days ? new Date(this.now().getTime() + days * 86_400_000) : null;
    await repo.upsertMute(this.deps.db, userId, reason, until);
    const [row] = await repo.listMutes(this.deps.db, userId);
    if (!row) throw notFound('user_not_found');
    return toMute(row);
  }

  /** Unmute `userId` (no-op when not muted). */
  async unmute(userId: number): Promise<void> {
    await repo.deleteMute(this.deps.db, userId);
  }

  /** The deletion handler's part: forget the user's mute inside the deletion transaction `tx`. */
  async forgetUser(tx: Db, userId: number): Promise<void> {
    await repo.deleteMute(tx, userId);
  }
}

function toMute(r: Awaited<ReturnType<typeof repo.listMutes>>[number]): CommunityMute {
  return {
    user_id: r.user_id,
    user_name: r.user_name,
    user_nick_name: r.user_nick_name,
    reason: r.reason,
    until: r.until ? r.until.toISOString() : null,
    created_at: r.created_at.toISOString(),
  };
}
