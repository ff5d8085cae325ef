/**
 * reportDownload under concurrency, on PostgreSQL only (a `.pg.test.ts`, run by the DATABASE_URL pass of
 * vitest.config.ts; PGlite runs one transaction at a time): 50 parallel copies of one report are stored once and
 * answered `counted: true` exactly once; 50 parallel reports of different episodes and events are all stored; the
 * console's report counts what was stored.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadEvent, macGroup, macType, macVod, pointsQuota } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';

const N = 50;
let t: TestApp;
let u: TestUser;
let vodId = 0;

describe('reportDownload concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const [type] = await t.db.db.insert(macType).values({ type_name: 'Concurrent downloads' }).returning();
    const top = type?.type_id ?? 0;
    await t.db.db.update(macGroup).set({ group_type: String(top), group_popedom: {} });
    await t.db.db
      .insert(pointsQuota)
      .values({ group_id: 2, free_views: 5, free_downloads: 100 })
      .onConflictDoUpdate({ target: pointsQuota.group_id, set: { free_views: 5, free_downloads: 100 } });
    const urls = Array.from({ length: 25 }, (_v, i) => `EP${i + 1}$https://cdn.example.net/c/${i + 1}.m3u8`).join('#');
    const [vod] = await t.db.db
      .insert(macVod)
      .values({ type_id: top, type_id_1: 0, vod_play_from: 'ovhls', vod_play_url: urls, vod_name: 'Concurrent' })
      .returning({ id: macVod.vod_id });
    vodId = vod?.id ?? 0;
    u = await makeUser(t);
    for (let nid = 1; nid <= 25; nid++) {
      const res = await t.app.inject({
        url: `/api/user/ulog?ac=set&type=5&id=${vodId}&sid=1&nid=${nid}`,
        headers: u.headers,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const report = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/download/report',
      headers: u.headers,
      payload,
      remoteAddress: nextIp(),
    });

  it(`${N} parallel copies of one report are stored once, and exactly one answer says counted`, async () => {
    const res = await Promise.all(
      Array.from({ length: N }, () => report({ vod_id: vodId, sid: 1, nid: 1, event: 'started' })),
    );
    expect(res.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(res.filter((r) => r.json().counted === true)).toHaveLength(1);
    const rows = await t.db.db
      .select()
      .from(downloadEvent)
      .where(and(eq(downloadEvent.user_id, u.user.user_id), eq(downloadEvent.nid, 1)));
    expect(rows).toHaveLength(1);
  });

  it(`${N} parallel reports of different episodes and events are all stored and counted by the console`, async () => {
    const bodies = Array.from({ length: N }, (_v, i) => ({
      vod_id: vodId,
      sid: 1,
      nid: 2 + (i % 24),
      event: i < 24 ? 'started' : i < 48 ? 'completed' : 'failed',
    }));
    const res = await Promise.all(bodies.map(report));
    expect(res.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect(res.every((r) => r.json().counted === true)).toBe(true);
    const admin = await t.adminHeaders();
    const r = (await t.app.inject({ url: '/api/admin/downloads/report?days=1', headers: admin })).json();
    expect(r.totals).toEqual({ started: 25, completed: 24, failed: 2 });
    expect(r.top).toEqual([{ vod_id: vodId, vod_name: 'Concurrent', started: 25, completed: 24, failed: 2, users: 1 }]);
  });
});
