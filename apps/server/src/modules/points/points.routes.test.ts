/**
 * Points calls (issue 7 item 5): check-in once per operator day (also concurrently), task caps, setDuration and the
 * duration reward conditions of spec §4, exchange (guarded debit + credit, idempotent, never overdrawn under
 * concurrency), plogList, durationList, getTask, and the console's task/quota/report calls. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set (the concurrency cases then race real connections).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macGroup, macUser } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { durationRewardDue } from './points.service.ts';

let t: TestApp;
let clock = new Date('2026-11-22T02:00:00Z'); // 10:00 in Asia/Shanghai

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.points.now = () => clock;
});
afterAll(async () => {
  await t?.close();
});

const get = (u: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...u.headers, 'accept-language': 'en-us' }, remoteAddress: nextIp() });
const setPoints = (u: TestUser, n: number) =>
  t.db.db.update(macUser).set({ user_points: n }).where(eq(macUser.user_id, u.user.user_id));

describe('sessions', () => {
  it('the user calls need a session', async () => {
    const u = await makeUser(t);
    for (const url of ['/api/points/log', '/api/points/task', '/api/points/duration/list']) {
      expect((await t.app.inject(url)).statusCode).toBe(401);
    }
    expect((await t.app.inject('/api/points/duration?duration=5')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/points/log', headers: u.headers })).json().total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/points/task', headers: u.headers })).json().code).toBe(1);
    const d = await t.app.inject({ method: 'GET', url: '/api/points/duration?duration=5', headers: u.headers });
    expect(d.json()).toMatchObject({ code: 1, total: 5, point: 0 });
    const list = await t.app.inject({ method: 'GET', url: '/api/points/duration/list', headers: u.headers });
    expect(list.json().list).toHaveLength(1);
  });
});

describe('setPlog check-in (type 10)', () => {
  it('pays once per operator day, marks isSignIn, and pays again the next day', async () => {
    const u = await makeUser(t);
    const before = (await get(u, '/api/points/task')).json();
    expect(before.isSignIn).toBe(false);
    const first = (await get(u, '/api/points/plog?type=10')).json();
    expect(first).toMatchObject({ code: 1, point: 5, user_points: 5, count: 1 });
    const second = (await get(u, '/api/points/plog?type=10')).json();
    expect(second).toMatchObject({ code: 1, point: 0, user_points: 5 });
    const task = (await get(u, '/api/points/task')).json();
    expect(task.isSignIn).toBe(true);
    expect(task.list).toEqual([{ plog_type: 10, count: 1 }]);
    const log = (await get(u, '/api/points/log')).json();
    expect(log.total).toBe(1);
    expect(log.list[0]).toMatchObject({ plog_type: 10, plog_points: 5, plog_balance: 5 });
    const saved = clock;
    clock = new Date('2026-11-22T16:30:00Z'); // 00:30 on the 23rd in Shanghai
    try {
      expect((await get(u, '/api/points/task')).json().isSignIn).toBe(false);
      expect((await get(u, '/api/points/plog?type=10')).json()).toMatchObject({ point: 5, user_points: 10 });
    } finally {
      clock = saved;
    }
  });

  it('concurrent check-ins on one day pay once', async () => {
    const u = await makeUser(t);
    const results = await Promise.all(Array.from({ length: 12 }, () => get(u, '/api/points/plog?type=10')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(results.filter((r) => r.json().point > 0)).toHaveLength(1);
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id));
    expect(row?.user_points).toBe(5);
  });
});

describe('setPlog other types', () => {
  it('refuses share (21; paid by shortUrl, modules/social), other server-only and unknown types', async () => {
    const u = await makeUser(t);
    const share = await get(u, '/api/points/plog?type=21&id=1');
    expect(share.statusCode).toBe(400);
    expect(share.json().msg).toBe('This reward is given automatically');
    const comment = await get(u, '/api/points/plog?type=22&id=1');
    expect(comment.statusCode).toBe(400);
    expect(comment.json().msg).toBe('This reward is given automatically');
    expect((await get(u, '/api/points/plog?type=77')).json().msg).toBe('Wrong type');
    expect((await t.app.inject('/api/points/plog?type=10')).statusCode).toBe(401);
  });

  it('server-side award caps concurrent completions at num (watch film, 14)', async () => {
    const u = await makeUser(t);
    const r = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.app.services.points.award(u.user.user_id, 14, i + 1)),
    );
    expect(r.filter((x) => x.point > 0)).toHaveLength(5);
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id));
    expect(row?.user_points).toBe(5);
  });
});

describe('duration reward (spec §4)', () => {
  it.each([
    { userId: 1, totalSeconds: 60, long: 1, count: 0, num: 1, sent: false, due: true },
    { userId: 0, totalSeconds: 60, long: 1, count: 0, num: 1, sent: false, due: false }, // not logged in
    { userId: 1, totalSeconds: 59, long: 1, count: 0, num: 1, sent: false, due: false }, // below minutes x 60
    { userId: 1, totalSeconds: 600, long: 10, count: 1, num: 1, sent: false, due: false }, // count = num
    { userId: 1, totalSeconds: 600, long: 10, count: 0, num: 1, sent: true, due: false }, // already sent
    { userId: 1, totalSeconds: 1200, long: 20, count: 0, num: 1, sent: false, due: true },
  ])('due=$due for %o', ({ due, ...i }) => {
    expect(durationRewardDue(i)).toBe(due);
  });

  it('accumulates plausible seconds, pays each tier once a day, lists the day', async () => {
    const u = await makeUser(t);
    const start = clock;
    try {
      const a = (await get(u, '/api/points/duration?duration=500')).json();
      expect(a).toMatchObject({ point: 0, total: 30 }); // first report of a day counts at most 30 s
      clock = new Date(start.getTime() + 40_000);
      const b = (await get(u, '/api/points/duration?duration=40')).json();
      expect(b).toMatchObject({ total: 70, point: 1, awarded: [15] });
      clock = new Date(start.getTime() + 50_000);
      const c = (await get(u, '/api/points/duration?duration=100')).json(); // only 10 s of wall time passed
      expect(c).toMatchObject({ total: 85, point: 0 });
      for (let i = 1; i <= 3; i++) {
        clock = new Date(start.getTime() + 50_000 + i * 60_000);
        await get(u, '/api/points/duration?duration=60');
      }
      clock = new Date(start.getTime() + 50_000 + 4 * 60_000);
      const d = (await get(u, '/api/points/duration?duration=60')).json();
      expect(d.total).toBe(325);
      expect(d.awarded).toEqual([16]);
      const task = (await get(u, '/api/points/task')).json();
      expect(task.watch_seconds).toBe(325);
      expect(task.list).toEqual([
        { plog_type: 15, count: 1 },
        { plog_type: 16, count: 1 },
      ]);
      const list = (await get(u, '/api/points/duration/list')).json();
      expect(list).toMatchObject({ code: 1, total: 1, list: [{ day: '2026-11-22', seconds: 325 }] });
    } finally {
      clock = start;
    }
  });

  it('concurrent reports reaching a tier pay it once', async () => {
    const u = await makeUser(t);
    const start = clock;
    try {
      await get(u, '/api/points/duration?duration=30');
      clock = new Date(start.getTime() + 300_000);
      const r = await Promise.all(Array.from({ length: 8 }, () => get(u, '/api/points/duration?duration=60')));
      expect(r.reduce((s, x) => s + x.json().point, 0)).toBe(1);
      const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id));
      expect(row?.user_points).toBe(1);
    } finally {
      clock = start;
    }
  });
});

describe('exchangeNumber', () => {
  const post = (u: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/points/exchange',
      headers: { ...u.headers, 'accept-language': 'en-us', ...headers },
      payload,
      remoteAddress: nextIp(),
    });

  it('needs type and count, spends points for views in one step, is idempotent by key', async () => {
    const u = await makeUser(t);
    expect((await post(u, { count: 1 })).statusCode).toBe(400);
    expect((await post(u, { type: 'view' })).statusCode).toBe(400);
    const short = await post(u, { type: 'view', count: 1 });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toBe('Insufficient Balance');
    await t.app.services.points.award(u.user.user_id, 10);
    await t.app.services.points.award(u.user.user_id, 21, 1);
    await t.app.services.points.award(u.user.user_id, 21, 2);
    await t.app.services.points.award(u.user.user_id, 21, 3);
    // 5 + 6 = 11 points; a view costs 10
    const r = await post(u, { type: 'view', count: 1, key: 'ex-key-0001' });
    expect(r.json()).toMatchObject({
      code: 1,
      point: 10,
      user_points: 1,
      credits: { views: 1, downloads: 0 },
      applied: true,
    });
    const again = await post(u, { type: 'view', count: 1, key: 'ex-key-0001' });
    expect(again.json()).toMatchObject({ point: 0, user_points: 1, credits: { views: 1 }, applied: false });
    const task = (await get(u, '/api/points/task')).json();
    expect(task.credits).toEqual({ views: 1, downloads: 0 });
    const log = (await get(u, '/api/points/log')).json();
    expect(log.list[0]).toMatchObject({ plog_type: 24, plog_points: -10, plog_balance: 1 });
  });

  it('concurrent exchanges never overdraw', async () => {
    const u = await makeUser(t);
    await setPoints(u, 0);
    await t.db.db.transaction((tx) =>
      t.app.services.ledger.post(tx, {
        userId: u.user.user_id,
        asset: 'points',
        amount: 55,
        kind: 'test',
        key: `test-grant:${u.user.user_id}`,
        plogType: 1,
      }),
    );
    const r = await Promise.all(Array.from({ length: 10 }, () => post(u, { type: 'view', count: 1 })));
    expect(r.filter((x) => x.statusCode === 200)).toHaveLength(5);
    expect(r.filter((x) => x.statusCode === 400)).toHaveLength(5);
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id));
    expect(row?.user_points).toBe(5);
    expect((await t.app.services.ledger.balances(t.db.db, u.user.user_id)).views).toBe(5);
  });

  it('exchanges VIP days of a group priced by group_points_day; rates list it', async () => {
    const u = await makeUser(t);
    const [g] = await t.db.db
      .insert(macGroup)
      .values({ group_id: 50, group_name: 'VIPX', group_points_day: 7 })
      .returning();
    const groupId = g?.group_id ?? 0;
    expect(groupId).toBeGreaterThanOrEqual(3);
    const rates = (await t.app.inject('/api/points/exchange/rates')).json();
    expect(rates.view).toBe(10);
    expect(rates.vip).toContainEqual({ group_id: groupId, group_name: 'VIPX', points_per_day: 7 });
    await t.db.db.transaction((tx) =>
      t.app.services.ledger.post(tx, {
        userId: u.user.user_id,
        asset: 'points',
        amount: 20,
        kind: 'test',
        key: `test-grant:${u.user.user_id}`,
        plogType: 1,
      }),
    );
    expect((await post(u, { type: 'vip', count: 2 })).statusCode).toBe(400);
    const r = (await post(u, { type: 'vip', count: 2, group_id: groupId })).json();
    expect(r).toMatchObject({ code: 1, point: 14, user_points: 6, applied: true });
    expect(r.user_end_time).toBeGreaterThan(Date.now() / 1000 + 86_400);
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id));
    expect(row?.group_id).toBe(groupId);
  });
});

describe('free counters', () => {
  it('concurrent uses of the last free views let only the quota through, and getTask reports them', async () => {
    const u = await makeUser(t);
    const r = await Promise.all(
      Array.from({ length: 10 }, () => t.app.services.points.consumeFree(u.user.user_id, 'views', 3)),
    );
    expect(r.filter(Boolean)).toHaveLength(3);
    expect(await t.app.services.points.consumeFree(u.user.user_id, 'downloads', 2)).toBe(true);
    expect(await t.app.services.points.consumeFree(u.user.user_id, 'downloads', 0)).toBe(false);
    const task = (await get(u, '/api/points/task')).json();
    expect(task.single.freewatch.has).toBe(3);
    expect(task.single.freedownload.has).toBe(1);
  });
});

describe('getTask single and the console', () => {
  it('reports bind-phone points and the group free counts', async () => {
    const u = await makeUser(t);
    const task = (await get(u, '/api/points/task')).json();
    expect(task.single).toEqual({
      bindphone: { point: 2 },
      freewatch: { total: 5, has: 0, unlimited: false },
      freedownload: { total: 2, has: 0, unlimited: false },
    });
    await t.db.db.update(macUser).set({ group_id: 3 }).where(eq(macUser.user_id, u.user.user_id));
    const vip = (await get(u, '/api/points/task')).json();
    expect(vip.single.freewatch).toMatchObject({ unlimited: true });
    expect(vip.single.freedownload).toMatchObject({ unlimited: true });
    expect(task.tasks.map((x: { task_key: string }) => x.task_key)).toContain('watch_20min');
  });

  it('edits task rewards, quotas and prices, and reports issued/spent/outstanding', async () => {
    const admin = await t.adminHeaders();
    const tasks = (await t.app.inject({ url: '/api/admin/points/tasks', headers: admin })).json();
    const share = tasks.list.find((x: { task_key: string }) => x.task_key === 'share');
    expect(share).toMatchObject({ plog_type: 21, points: 2, num: 3, enabled: true });
    const upd = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/points/tasks/${share.task_id}`,
      headers: admin,
      payload: { points: 4, num: 1 },
    });
    expect(upd.json().info).toMatchObject({ points: 4, num: 1 });
    const u = await makeUser(t);
    const award = (ref: number) => t.app.services.points.award(u.user.user_id, 21, ref).then((r) => r.point);
    expect(await award(9)).toBe(4);
    expect(await award(8)).toBe(0);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/points/tasks/${share.task_id}`,
      headers: admin,
      payload: { enabled: false },
    });
    await expect(award(7)).rejects.toMatchObject({ key: 'points_task_off' });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/points/tasks/9999',
      headers: admin,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);

    const s = (await t.app.inject({ url: '/api/admin/points/settings', headers: admin })).json();
    expect(s.quotas.find((q: { group_id: number }) => q.group_id === 2)).toMatchObject({
      free_views: 5,
      free_downloads: 2,
    });
    const s2 = (
      await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/points/settings',
        headers: admin,
        payload: { quotas: [{ group_id: 2, free_views: 8, free_downloads: 3 }], view_points: 12 },
      })
    ).json();
    expect(s2).toMatchObject({ view_points: 12, download_points: 20 });
    expect((await get(u, '/api/points/task')).json().single.freewatch).toMatchObject({ total: 8, has: 0 });
    // The VIP-day price of the exchange centre is set here too (VIP groups only) and offered by exchangeRates.
    const s3 = (
      await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/points/settings',
        headers: admin,
        payload: {
          quotas: [
            { group_id: 2, free_views: 8, free_downloads: 3, points_per_day: 99 },
            { group_id: 3, free_views: 0, free_downloads: 0, points_per_day: 40 },
          ],
        },
      })
    ).json();
    expect(s3.quotas.find((q: { group_id: number }) => q.group_id === 3)).toMatchObject({ points_per_day: 40 });
    expect(s3.quotas.find((q: { group_id: number }) => q.group_id === 2)).toMatchObject({ points_per_day: 0 });
    const rates = (await t.app.inject({ url: '/api/points/exchange/rates' })).json();
    expect(rates.vip.find((g: { group_id: number }) => g.group_id === 3)).toMatchObject({ points_per_day: 40 });

    const rep = (
      await t.app.inject({ url: '/api/admin/points/report?from=2026-11-01&to=2026-12-31', headers: admin })
    ).json();
    expect(rep.code).toBe(1);
    expect(rep.issued).toBeGreaterThan(0);
    expect(rep.spent).toBeGreaterThan(0);
    const users = await t.db.db.select({ p: macUser.user_points }).from(macUser);
    expect(rep.outstanding).toBe(users.reduce((a, r) => a + r.p, 0));
    const checkin = rep.by_type.find((x: { plog_type: number }) => x.plog_type === 10);
    expect(checkin.issued).toBeGreaterThanOrEqual(10);
    expect((await t.app.inject({ url: '/api/admin/points/report' })).statusCode).toBe(401);
  });
});

describe('tasks that cannot be completed are not offered', () => {
  const keysOf = async (u: TestUser) =>
    ((await get(u, '/api/points/task')).json().tasks as { task_key: string }[]).map((x) => x.task_key);

  it('offers the comment task (paid by the server when a comment is posted, never by setPlog) and save_qr', async () => {
    const u = await makeUser(t);
    const keys = await keysOf(u);
    expect(keys).toContain('checkin');
    expect(keys).toContain('comment');
    // "Save promotion QR" is offered, but paid only by the poster's download (modules/poster), never by setPlog.
    expect(keys).toContain('save_qr');
    const qr = await get(u, '/api/points/plog?type=23&id=1');
    expect(qr.statusCode).toBe(400);
    expect(qr.json().msg).toBe('This reward is given automatically');
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id));
    expect(row?.user_points).toBe(0);
  });

  it('offers the ad-click task only while an ad slot with an ad is on, and never to a VIP', async () => {
    const admin = await t.adminHeaders();
    const setAds = async (list: number[]) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/app-config',
        headers: admin,
        payload: { ads: { list, showGoogle: false, showVipAd: false } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const u = await makeUser(t);
    await setAds([]);
    expect(await keysOf(u)).not.toContain('ad_click');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ads',
      headers: admin,
      payload: { ad_name: 'task banner', ad_local_type: 2, ad_type: 1, ad_pic_url: '/media/ads/t.png' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // An ad but its slot switched off: still nothing to click.
    expect(await keysOf(u)).not.toContain('ad_click');
    await setAds([2]);
    expect(await keysOf(u)).toContain('ad_click');
    await t.db.db.update(macUser).set({ group_id: 3 }).where(eq(macUser.user_id, u.user.user_id));
    expect(await keysOf(u)).not.toContain('ad_click');
    await setAds([]);
  });
});
