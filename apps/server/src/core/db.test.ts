/** Database helpers (core/db.ts) on a real PGlite database: rowsOf and after-commit follow-ups of transaction(). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { rowsOf, transaction } from './db.ts';

let handle: Awaited<ReturnType<typeof openPglite>>;
beforeAll(async () => {
  handle = await openPglite(undefined);
  await handle.db.execute(sql`create table t (v int not null)`);
});
afterAll(() => handle.close());

const values = async () =>
  rowsOf<{ v: number }>(await handle.db.execute(sql`select v from t order by v`)).map((r) => r.v);

describe('transaction', () => {
  it('runs the follow-ups after the commit, in order, where the committed rows are visible', async () => {
    const seen: number[][] = [];
    const result = await transaction(handle.db, async (tx, { afterCommit }) => {
      await tx.execute(sql`insert into t values (1)`);
      afterCommit(async () => void seen.push(await values()));
      afterCommit(() => void seen.push([-1]));
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual([[1], [-1]]);
  });

  it('skips the follow-ups when the body throws, and rolls its writes back', async () => {
    let ran = false;
    await expect(
      transaction(handle.db, async (tx, { afterCommit }) => {
        await tx.execute(sql`insert into t values (2)`);
        afterCommit(() => {
          ran = true;
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toBe(false);
    expect(await values()).toEqual([1]);
  });
});
