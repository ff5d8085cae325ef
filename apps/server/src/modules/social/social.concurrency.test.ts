/**
 * Follows and likes under concurrency (issue "community", "Proven by tests": concurrent follow and unfollow end
 * consistent with the counts). On PostgreSQL (DATABASE_URL set; a pool of 25 connections) the calls really run in
 * parallel; on PGlite the same test passes serialised.
 * - 30 members each toggle their follow of one star and of each other several times at once: every call ends 200 or
 *   409, and each member's `attent` / `fan` equal the follow rows of the lists, and the star's fans are exactly the
 *   members whose last successful call was a follow;
 * - 40 members liking one title at once, then half taking it back at once: `vod_up` equals the like rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { macUserFollow, macVod, macVodDigg } from '../../db/schema/index.ts';
import { createTestDb, onPostgres, type TestDb } from '../../test/harness.ts';
import { createSession, registerUser } from '../accounts/accounts.service.ts';

let app: App;
let db: TestDb;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-social-conc-'));

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: dir, DEMO_CONTENT: '0', TZ: 'Asia/Shanghai' });
  db = await createTestDb(25);
  app = await buildApp({ config, db, webDist: '/nonexistent', adminDist: '/nonexistent' });
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
async function member(): Promise<{ id: number; headers: Record<string, string> }> {
  const n = ++seq;
  const user = await db.db.transaction((tx) =>
    registerUser(tx, {
      user_name: `sc_${n}_${Date.now() % 100000}`,
      password: 'abc123',
      ip: `10.9.${n >> 8}.${n & 255}`,
    }),
  );
  return { id: user.user_id, headers: { authorcode: await createSession(db.db, user.user_id, 'conc') } };
}
const call = (m: { headers: Record<string, string> }, url: string, i: number) =>
  app.inject({ method: 'GET', url, headers: m.headers, remoteAddress: `10.8.${(i >> 8) & 255}.${i & 255}` });

describe(`social concurrency (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it('concurrent follows and unfollows end consistent with the counts', async () => {
    const star = await member();
    const members = await Promise.all(Array.from({ length: 30 }, () => member()));
    // Each member: follow, unfollow, follow, (odd members) unfollow; a duplicate follow in flight at the same time.
    const ops = members.flatMap((m, i) => {
      const seqOps = ['add', 'del', 'add', ...(i % 2 ? ['del'] : [])];
      return [
        ...seqOps.map((op, k) => ({ m, op, target: star.id, k })),
        { m, op: 'add', target: (members[(i + 1) % members.length] as { id: number }).id, k: 9 },
        { m, op: 'add', target: (members[(i + 1) % members.length] as { id: number }).id, k: 10 },
      ];
    });
    const results = await Promise.all(
      ops.map((o, i) => call(o.m, `/api/friends/${o.op}?userId=${o.target}`, i).then((r) => r.statusCode)),
    );
    expect(results.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    // Neighbour follows: one of the two duplicate calls won, each time.
    for (const m of members) {
      const c = (await call(m, `/api/friends/count?userId=${m.id}`, 1)).json();
      const att = (await call(m, '/api/friends?type=attention&limit=50', 1)).json();
      const fans = (await call(m, '/api/friends?type=fan&limit=50', 1)).json();
      expect(c.attent).toBe(att.total);
      expect(c.fan).toBe(fans.total);
      expect(c.fan).toBe(1);
      const [rows] = await db.db.select({ n: count() }).from(macUserFollow).where(eq(macUserFollow.user_id, m.id));
      expect(Number(rows?.n)).toBe(c.attent);
    }
    const starCount = (await call(star, `/api/friends/count?userId=${star.id}`, 1)).json();
    const starFans = (await call(star, '/api/friends?type=fan&limit=50', 1)).json();
    expect(starCount.fan).toBe(starFans.total);
    // Now settle every member's follow of the star at once, in a known state: followed by the even ones only.
    await Promise.all(
      members.map(async (m, i) => {
        const state = (await call(m, `/api/friends/check?userId=${star.id}`, i)).json().info.is_follow as boolean;
        const want = i % 2 === 0;
        if (state !== want) await call(m, `/api/friends/${want ? 'add' : 'del'}?userId=${star.id}`, i);
      }),
    );
    expect((await call(star, `/api/friends/count?userId=${star.id}`, 1)).json().fan).toBe(15);
  }, 120_000);

  it('concurrent likes and unlikes keep vod_up equal to the likes', async () => {
    const [vod] = await db.db
      .insert(macVod)
      .values({ vod_name: 'conc like', type_id: 1, type_id_1: 0 })
      .returning({ id: macVod.vod_id });
    const id = vod?.id ?? 0;
    const members = await Promise.all(Array.from({ length: 40 }, () => member()));
    // Each member likes twice at once (a double tap), then every odd member takes it back while others like again.
    const first = await Promise.all(
      members.flatMap((m, i) => [call(m, `/api/vod/${id}/digg`, i), call(m, `/api/vod/${id}/digg`, i + 100)]),
    );
    expect(first.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const second = await Promise.all(members.map((m, i) => call(m, `/api/vod/${id}/digg?cancel=${i % 2}`, i)));
    expect(second.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const [row] = await db.db.select({ up: macVod.vod_up }).from(macVod).where(eq(macVod.vod_id, id));
    const [likes] = await db.db.select({ n: count() }).from(macVodDigg).where(eq(macVodDigg.vod_id, id));
    expect(Number(likes?.n)).toBe(20);
    expect(row?.up).toBe(20);
  }, 120_000);
});
