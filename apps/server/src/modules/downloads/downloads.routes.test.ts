/**
 * The downloads report through HTTP (issue 17 items 2 and 7): reportDownload counts only episodes whose download
 * the server granted (the ajaxUlog type 5 entry), once per user, episode, event and operator day, for members and
 * the device's guest account; refusals in the caller's language; the console's adminDownloadsReport per day, with
 * totals and the top titles. PGlite, and PostgreSQL with DATABASE_URL.
 */
import { DOWNLOAD_CODE, ErrorCode, guestCredentials } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadEvent, macGroup, macType, macUser, macVod, pointsQuota } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';

let t: TestApp;
let admin: Record<string, string>;
// 10:00 in Asia/Shanghai on 2026-11-22; tests move it to other operator days.
const START = new Date('2026-11-22T02:00:00Z');
let clock = START;
let top = 0;
let vodSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.points.now = () => clock;
  t.app.services.downloads.now = () => clock;
  admin = await t.adminHeaders();
  const [type] = await t.db.db.insert(macType).values({ type_name: 'Report films' }).returning();
  top = type?.type_id ?? 0;
  await t.db.db.update(macGroup).set({ group_type: String(top), group_popedom: {} });
  for (const group of [1, 2]) {
    await t.db.db
      .insert(pointsQuota)
      .values({ group_id: group, free_views: 5, free_downloads: 50 })
      .onConflictDoUpdate({ target: pointsQuota.group_id, set: { free_views: 5, free_downloads: 50 } });
  }
});
afterAll(async () => {
  await t?.close();
});

async function newVod(name?: string): Promise<number> {
  vodSeq++;
  const urls = [1, 2, 3].map((n) => `EP${n}$https://cdn.example.net/r/${vodSeq}/${n}.m3u8`).join('#');
  const [row] = await t.db.db
    .insert(macVod)
    .values({ type_id: top, type_id_1: 0, vod_play_from: 'ovhls', vod_play_url: urls, vod_name: name ?? `R ${vodSeq}` })
    .returning({ id: macVod.vod_id });
  return row?.id as number;
}

const download = async (u: TestUser, id: number, nid: number, sid = 1) => {
  const res = await t.app.inject({
    url: `/api/user/ulog?ac=set&type=5&id=${id}&sid=${sid}&nid=${nid}`,
    headers: u.headers,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const report = (u: TestUser | undefined, payload: object, lang = 'en-us') =>
  t.app.inject({
    method: 'POST',
    url: '/api/download/report',
    headers: { ...(u?.headers ?? {}), 'accept-language': lang },
    payload,
    remoteAddress: nextIp(),
  });
const adminReport = (query = '') =>
  t.app.inject({ url: `/api/admin/downloads/report${query}`, headers: { ...admin, 'accept-language': 'en-us' } });
const rowsOf = (u: TestUser) => t.db.db.select().from(downloadEvent).where(eq(downloadEvent.user_id, u.user.user_id));

describe('reportDownload', () => {
  it('refuses an episode the caller was not granted, in its language, and stores nothing', async () => {
    const u = await makeUser(t);
    const a = await newVod();
    let res = await report(u, { vod_id: a, sid: 1, nid: 1, event: 'started' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: DOWNLOAD_CODE.notDownloaded,
      msg: 'You have not downloaded this episode. Start its download in the app first',
    });
    res = await report(u, { vod_id: a, sid: 1, nid: 1, event: 'completed' }, 'zh-cn');
    expect(res.json().msg).toBe('你尚未下载这一集，请先在应用中开始下载');
    // Another episode of a granted title, or another user's granted episode, counts nothing either.
    await download(u, a, 1);
    res = await report(u, { vod_id: a, sid: 1, nid: 2, event: 'started' });
    expect(res.statusCode).toBe(403);
    const other = await makeUser(t);
    res = await report(other, { vod_id: a, sid: 1, nid: 1, event: 'started' });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(u)).toEqual([]);
    expect(await rowsOf(other)).toEqual([]);
  });

  it('refuses episodes of unknown or unpublished titles (their log entries are written unmetered)', async () => {
    const u = await makeUser(t);
    const hidden = await newVod();
    await t.db.db.update(macVod).set({ vod_status: 0 }).where(eq(macVod.vod_id, hidden));
    // ajaxUlog writes download entries of these titles without taking a download (nothing can be played from them).
    for (const id of [hidden, 99_999_999]) {
      await download(u, id, 1);
      const res = await report(u, { vod_id: id, sid: 1, nid: 1, event: 'started' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(DOWNLOAD_CODE.notDownloaded);
    }
    expect(await t.app.services.points.usage(u.user.user_id)).toMatchObject({ free_downloads: 0 });
    expect(await rowsOf(u)).toEqual([]);
  });

  it('needs a session and a valid body (the field and why, in the caller’s language)', async () => {
    let res = await report(undefined, { vod_id: 1, sid: 1, nid: 1, event: 'started' });
    expect(res.statusCode).toBe(401);
    const u = await makeUser(t);
    res = await report(u, { vod_id: 1, sid: 1, nid: 1, event: 'paused' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.validation, field: 'event' });
    res = await report(u, { vod_id: 1, sid: 0, nid: 1, event: 'started' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('sid');
    res = await report(u, { sid: 1, nid: 1, event: 'started' }, 'zh-cn');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('vod_id');
    expect(res.json().msg).toMatch(/vod_id/);
  });

  it('counts each event of a granted episode once per operator day; a later day counts again', async () => {
    const u = await makeUser(t);
    const a = await newVod();
    await download(u, a, 2);
    const body = { vod_id: a, sid: 1, nid: 2 };
    let res = await report(u, { ...body, event: 'started' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: 1, msg: 'ok', counted: true, day: '2026-11-22' });
    for (let i = 0; i < 3; i++) {
      res = await report(u, { ...body, event: 'started' });
      expect(res.json()).toMatchObject({ counted: false, day: '2026-11-22' });
    }
    expect((await report(u, { ...body, event: 'failed' })).json().counted).toBe(true);
    expect((await report(u, { ...body, event: 'completed' })).json().counted).toBe(true);
    expect(await rowsOf(u)).toHaveLength(3);
    // 16:30 UTC is 00:30 of the next operator day in Asia/Shanghai.
    clock = new Date('2026-11-22T16:30:00Z');
    try {
      res = await report(u, { ...body, event: 'started' });
      expect(res.json()).toMatchObject({ counted: true, day: '2026-11-23' });
    } finally {
      clock = START;
    }
    expect(await rowsOf(u)).toHaveLength(4);
  });

  it("the device's guest account reports its own granted downloads", async () => {
    const device = `dl-device-${Date.now()}`;
    const creds = guestCredentials(device);
    const g = await makeUser(t, { user_name: creds.user_name, password: creds.user_pwd });
    await t.db.db.update(macUser).set({ user_device_id: device }).where(eq(macUser.user_id, g.user.user_id));
    const a = await newVod();
    await download(g, a, 1);
    const res = await report(g, { vod_id: a, sid: 1, nid: 1, event: 'started' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counted).toBe(true);
  });
});

describe('a device guest signing in to an account', () => {
  it("brings its reports along: the target's copy of the same report stays counted once", async () => {
    const deviceId = `dl-merge-${Date.now()}`;
    const creds = guestCredentials(deviceId);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      headers: { deviceid: deviceId },
      remoteAddress: nextIp(),
      payload: { user_name: creds.user_name, user_pwd: creds.user_pwd, user_pwd2: creds.user_pwd, imei: creds.imei },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const guestId = reg.json().info.user_id as number;
    const guest = { headers: { authorcode: reg.json().token as string, deviceid: deviceId } } as unknown as TestUser;
    const target = await makeUser(t);
    const a = await newVod();
    for (const u of [guest, target]) await download(u, a, 1);
    await download(guest, a, 2);
    for (const u of [guest, target]) await report(u, { vod_id: a, sid: 1, nid: 1, event: 'started' });
    await report(guest, { vod_id: a, sid: 1, nid: 2, event: 'started' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: guest.headers,
      remoteAddress: nextIp(),
      payload: { user_name: target.user.user_name, user_pwd: 'abc123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().info.user_id).toBe(target.user.user_id);
    const rows = await rowsOf(target);
    expect(rows.map((r) => [r.nid, r.event]).sort()).toEqual([
      [1, 'started'],
      [2, 'started'],
    ]);
    expect(await t.db.db.select().from(downloadEvent).where(eq(downloadEvent.user_id, guestId))).toEqual([]);
    // The moved report is the target's now: a repeat counts nothing.
    const again = await report(target, { vod_id: a, sid: 1, nid: 2, event: 'started' });
    expect(again.json()).toMatchObject({ counted: false });
  });
});

describe('adminDownloadsReport', () => {
  it('counts per operator day (every day listed), totals, and the top titles by episodes started', async () => {
    const [u1, u2] = [await makeUser(t), await makeUser(t)];
    const popular = await newVod('Popular download');
    const quiet = await newVod('Quiet download');
    // Day 1 (2026-12-01): u1 starts and completes episodes 1 and 2 of `popular`; u2 starts episode 1 and fails.
    clock = new Date('2026-12-01T02:00:00Z');
    t.app.services.downloads.now = () => clock;
    try {
      for (const nid of [1, 2]) {
        await download(u1, popular, nid);
        expect((await report(u1, { vod_id: popular, sid: 1, nid, event: 'started' })).statusCode).toBe(200);
        await report(u1, { vod_id: popular, sid: 1, nid, event: 'completed' });
      }
      await download(u2, popular, 1);
      await report(u2, { vod_id: popular, sid: 1, nid: 1, event: 'started' });
      await report(u2, { vod_id: popular, sid: 1, nid: 1, event: 'failed' });
      // Day 3 (2026-12-03): u2 retries and completes; u1 starts one episode of `quiet`.
      clock = new Date('2026-12-03T02:00:00Z');
      await report(u2, { vod_id: popular, sid: 1, nid: 1, event: 'started' });
      await report(u2, { vod_id: popular, sid: 1, nid: 1, event: 'completed' });
      await download(u1, quiet, 3);
      await report(u1, { vod_id: quiet, sid: 1, nid: 3, event: 'started' });

      const res = await adminReport('?days=3');
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json();
      expect(r).toMatchObject({ code: 1, from: '2026-12-01', to: '2026-12-03' });
      expect(r.list).toEqual([
        { day: '2026-12-01', started: 3, completed: 2, failed: 1 },
        { day: '2026-12-02', started: 0, completed: 0, failed: 0 },
        { day: '2026-12-03', started: 2, completed: 1, failed: 0 },
      ]);
      expect(r.totals).toEqual({ started: 5, completed: 3, failed: 1 });
      expect(r.top).toEqual([
        { vod_id: popular, vod_name: 'Popular download', started: 4, completed: 3, failed: 1, users: 2 },
        { vod_id: quiet, vod_name: 'Quiet download', started: 1, completed: 0, failed: 0, users: 1 },
      ]);
      // One day only: today's.
      const today = (await adminReport('?days=1')).json();
      expect(today.list).toEqual([{ day: '2026-12-03', started: 2, completed: 1, failed: 0 }]);
      // The default is the last 14 days.
      const def = (await adminReport()).json();
      expect(def.list).toHaveLength(14);
      expect(def).toMatchObject({ from: '2026-11-20', to: '2026-12-03' });
    } finally {
      clock = START;
    }
  });

  it('is for the console only and checks its days', async () => {
    const u = await makeUser(t);
    let res = await t.app.inject({ url: '/api/admin/downloads/report', headers: u.headers });
    expect(res.statusCode).toBe(401);
    for (const bad of ['0', '91', 'x']) {
      res = await adminReport(`?days=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('days');
    }
  });
});
