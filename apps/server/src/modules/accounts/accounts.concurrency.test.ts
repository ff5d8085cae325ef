/**
 * Concurrency of the points journal (DESIGN.md §4). Proven on PostgreSQL when DATABASE_URL is set (a pool of 10
 * connections runs the requests in parallel); on PGlite, which runs one transaction at a time, the same test runs
 * and passes trivially.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.ts';
import { macPlog } from '../../db/schema/index.ts';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.ts';
import { creditPoints, findUserByName, PLOG_TYPE } from './accounts.service.ts';
import { makeUser } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Operator days (the per-IP registration cap, the keep-alive reward) are read from the service clock: frozen at each
// test's start, a test running across midnight in the operator's time zone still sees one day.
beforeEach(() => {
  const at = new Date();
  t.app.services.accounts.now = () => at;
});

async function journalMatches(userId: number, userName: string) {
  const [sum] = rowsOf<{ s: number; n: number }>(
    await t.db.db.execute(
      sql`select coalesce(sum(plog_points), 0)::int as s, count(*)::int as n from mac_plog where user_id = ${userId}`,
    ),
  );
  const user = await findUserByName(t.db.db, userName);
  expect(sum?.s).toBe(user?.user_points);
  return { sum: sum?.s ?? 0, rows: sum?.n ?? 0 };
}

describe(`points journal under concurrency (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it('20 parallel keepAlive calls of one user credit exactly once; the journal sum equals user_points', async () => {
    const u = await makeUser(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: '/api/user/keep-alive', headers: u.headers }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const points = results.map((r) => r.json().point as number);
    expect(points.filter((p) => p > 0)).toEqual([1]);
    expect(points.reduce((a, b) => a + b, 0)).toBe(1);
    const { sum, rows } = await journalMatches(u.user.user_id, u.user.user_name);
    expect([sum, rows]).toEqual([1, 1]);
  });

  it('20 parallel credits with distinct keys all land, each journal row holding a distinct running balance', async () => {
    const u = await makeUser(t);
    const id = u.user.user_id;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.db.transaction((tx) => creditPoints(tx, id, 1, PLOG_TYPE.adClick, `conc:${id}:${i}`, 'parallel')),
      ),
    );
    expect(results.every((r) => r.credited)).toBe(true);
    expect(results.map((r) => r.balance).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const balances = (await t.db.db.select().from(macPlog).where(eq(macPlog.user_id, id))).map((p) => p.plog_balance);
    expect(balances.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await journalMatches(id, u.user.user_name)).toEqual({ sum: 20, rows: 20 });
  });

  it('parallel spends never take the balance below zero', async () => {
    const u = await makeUser(t);
    const id = u.user.user_id;
    await t.db.db.transaction((tx) => creditPoints(tx, id, 5, PLOG_TYPE.recharge, `conc:${id}:seed`, 'seed'));
    const settled = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        t.db.db.transaction((tx) => creditPoints(tx, id, -1, PLOG_TYPE.contentPurchase, `conc:${id}:spend:${i}`, '')),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(5);
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(7);
    expect(await journalMatches(id, u.user.user_name)).toEqual({ sum: 0, rows: 6 });
  });
});
