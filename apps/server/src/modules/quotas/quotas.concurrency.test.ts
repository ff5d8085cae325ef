/**
 * Concurrent plays of the last free view let exactly one through (issue 7 "Proven by tests", on PostgreSQL: run
 * with DATABASE_URL, the harness then opens a pool of 10 connections and the writes race in parallel; on PGlite,
 * which runs one transaction at a time, the same assertions hold serialised). Also the last extra view, and
 * parallel writes of one new title taking one use.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.ts';
import { macGroup, macType, macVod, pointsQuota } from '../../db/schema/index.ts';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.ts';
import { makeUser, type TestUser } from '../accounts/test-helpers.ts';

let t: TestApp;
let top = 0;
const N = 12;

beforeAll(async () => {
  t = await createTestApp();
  const [type] = await t.db.db.insert(macType).values({ type_name: 'Race films' }).returning();
  top = type?.type_id ?? 0;
  await t.db.db.update(macGroup).set({ group_type: String(top) });
  await t.db.db
    .insert(pointsQuota)
    .values({ group_id: 2, free_views: 3, free_downloads: 0 })
    .onConflictDoUpdate({ target: pointsQuota.group_id, set: { free_views: 3, free_downloads: 0 } });
});
afterAll(async () => {
  await t?.close();
});

async function films(n: number): Promise<number[]> {
  const rows = await t.db.db
    .insert(macVod)
    .values(Array.from({ length: n }, (_, i) => ({ type_id: top, vod_name: `Race ${i}` })))
    .returning({ id: macVod.vod_id });
  return rows.map((r) => r.id);
}

const play = (u: TestUser, id: number) =>
  t.app.inject({ url: `/api/user/ulog?ac=set&type=4&id=${id}&sid=1&nid=1`, headers: u.headers });

async function counters(u: TestUser) {
  const [day] = rowsOf<{ v: number }>(
    await t.db.db.execute(sql`select coalesce(sum(free_views), 0)::int as v from points_user_day
                              where user_id = ${u.user.user_id}`),
  );
  const [uses] = rowsOf<{ n: number }>(
    await t.db.db.execute(sql`select count(*)::int as n from quota_use where user_id = ${u.user.user_id}`),
  );
  const [rows] = rowsOf<{ n: number }>(
    await t.db.db.execute(sql`select count(*)::int as n from mac_ulog where user_id = ${u.user.user_id}`),
  );
  return { freeViews: day?.v ?? 0, uses: uses?.n ?? 0, entries: rows?.n ?? 0 };
}

describe(`the last free view under concurrency (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it(`${N} parallel plays of different titles with one free view left: exactly one is let through`, async () => {
    const u = await makeUser(t);
    const [a, b, ...rest] = await films(N + 2);
    expect((await play(u, a as number)).statusCode).toBe(200);
    expect((await play(u, b as number)).statusCode).toBe(200);
    const results = await Promise.all(rest.map((id) => play(u, id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 403)).toHaveLength(N - 1);
    expect(await counters(u)).toEqual({ freeViews: 3, uses: 3, entries: 3 });
  });

  it(`${N} parallel plays with no free view and one extra view left: exactly one is let through`, async () => {
    const u = await makeUser(t);
    const ids = await films(N + 3);
    for (const id of ids.slice(0, 3)) expect((await play(u, id)).statusCode).toBe(200);
    await t.db.db.transaction((tx) =>
      t.app.services.ledger.post(tx, {
        userId: u.user.user_id,
        asset: 'views',
        amount: 1,
        kind: 'test_grant',
        key: `race-grant:${u.user.user_id}`,
      }),
    );
    const results = await Promise.all(ids.slice(3).map((id) => play(u, id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await t.app.services.ledger.balance(t.db.db, u.user.user_id, 'views')).toBe(0);
    expect(await counters(u)).toEqual({ freeViews: 3, uses: 4, entries: 4 });
  });

  it(`${N} parallel first plays of one title take one free view`, async () => {
    const u = await makeUser(t);
    const [id] = await films(1);
    const results = await Promise.all(Array.from({ length: N }, () => play(u, id as number)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(await counters(u)).toEqual({ freeViews: 1, uses: 1, entries: 1 });
  });
});
