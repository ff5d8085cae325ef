import { describe, expect, it, vi } from 'vitest';
import { growingLru } from './lru.ts';

describe('growingLru', () => {
  it('keeps at most max entries, evicting the least recently used', () => {
    const c = growingLru<string, number>(3);
    c.set('a', 1).set('b', 2).set('c', 3);
    expect(c.get('a')).toBe(1); // a is now the most recently used
    c.set('d', 4);
    expect([...c.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(c.size).toBe(3);
    for (let i = 0; i < 1000; i++) c.set(`k${i}`, i);
    expect(c.size).toBe(3);
    expect(c.get('k999')).toBe(999);
  });

  it('takes lru-cache options such as ttl and dispose', async () => {
    const disposed: string[] = [];
    const c = growingLru<string, number>(10, {
      ttl: 30,
      dispose: (_v, k) => {
        disposed.push(k);
      },
    });
    c.set('a', 1);
    expect(c.get('a')).toBe(1);
    await vi.waitFor(() => expect(c.get('a')).toBeUndefined(), { timeout: 5000, interval: 10 });
    expect(disposed).toEqual(['a']);
  });

  it('allocates with use, not for max entries up front', () => {
    const before = process.memoryUsage().heapUsed;
    const caches = Array.from({ length: 20 }, () => growingLru<string, true>(50_000, { ttl: 60_000 }));
    caches[0]?.set('x', true);
    // lru-cache given max: 50_000 allocates about 1.3 MB each (26 MB for these 20); these hold a few hundred bytes.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(5 * 1024 * 1024);
  });
});
