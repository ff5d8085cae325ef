/**
 * Failure counters of the accounts area (issue 3 item 8: brute force on login is refused), in memory for one
 * process or in Redis when REDIS_URL is set, so every server process behind a load balancer sees the same counts.
 *
 * Which limit lives where (every one of them holds across processes once REDIS_URL is set):
 *
 * | limit | store |
 * |---|---|
 * | per-route requests per IP (login 30/min, reg 20/min, code sending 5/min ...) | @fastify/rate-limit: Redis store with REDIS_URL, else memory (app.ts) |
 * | failed logins per user name (10 per 15 min) | {@link FailureCounter}: {@link RedisFailureCounter} with REDIS_URL, else {@link MemoryFailureCounter} |
 * | registrations per IP per operator day (`reg_ip_daily_limit`) | the database (mac_user.user_reg_ip), counted and inserted under an advisory lock on the IP |
 * | SMS codes per number / per IP per day, 60 s resend, 5 tries | the database (sms_code), under advisory locks (modules/sms) |
 */
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Counts failures per key within a fixed window that starts with the first failure. */
export interface FailureCounter {
  readonly max: number;
  readonly windowMs: number;
  /** True once `max` failures were recorded for `key` within the window. */
  blocked(key: string): Promise<boolean>;
  /** Record one failure for `key`. */
  fail(key: string): Promise<void>;
  /** Forget `key` (after a success). */
  reset(key: string): Promise<void>;
}

/** {@link FailureCounter} in this process's memory (an LRU of at most 100 000 keys). */
export class MemoryFailureCounter implements FailureCounter {
  private hits: LRUCache<string, { n: number }>;
  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {
    this.hits = new LRUCache({ max: 100_000, ttl: windowMs, ttlAutopurge: false });
  }
  async blocked(key: string): Promise<boolean> {
    return (this.hits.get(key)?.n ?? 0) >= this.max;
  }
  async fail(key: string): Promise<void> {
    const entry = this.hits.get(key);
    if (entry) entry.n++;
    else this.hits.set(key, { n: 1 });
  }
  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }
}

/**
 * {@link FailureCounter} in Redis: one integer key `<prefix><name>` per counter, INCR plus PEXPIRE NX in one
 * MULTI (the window starts at the first failure and is not extended by later ones). Redis errors propagate: a
 * login fails with 500 rather than silently dropping the brute-force guard.
 */
export class RedisFailureCounter implements FailureCounter {
  constructor(
    private redis: Redis,
    private prefix: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}
  async blocked(key: string): Promise<boolean> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0) >= this.max;
  }
  async fail(key: string): Promise<void> {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, this.windowMs, 'NX').exec();
    const err = res?.find(([e]) => e)?.[0];
    if (err) throw err;
  }
  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * Open the Redis connection of REDIS_URL and wait until it is ready (`onError` receives later connection errors). Throws (after closing the client) when Redis
 * cannot be reached within `timeoutMs`, so a server configured for Redis refuses to start without it rather than
 * silently falling back to per-process limits.
 */
export async function connectRedis(
  url: string,
  timeoutMs = 5000,
  onError: (err: Error) => void = () => {},
): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 2,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Connection errors after start (Redis restarting) are reported here; commands meanwhile fail and the requests
  // that need them answer 500 (limits fail closed).
  redis.on('error', onError);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis (${err instanceof Error ? err.message : String(err)})`);
  }
  return redis;
}
