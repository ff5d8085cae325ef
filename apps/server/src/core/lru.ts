/**
 * A least-recently-used cache of at most `max` entries whose storage grows with use. lru-cache given `max`
 * allocates its key, value, link and TTL arrays for all `max` entries at construction (about 1.3 MB per 50,000
 * entries with a TTL), resident for the process's life even while the cache holds ten keys; the server keeps some
 * twenty such bounded stores (rate-limit keys, sessions, watch records, catalogue texts), about 15 MB before the
 * first request. Bounded instead by lru-cache's `maxSize` with every entry of size 1 (its documented dynamic mode:
 * https://github.com/isaacs/node-lru-cache#maxsize), the same eviction of the least recently used entry past `max`.
 */
import { LRUCache } from 'lru-cache';

export type GrowingLruOptions<K extends {}, V extends {}> = Omit<
  LRUCache.Options<K, V, unknown>,
  'max' | 'maxSize' | 'sizeCalculation' | 'maxEntrySize'
>;

/** An LRU of at most `max` (a positive integer) entries, with lru-cache's other options (`ttl` ...) as given. */
export function growingLru<K extends {}, V extends {}>(
  max: number,
  options: GrowingLruOptions<K, V> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: max, sizeCalculation: () => 1 } as LRUCache.Options<K, V, unknown>);
}
