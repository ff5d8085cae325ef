/**
 * Database helpers every module stands on (DESIGN.md §1, §2): the {@link Db} handle type, rows of a raw query, and
 * transactions whose follow-ups run only once the write is committed. Inside a transaction always pass `tx`, never
 * `db` (PGlite has one connection and would wait for itself).
 */
import type { Db } from '../db/client.ts';

export type { Db } from '../db/client.ts';

/** Rows of a raw `db.execute()` result on either driver (PGlite and node-postgres return `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** What a transaction body may ask for besides its `tx`. */
export interface TxContext {
  /** Run `fn` after the transaction committed (never when it rolls back); a failure of `fn` is the caller's. */
  afterCommit(fn: () => Promise<void> | void): void;
}

/**
 * Run `fn` in one transaction on `db` and, once it committed, the follow-ups it registered with
 * {@link TxContext.afterCommit}, in order (after-commit events: core/events.ts). Returns `fn`'s result; a throw
 * in `fn` rolls back and skips the follow-ups. When `db` is already a transaction, drizzle opens a savepoint and
 * the follow-ups run when that savepoint is released.
 */
export async function transaction<T>(db: Db, fn: (tx: Db, ctx: TxContext) => Promise<T>): Promise<T> {
  const after: (() => Promise<void> | void)[] = [];
  const result = await db.transaction((tx) => fn(tx as unknown as Db, { afterCommit: (f) => void after.push(f) }));
  for (const f of after) await f();
  return result;
}
