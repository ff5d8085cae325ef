/**
 * Idempotency keys of the viewer app's money and points calls (research/money.md §2; server: the `Idempotency-Key`
 * header of upgrade, the `key` of exchangeNumber). One key stands for one user attempt: a request that got no answer
 * (timeout, network, offline) may have been applied, so trying the same thing again must reuse the key, and the
 * server then returns the first result instead of spending twice. A key is dropped once the server answered
 * (success or a refusal): the next attempt is a new one.
 */
import { ApiError } from './api';

/**
 * A fresh key: a random UUID v4 (36 characters, `[0-9a-f-]`, which the server's `^[\w-]{8,64}$` accepts).
 * `crypto.randomUUID` exists only in secure contexts (https, localhost); on plain http (a LAN address) the key is
 * built from `crypto.getRandomValues`, which every browser has.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a failed call may have been applied by the server (no answer arrived), so its key must be kept. */
export function unanswered(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'timeout' || err.kind === 'network' || err.kind === 'offline');
}

/**
 * Keys per attempt, by scope (what is being bought: e.g. `3:month`). `run(scope, fn)` calls `fn(key)` with the
 * scope's open key (a new one when none is open), drops the key when `fn` resolves or the server answered with a
 * failure, and keeps it when no answer arrived, so pressing again retries the same attempt.
 */
export function createAttemptKeys() {
  const open = new Map<string, string>();
  return {
    async run<T>(scope: string, fn: (key: string) => Promise<T>): Promise<T> {
      let key = open.get(scope);
      if (!key) {
        key = newIdempotencyKey();
        open.set(scope, key);
      }
      try {
        const result = await fn(key);
        open.delete(scope);
        return result;
      } catch (err) {
        if (!unanswered(err)) open.delete(scope);
        throw err;
      }
    },
  };
}
export type AttemptKeys = ReturnType<typeof createAttemptKeys>;
