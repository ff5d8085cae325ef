/** The app's Redis connection (REDIS_URL): rate limits, counters, pub/sub (danmaku, cache invalidation). */
import type { Redis } from 'ioredis';

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
