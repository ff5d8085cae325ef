/**
 * Fixed-window hit counters for rate limits that a service checks itself (danmaku sends, community writes): in this
 * process ({@link MemoryHitCounter}) or shared by every process through Redis ({@link RedisHitCounter}, with
 * REDIS_URL). The window of a key starts at its first hit.
 */
import type { Redis } from 'ioredis';
import type { LRUCache } from 'lru-cache';
import { growingLru } from './lru.ts';

/**
 * Keys an in-process limiter keeps (the LRU's `max`). lru-cache allocates its arrays for `max` entries up front
 * (about 3 MB per 100 000), and a process has a dozen limiters: 20 000 keys active in one window is far more than one
 * self-hosted process meets, and a deployment of several processes keeps its limits in Redis.
 */
export const MEMORY_KEYS_MAX = 20_000;

/** Counts hits per key in a fixed window that starts with the first hit; `hit` returns the count including it. */
export interface HitCounter {
  hit(key: string): Promise<number>;
}

/** {@link HitCounter} in this process (an LRU of at most {@link MEMORY_KEYS_MAX} keys). */
export class MemoryHitCounter implements HitCounter {
  private hits: LRUCache<string, { n: number }>;
  constructor(windowMs: number) {
    this.hits = growingLru(MEMORY_KEYS_MAX, { ttl: windowMs });
  }
  async hit(key: string): Promise<number> {
    const entry = this.hits.get(key);
    if (entry) return ++entry.n;
    this.hits.set(key, { n: 1 });
    return 1;
  }
}

/**
 * {@link HitCounter} in Redis: INCR plus PEXPIRE NX in one MULTI on `<prefix><key>` (atomic across processes; the
 * window starts at the first hit). Redis errors propagate (the send fails with 500 rather than going unlimited).
 */
export class RedisHitCounter implements HitCounter {
  constructor(
    private redis: Redis,
    private prefix: string,
    private windowMs: number,
  ) {}
  async hit(key: string): Promise<number> {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, this.windowMs, 'NX').exec();
    const err = res?.find(([e]) => e)?.[0];
    if (err) throw err;
    return Number(res?.[0]?.[1] ?? 0);
  }
}
