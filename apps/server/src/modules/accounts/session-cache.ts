/**
 * The signed-in fast path (docs/architecture.md "Caches"): who a session token belongs to, kept in memory for
 * {@link SESSION_CACHE_TTL_MS} so a signed-in viewer's catalogue reads (getDetail, getType, casting) cost no
 * session query. Only what those reads need is kept ({@link CachedCaller}: the user id, group and VIP end, and when
 * the session ends); routes that act on the account read the full row from the database every time
 * (AccountsService.authenticate).
 *
 * Dropped at once by the changes that matter, in every process (core/invalidation.ts): a logout (`session` topic),
 * and a change of the user's group, VIP end or status, a deletion or a merge (`user` topic). A `user`
 * invalidation may be published inside the transaction that makes the change, before it commits; so for
 * {@link SESSION_CACHE_QUIET_MS} after one, that user's sessions are read from the database and not cached again
 * (a request in between would otherwise cache the row as it was before the commit).
 */
import type { LRUCache } from 'lru-cache';
import { growingLru } from '../../core/lru.ts';

/** How long a session's caller is served from memory without reading the database (ms). */
export const SESSION_CACHE_TTL_MS = 10_000;
/** After a `user` invalidation, how long that user's sessions are not cached (ms). */
export const SESSION_CACHE_QUIET_MS = 5_000;
/** Sessions kept at most (least recently used dropped first). */
export const SESSION_CACHE_MAX = 50_000;

/** What the catalogue's reads need of a signed-in caller. */
export interface CachedCaller {
  user_id: number;
  group_id: number;
  /** VIP end (unix seconds, 0 = none): a VIP group past it is read again (and expired) from the database. */
  user_end_time: number;
  /** When the session ends (ms since the epoch): never served after it. */
  expires_at: number;
}

export class SessionCache {
  private readonly byHash: LRUCache<string, CachedCaller>;
  private readonly byUser = new Map<number, Set<string>>();
  private readonly quiet = growingLru<number, true>(SESSION_CACHE_MAX, { ttl: SESSION_CACHE_QUIET_MS });

  constructor(ttlMs = SESSION_CACHE_TTL_MS, max = SESSION_CACHE_MAX) {
    this.byHash = growingLru<string, CachedCaller>(max, {
      ttl: ttlMs,
      dispose: (entry, hash) => {
        const hashes = this.byUser.get(entry.user_id);
        hashes?.delete(hash);
        if (hashes?.size === 0) this.byUser.delete(entry.user_id);
      },
    });
  }

  /** The cached caller of token hash `hash` at `nowMs`, or undefined (not cached, expired, or VIP end passed). */
  get(hash: string, nowMs: number): CachedCaller | undefined {
    const hit = this.byHash.get(hash);
    if (!hit) return undefined;
    const vipEnded = hit.group_id > 2 && hit.user_end_time !== 0 && hit.user_end_time * 1000 < nowMs;
    if (hit.expires_at <= nowMs || vipEnded) {
      this.byHash.delete(hash);
      return undefined;
    }
    return hit;
  }

  /** Keep `caller` for token hash `hash`, unless its user was invalidated in the last {@link SESSION_CACHE_QUIET_MS}. */
  set(hash: string, caller: CachedCaller): void {
    if (this.quiet.has(caller.user_id)) return;
    this.byHash.set(hash, caller);
    let hashes = this.byUser.get(caller.user_id);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(caller.user_id, hashes);
    }
    hashes.add(hash);
  }

  /** Drop one session (logout). */
  forgetSession(hash: string): void {
    this.byHash.delete(hash);
  }

  /** Drop every session of a user and keep it uncached for a while (see the module comment). */
  forgetUser(userId: number): void {
    this.quiet.set(userId, true);
    for (const hash of [...(this.byUser.get(userId) ?? [])]) this.byHash.delete(hash);
    this.byUser.delete(userId);
  }

  /** Sessions held (tests). */
  get size(): number {
    return this.byHash.size;
  }
}
