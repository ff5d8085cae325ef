/**
 * The social module through its routes (friendAdd, friendDel, friendCheck, friendCount, friendList,
 * publicUserInfo, digg, diggState, shortUrl, openShortUrl): follow rules and counts, lists, the homepage, the guest
 * account and tourist refusals, per-member rate limits, the like toggle with `vod_up`, short links (refusal of
 * targets outside the app, redirect, opens), the share task paid once per page a day through `share.created`, and
 * account deletion removing follows both ways. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { guestCredentials, TASK_PLOG } from '@openvod/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macPlog, macUser, macVod } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { processDeletions, requestDeletion } from '../accounts/accounts.service.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { canonicalSharePath } from './social.service.ts';

const PUBLIC_URL = 'https://tv.example.com';
let t: TestApp;
let clock = new Date('2026-11-22T02:00:00Z'); // 10:00 in Asia/Shanghai

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  t.app.services.points.now = () => clock;
});
afterAll(async () => {
  await t?.close();
});

const get = (u: TestUser | undefined, url: string, lang = 'en-us', ip = nextIp()) =>
  t.app.inject({ method: 'GET', url, headers: { ...(u?.headers ?? {}), 'accept-language': lang }, remoteAddress: ip });
const follow = (u: TestUser, target: number) => get(u, `/api/friends/add?userId=${target}`);
const unfollow = (u: TestUser, target: number) => get(u, `/api/friends/del?userId=${target}`);
const counts = async (id: number) => {
  const r = await get(undefined, `/api/friends/count?userId=${id}`);
  expect(r.statusCode, r.body).toBe(200);
  const { attent, fan } = r.json();
  return { attent, fan };
};
const shorten = (u: TestUser | undefined, url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/short-url',
    headers: { ...(u?.headers ?? {}), 'accept-language': 'en-us' },
    payload: { url },
    remoteAddress: nextIp(),
  });
async function newVod(name = 'Like me') {
  const [vod] = await t.db.db
    .insert(macVod)
    .values({ vod_name: name, type_id: 1, type_id_1: 0 })
    .returning({ vod_id: macVod.vod_id });
  return vod?.vod_id ?? 0;
}

describe('follows', () => {
  it('follows, unfollows, counts both sides and refuses self, unknown, repeats and tourists', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const add = await follow(a, b.user.user_id);
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().info).toEqual({ user_id: b.user.user_id, is_follow: true, attent: 0, fan: 1 });
    expect(await counts(a.user.user_id)).toEqual({ attent: 1, fan: 0 });
    expect(await counts(b.user.user_id)).toEqual({ attent: 0, fan: 1 });
    expect((await get(a, `/api/friends/check?userId=${b.user.user_id}`)).json().info.is_follow).toBe(true);
    expect((await get(b, `/api/friends/check?userId=${a.user.user_id}`)).json().info.is_follow).toBe(false);

    const again = await follow(a, b.user.user_id);
    expect([again.statusCode, again.json().msg]).toEqual([409, 'Do not repeat the operation']);
    const self = await follow(a, a.user.user_id);
    expect([self.statusCode, self.json().msg]).toEqual([400, 'You cannot follow yourself']);
    const unknown = await get(a, '/api/friends/add?userId=99999999', 'zh-cn');
    expect([unknown.statusCode, unknown.json().msg]).toEqual([404, '该用户不存在或已注销']);
    expect((await get(undefined, '/api/friends/count?userId=99999999')).statusCode).toBe(404);
    expect((await get(undefined, `/api/friends/add?userId=${b.user.user_id}`)).statusCode).toBe(401);
    const bad = await get(a, '/api/friends/add?userId=abc');
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'userId']);

    const del = await unfollow(a, b.user.user_id);
    expect(del.json().info).toEqual({ user_id: b.user.user_id, is_follow: false, attent: 0, fan: 0 });
    const delAgain = await unfollow(a, b.user.user_id);
    expect([delAgain.statusCode, delAgain.json().msg]).toEqual([409, 'Do not repeat the operation']);
    expect(await counts(a.user.user_id)).toEqual({ attent: 0, fan: 0 });
  });

  it("a device's guest account must sign in before following", async () => {
    const device = `social-device-${Date.now()}`;
    const guest = guestCredentials(device);
    const g = await makeUser(t, { user_name: guest.user_name, password: guest.user_pwd });
    await t.db.db.update(macUser).set({ user_device_id: device }).where(eq(macUser.user_id, g.user.user_id));
    const b = await makeUser(t);
    const r = await follow(g, b.user.user_id);
    expect([r.statusCode, r.json().code, r.json().msg]).toEqual([403, 1401, 'Unauthorized, please log in']);
    expect((await get(g, `/api/vod/1/digg`)).statusCode).toBe(403);
    expect((await counts(b.user.user_id)).fan).toBe(0);
  });

  it('lists my follows and fans, newest first and paged, with follow-back state', async () => {
    const me = await makeUser(t);
    const others = await Promise.all([1, 2, 3].map(() => makeUser(t)));
    for (const o of others) expect((await follow(me, o.user.user_id)).statusCode).toBe(200);
    expect((await follow(others[0] as TestUser, me.user.user_id)).statusCode).toBe(200);
    expect((await follow(others[2] as TestUser, me.user.user_id)).statusCode).toBe(200);

    const att = (await get(me, '/api/friends?type=attention&limit=2')).json();
    expect(att).toMatchObject({ code: 1, total: 3, page: 1, pagecount: 2, limit: 2 });
    expect(att.list.map((x: { user_id: number }) => x.user_id)).toEqual([
      others[2]?.user.user_id,
      others[1]?.user.user_id,
    ]);
    expect(att.list[0]).toMatchObject({ is_follow: true, group_name: expect.any(String) });
    expect(att.list[0].user_nick_name).toBe(others[2]?.user.user_name);
    const page2 = (await get(me, '/api/friends?type=attention&limit=2&page=2')).json();
    expect(page2.list.map((x: { user_id: number }) => x.user_id)).toEqual([others[0]?.user.user_id]);

    const fans = (await get(me, '/api/friends?type=fan')).json();
    expect(fans.total).toBe(2);
    expect(fans.list.map((x: { user_id: number }) => x.user_id)).toEqual([
      others[2]?.user.user_id,
      others[0]?.user.user_id,
    ]);
    expect(fans.list.every((x: { is_follow: boolean }) => x.is_follow)).toBe(true);
    // A fan I do not follow back.
    expect((await unfollow(me, others[0]?.user.user_id ?? 0)).statusCode).toBe(200);
    const fans2 = (await get(me, '/api/friends?type=fan')).json();
    expect(fans2.list.map((x: { is_follow: boolean }) => x.is_follow)).toEqual([true, false]);
    expect((await get(undefined, '/api/friends?type=fan')).statusCode).toBe(401);
  });

  it('shows a homepage with group, counts, follow state and no region before one is saved', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await t.db.db.update(macUser).set({ user_nick_name: 'Bee <b>' }).where(eq(macUser.user_id, b.user.user_id));
    await follow(a, b.user.user_id);
    const seen = await get(a, `/api/users/${b.user.user_id}/public`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().info).toMatchObject({
      user_id: b.user.user_id,
      user_nick_name: 'Bee <b>',
      group_id: 2,
      attent: 0,
      fan: 1,
      is_follow: true,
      is_self: false,
      region: null,
    });
    expect(seen.json().info.group_name.length).toBeGreaterThan(0);
    const tourist = (await get(undefined, `/api/users/${b.user.user_id}/public`)).json().info;
    expect([tourist.is_follow, tourist.is_self]).toEqual([false, false]);
    expect((await get(b, `/api/users/${b.user.user_id}/public`)).json().info.is_self).toBe(true);
    expect((await get(a, '/api/users/99999999/public')).statusCode).toBe(404);
  });

  it("shows the member's region saved through the places module", async () => {
    const b = await makeUser(t);
    const region = { name: 'Bund', address: 'Zhongshan Rd', latitude: 31.24, longitude: 121.49 };
    await t.app.services.places.saveRegion({ user_id: b.user.user_id, guest: false }, region);
    const res = await get(undefined, `/api/users/${b.user.user_id}/public`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().info.region).toEqual(region);
  });

  it('limits follows per member: 429 Please do not operate frequently', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = i % 2 === 0 ? await follow(a, b.user.user_id) : await unfollow(a, b.user.user_id);
      codes.push(r.statusCode);
      if (r.statusCode === 429) expect(r.json().msg).toBe('Please do not operate frequently');
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(codes.slice(30)).toEqual([429, 429]);
  });

  it('account deletion removes the member’s follows both ways', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const c = await makeUser(t);
    await follow(a, b.user.user_id);
    await follow(b, a.user.user_id);
    await follow(c, b.user.user_id);
    await requestDeletion(t.db.db, b.user.user_id, { now: new Date(Date.now() - 10 * 86_400_000) });
    expect(
      await processDeletions(t.db.db, new Date(), { handlers: t.app.services.accounts.deletionHandlers }),
    ).toBeGreaterThanOrEqual(1);
    expect(await counts(a.user.user_id)).toEqual({ attent: 0, fan: 0 });
    expect(await counts(c.user.user_id)).toEqual({ attent: 0, fan: 0 });
    expect((await get(undefined, `/api/users/${b.user.user_id}/public`)).statusCode).toBe(404);
    expect((await follow(a, b.user.user_id)).statusCode).toBe(404);
  });
});

describe('digg (likes of titles)', () => {
  it('likes once per member, takes it back, keeps vod_up, and answers the caller state', async () => {
    const vod = await newVod();
    const a = await makeUser(t);
    const b = await makeUser(t);
    const like = (u: TestUser, cancel = 0) => get(u, `/api/vod/${vod}/digg?cancel=${cancel}`);
    expect((await like(a)).json().info).toEqual({ vod_id: vod, vod_up: 1, digg: true });
    expect((await like(a)).json().info).toEqual({ vod_id: vod, vod_up: 1, digg: true });
    expect((await like(b)).json().info.vod_up).toBe(2);
    expect((await get(a, `/api/vod/${vod}/digg/state`)).json().info).toEqual({ vod_id: vod, vod_up: 2, digg: true });
    expect((await get(undefined, `/api/vod/${vod}/digg/state`)).json().info.digg).toBe(false);
    expect((await like(a, 1)).json().info).toEqual({ vod_id: vod, vod_up: 1, digg: false });
    expect((await like(a, 1)).json().info.vod_up).toBe(1);
    const [row] = await t.db.db.select({ up: macVod.vod_up }).from(macVod).where(eq(macVod.vod_id, vod));
    expect(row?.up).toBe(1);
    expect((await get(undefined, `/api/vod/${vod}/digg`)).statusCode).toBe(401);
    expect((await get(a, '/api/vod/99999999/digg')).statusCode).toBe(404);
    expect((await get(a, '/api/vod/99999999/digg/state')).statusCode).toBe(404);
  });

  it('concurrent likes by one member count once', async () => {
    const vod = await newVod();
    const a = await makeUser(t);
    const rs = await Promise.all(Array.from({ length: 20 }, () => get(a, `/api/vod/${vod}/digg`)));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const [row] = await t.db.db.select({ up: macVod.vod_up }).from(macVod).where(eq(macVod.vod_id, vod));
    expect(row?.up).toBe(1);
  });
});

describe('short links and the share task', () => {
  it('accepts only pages of this app', () => {
    expect(canonicalSharePath('/pages/detail/mov-detail?id=12')).toBe('/pages/detail/mov-detail?id=12');
    expect(canonicalSharePath('/pages/me/friend-info?id=3')).toBe('/pages/me/friend-info?id=3');
    expect(canonicalSharePath('/pages/home/index')).toBe('/pages/home/index');
    for (const bad of [
      'https://evil.example.com/',
      '//evil.example.com',
      '/\\evil.example.com',
      'javascript:alert(1)',
      '/pages/detail/mov-detail?id=<script>',
      '/pages/detail/mov-detail?id=1#x',
      '/pages/login/index?redirect=x',
      '/pages/detail/mov-detail?next=https://evil.example.com',
      '/api/admin/users',
    ])
      expect(canonicalSharePath(bad), bad).toBeUndefined();
  });

  it('gives /s/<code>, reuses it for the same page, redirects into the app and counts opens', async () => {
    const u = await makeUser(t);
    const r = await shorten(u, '/pages/detail/mov-detail?id=12');
    expect(r.statusCode, r.body).toBe(200);
    const info = r.json().info;
    expect(info.path).toBe('/pages/detail/mov-detail?id=12');
    expect(info.url).toBe(`${PUBLIC_URL}/s/${info.code}`);
    expect(info.code).toMatch(/^[A-Za-z0-9]{8}$/);
    expect((await shorten(u, '/pages/detail/mov-detail?id=12')).json().info.code).toBe(info.code);
    expect((await shorten(u, '/pages/detail/mov-detail?id=13')).json().info.code).not.toBe(info.code);
    // The feeds' items: a small video and a playlet's episode.
    for (const page of ['/pages/detail/small-detail?id=12', '/pages/playlet/playlet-detail?id=12&nid=3'])
      expect((await shorten(u, page)).json().info.path).toBe(page);

    for (let i = 0; i < 2; i++) {
      const open = await t.app.inject({ method: 'GET', url: `/s/${info.code}`, remoteAddress: nextIp() });
      expect(open.statusCode).toBe(302);
      expect(open.headers.location).toBe('/#/pages/detail/mov-detail?id=12');
    }
    const { shortOpens } = await import('./social.repo.ts');
    expect(await shortOpens(t.db.db, info.code)).toBe(2);
    const missing = await t.app.inject({ method: 'GET', url: '/s/nothere1', headers: { 'accept-language': 'en-us' } });
    expect([missing.statusCode, missing.json().msg]).toEqual([404, 'This short link does not exist']);
  });

  it('refuses links outside the app in the envelope, and tourists', async () => {
    const u = await makeUser(t);
    const evil = await shorten(u, 'https://evil.example.com/phish');
    expect([evil.statusCode, evil.json().msg, evil.json().field]).toEqual([
      400,
      'Only pages of this app can be shared',
      'url',
    ]);
    expect((await shorten(undefined, '/pages/home/index')).statusCode).toBe(401);
  });

  it('pays the share task to a member once per page a day, up to the daily count', async () => {
    const u = await makeUser(t);
    const plogs = () =>
      t.db.db
        .select()
        .from(macPlog)
        .where(and(eq(macPlog.user_id, u.user.user_id), eq(macPlog.plog_type, TASK_PLOG.share)));
    await shorten(u, '/pages/detail/mov-detail?id=21');
    await shorten(u, '/pages/detail/mov-detail?id=21');
    expect(await plogs()).toHaveLength(1);
    for (const id of [22, 23, 24]) await shorten(u, `/pages/detail/mov-detail?id=${id}`);
    // The operator's daily count (num 3) caps the day.
    expect(await plogs()).toHaveLength(3);
    const task = (await get(u, '/api/points/task')).json();
    const share = task.tasks.find((x: { plog_type: number }) => x.plog_type === TASK_PLOG.share);
    expect(share).toMatchObject({ count: 3, num: 3 });
    clock = new Date('2026-11-23T02:00:00Z');
    await shorten(u, '/pages/detail/mov-detail?id=21');
    expect(await plogs()).toHaveLength(4);
    // setPlog no longer takes the client's word for a share.
    expect((await get(u, '/api/points/plog?type=21&id=5')).statusCode).toBe(400);
  });
});

describe('the envelope of each route', () => {
  it('answers bad input and missing sessions in the envelope, never a 5xx', async () => {
    const statusOf = async (p: Promise<{ statusCode: number; json(): { code: number; msg: string } }>) => {
      const r = await p;
      expect(typeof r.json().msg).toBe('string');
      return r.statusCode;
    };
    expect(await statusOf(t.app.inject('/api/friends?type=enemies'))).toBe(400);
    expect(await statusOf(t.app.inject('/api/friends/count'))).toBe(400);
    expect(await statusOf(t.app.inject('/api/friends/check?userId=1'))).toBe(401);
    expect(await statusOf(t.app.inject('/api/friends/add?userId=1'))).toBe(401);
    expect(await statusOf(t.app.inject('/api/friends/del?userId=1'))).toBe(401);
    expect(await statusOf(t.app.inject('/api/users/0/public'))).toBe(400);
    expect(await statusOf(t.app.inject('/api/vod/x/digg'))).toBe(400);
    expect(await statusOf(t.app.inject('/api/vod/x/digg/state'))).toBe(400);
    expect(await statusOf(t.app.inject({ method: 'POST', url: '/api/short-url', payload: {} }))).toBe(400);
    expect(await statusOf(t.app.inject('/s/%3Cscript%3E'))).toBe(404);
  });
});
