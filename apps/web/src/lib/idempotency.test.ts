import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { createAttemptKeys, newIdempotencyKey } from './idempotency';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('newIdempotencyKey', () => {
  it('is a UUID v4, also where crypto.randomUUID is missing (plain http is not a secure context)', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    expect('randomUUID' in globalThis.crypto).toBe(false);
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(UUID);
    expect(a).not.toBe(b);
  });
});

describe('createAttemptKeys', () => {
  it('keeps the key after no answer, drops it after an answer, per scope', async () => {
    const keys = createAttemptKeys();
    const seen: string[] = [];
    const fail = (err: unknown) => (k: string) => {
      seen.push(k);
      return Promise.reject(err);
    };
    const pass = (k: string) => {
      seen.push(k);
      return Promise.resolve(k);
    };
    await expect(keys.run('a', fail(new ApiError('timeout', 0, 408, 'timeout')))).rejects.toThrow('timeout');
    await expect(keys.run('a', fail(new ApiError('net', 0, 0, 'network')))).rejects.toThrow('net');
    await keys.run('b', pass); // another scope has its own key
    await keys.run('a', pass); // the same attempt, answered
    await expect(keys.run('a', fail(new ApiError('no points', 3003, 400, 'server')))).rejects.toThrow('no points');
    await keys.run('a', pass); // the server answered the previous one: a new attempt
    const [a1, a2, b, a3, a4, a5] = seen;
    expect([a2, a3]).toEqual([a1, a1]);
    expect(b).not.toBe(a1);
    expect(a4).not.toBe(a1);
    expect(a5).not.toBe(a4);
  });
});
