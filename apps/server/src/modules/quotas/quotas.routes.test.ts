/**
 * Quotas through HTTP (issue 7 item 2): the free-view rule inside ajaxUlog `ac=set` (free views per group and
 * operator day, guests on the guest group's quota, VIP and tourist mode unmetered, existing records and replays
 * free, extra views from the ledger, reset at the operator's midnight), checkBuyPopedom (rights, prices, reasons,
 * choices) and ajaxBuyPopedom (points debit once, insufficient balance, VIP). PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
import { guestCredentials, QUOTA_CODE } from '@openvod/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.ts';
import { macGroup, macPlog, macType, macUlog, macUser, macVod, pointsQuota } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';

let t: TestApp;
let admin: Record<string, string>;
// 10:00 in Asia/Shanghai; tests move it across the operator's midnight.
let clock = new Date('2026-11-22T02:00:00Z');
let top = 0;
let vodSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.points.now = () => clock;
  admin = await t.adminHeaders();
  const [type] = await t.db.db.insert(macType).values({ type_name: 'Quota films' }).returning();
  top = type?.type_id ?? 0;
  expect(top).toBeGreaterThan(0);
  await t.db.db.update(macGroup).set({ group_type: String(top), group_popedom: {} });
  await setQuota(1, 1, 0);
  await setQuota(2, 2, 1);
});
afterAll(async () => {
  await t?.close();
});

async function setQuota(group: number, views: number, downloads: number) {
  await t.db.db
    .insert(pointsQuota)
    .values({ group_id: group, free_views: views, free_downloads: downloads })
    .onConflictDoUpdate({ target: pointsQuota.group_id, set: { free_views: views, free_downloads: downloads } });
}

async function newVod(prices: { play?: number; down?: number } = {}, typeId = top): Promise<number> {
  vodSeq++;
  const [row] = await t.db.db
    .insert(macVod)
    .values({
      type_id: typeId,
      vod_play_from: 'ovhls',
      vod_play_url: `EP1$https://cdn.example.net/q/${vodSeq}/1.m3u8#EP2$https://cdn.example.net/q/${vodSeq}/2.m3u8`,
      type_id_1: 0,
      vod_name: `Quota film ${vodSeq}`,
      vod_points_play: prices.play ?? 0,
      vod_points_down: prices.down ?? 0,
    })
    .returning({ id: macVod.vod_id });
  return row?.id as number;
}

const headersOf = (u?: TestUser) => ({ ...(u?.headers ?? {}), 'accept-language': 'en-us' });
const play = (u: TestUser, id: number, extra = '') =>
  t.app.inject({
    url: `/api/user/ulog?ac=set&type=4&id=${id}&sid=1&nid=1${extra}`,
    headers: headersOf(u),
    remoteAddress: nextIp(),
  });
const download = (u: TestUser, id: number, nid: number) =>
  t.app.inject({
    url: `/api/user/ulog?ac=set&type=5&id=${id}&sid=1&nid=${nid}`,
    headers: headersOf(u),
    remoteAddress: nextIp(),
  });
const check = async (u: TestUser | undefined, id: number, type = 4) => {
  const res = await t.app.inject({ url: `/api/popedom?id=${id}&type=${type}`, headers: headersOf(u) });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const buy = (u: TestUser, id: number, type = 4) =>
  t.app.inject({ url: `/api/popedom/buy?id=${id}&type=${type}`, headers: headersOf(u), remoteAddress: nextIp() });
const usedViews = async (u: TestUser) => {
  const { total, has } = (await t.app.inject({ url: '/api/points/task', headers: u.headers })).json().single.freewatch;
  return { total, has };
};
const extraViews = (u: TestUser) => t.app.services.ledger.balance(t.db.db, u.user.user_id, 'views');
const setPoints = (u: TestUser, n: number) =>
  t.db.db.update(macUser).set({ user_points: n }).where(eq(macUser.user_id, u.user.user_id));

describe('the free-view rule in ajaxUlog', () => {
  it('a member plays its free views, is then blocked with the three choices, and replays watched titles', async () => {
    const u = await makeUser(t);
    const [a, b, c] = [await newVod(), await newVod(), await newVod()];
    expect(await check(u, a)).toMatchObject({ allowed: true, reason: 'free', free: { total: 2, used: 0 } });
    expect((await play(u, a)).statusCode).toBe(200);
    // Progress syncs of the same title take nothing.
    expect((await play(u, a, '&progress=30&duration=600')).statusCode).toBe(200);
    expect(await usedViews(u)).toEqual({ total: 2, has: 1 });
    expect((await play(u, b)).statusCode).toBe(200);
    expect(await usedViews(u)).toEqual({ total: 2, has: 2 });

    const blocked = await check(u, c);
    expect(blocked).toMatchObject({
      allowed: false,
      reason: 'blocked',
      choices: ['ad', 'login', 'vip'],
      logged_in: true,
      guest: false,
      extra: 0,
    });
    const refused = await play(u, c);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: QUOTA_CODE.quotaUsedUp });
    expect(refused.json().msg).toMatch(/watch an ad, log in or become VIP/);
    // Nothing was written for the refused title.
    const rows = await t.db.db
      .select()
      .from(macUlog)
      .where(and(eq(macUlog.user_id, u.user.user_id), eq(macUlog.ulog_rid, c)));
    expect(rows).toEqual([]);
    // A title with a record plays again (spec: "no existing record" is a condition of the block).
    expect(await check(u, a)).toMatchObject({ allowed: true, reason: 'existed' });
    expect((await play(u, a)).statusCode).toBe(200);
    expect(await usedViews(u)).toEqual({ total: 2, has: 2 });
    // The message is in the caller's language.
    const zh = await t.app.inject({
      url: `/api/user/ulog?ac=set&type=4&id=${c}`,
      headers: { ...u.headers, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().msg).toContain('今日免费次数已用完');
  });

  it('removing a record and replaying the write on the same day costs nothing and grants nothing new', async () => {
    const u = await makeUser(t);
    const [a, b, c] = [await newVod(), await newVod(), await newVod()];
    await play(u, a);
    await play(u, b);
    const cancel = await t.app.inject({ url: `/api/user/ulog?ac=set&type=4&id=${a}&cancel=1`, headers: u.headers });
    expect(cancel.json().existed).toBe(true);
    expect((await play(u, a)).statusCode).toBe(200); // already paid for today
    expect(await usedViews(u)).toEqual({ total: 2, has: 2 });
    expect((await play(u, c)).statusCode).toBe(403);
  });

  it('extra views bought with points are used after the free ones, once per title and day', async () => {
    const u = await makeUser(t);
    const [a, b, c, d] = [await newVod(), await newVod(), await newVod(), await newVod()];
    await play(u, a);
    await play(u, b);
    expect((await play(u, c)).statusCode).toBe(403);
    // Points exchange for a view (exchangeNumber, 10 points a view by default).
    await setPoints(u, 10);
    const ex = await t.app.inject({
      method: 'POST',
      url: '/api/points/exchange',
      headers: u.headers,
      payload: { type: 'view', count: 1, key: `quota-test-${u.user.user_id}` },
    });
    expect(ex.statusCode).toBe(200);
    expect(await extraViews(u)).toBe(1);
    expect(await check(u, c)).toMatchObject({ allowed: true, reason: 'extra', extra: 1 });
    expect((await play(u, c)).statusCode).toBe(200);
    expect(await extraViews(u)).toBe(0);
    // A replay of the same write takes nothing more; another title is blocked again.
    expect((await play(u, c)).statusCode).toBe(200);
    expect(await extraViews(u)).toBe(0);
    expect((await play(u, d)).statusCode).toBe(403);
    const journal = rowsOf<{ n: number; s: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as n, coalesce(sum(amount), 0)::int as s from ledger_entry
            where user_id = ${u.user.user_id} and asset = 'views'`,
      ),
    );
    expect(journal[0]).toEqual({ n: 2, s: 0 });
  });

  it("free views reset at the operator's midnight, whatever the client sends", async () => {
    const u = await makeUser(t);
    const [a, b, c] = [await newVod(), await newVod(), await newVod()];
    const saved = clock;
    try {
      clock = new Date('2026-11-22T15:59:59Z'); // 23:59:59 in Shanghai
      await play(u, a);
      await play(u, b);
      expect((await play(u, c)).statusCode).toBe(403);
      clock = new Date('2026-11-22T16:00:00Z'); // 00:00 the next operator day (still the 22nd in UTC)
      expect(await usedViews(u)).toEqual({ total: 2, has: 0 });
      expect((await play(u, c)).statusCode).toBe(200);
      expect(await usedViews(u)).toEqual({ total: 2, has: 1 });
    } finally {
      clock = saved;
    }
  });

  it('downloads are counted per episode against the free downloads', async () => {
    const u = await makeUser(t);
    const a = await newVod();
    expect(await check(u, a, 5)).toMatchObject({ allowed: true, reason: 'free', free: { total: 1, used: 0 } });
    expect((await download(u, a, 1)).statusCode).toBe(200);
    expect((await download(u, a, 1)).statusCode).toBe(200); // the same episode again
    const second = await download(u, a, 2);
    expect(second.statusCode).toBe(403);
    expect(second.json().code).toBe(QUOTA_CODE.quotaUsedUp);
  });

  it("the device's guest account is metered on the guest group's quota and offered to log in", async () => {
    const device = `quota-device-${Date.now()}`;
    const guest = guestCredentials(device);
    const g = await makeUser(t, { user_name: guest.user_name, password: guest.user_pwd });
    await t.db.db.update(macUser).set({ user_device_id: device }).where(eq(macUser.user_id, g.user.user_id));
    const [a, b] = [await newVod(), await newVod()];
    expect(await check(g, a)).toMatchObject({ guest: true, logged_in: true, free: { total: 1, used: 0 } });
    expect((await play(g, a)).statusCode).toBe(200);
    expect(await check(g, b)).toMatchObject({ allowed: false, reason: 'blocked', guest: true });
    expect((await play(g, b)).statusCode).toBe(403);
    // getTask reports the same quota the guest is metered on (group 1's 1 view), not its group's (2).
    expect(await usedViews(g)).toEqual({ total: 1, has: 1 });
    // Binding a phone makes it a member: the member quota (2) applies.
    await t.db.db.update(macUser).set({ user_phone: '13800138000' }).where(eq(macUser.user_id, g.user.user_id));
    expect(await check(g, b)).toMatchObject({ guest: false, reason: 'free', free: { total: 2, used: 1 } });
  });

  it('VIPs and tourist mode are never blocked or counted; no session must sign in outside tourist mode', async () => {
    const vip = await makeUser(t, { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86400 });
    const ids = [await newVod(), await newVod(), await newVod()];
    for (const id of ids) expect((await play(vip, id)).statusCode).toBe(200);
    expect(await check(vip, await newVod())).toMatchObject({ allowed: true, reason: 'vip' });
    expect(await check(undefined, ids[0] as number)).toMatchObject({
      allowed: false,
      reason: 'login',
      choices: ['login'],
      logged_in: false,
      guest: true,
    });

    const u = await makeUser(t);
    const more = [await newVod(), await newVod(), await newVod()];
    const edit = (patch: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/app-config', headers: admin, payload: patch });
    expect((await edit({ tourist_state: '1' })).statusCode).toBe(200);
    try {
      for (const id of more) expect((await play(u, id)).statusCode).toBe(200);
      expect(await usedViews(u)).toEqual({ total: 2, has: 0 });
      expect(await check(undefined, ids[0] as number)).toMatchObject({ allowed: true, reason: 'tourist' });
    } finally {
      expect((await edit({ tourist_state: '0' })).statusCode).toBe(200);
    }
    expect((await play(u, await newVod())).statusCode).toBe(200);
    expect(await usedViews(u)).toEqual({ total: 2, has: 1 });
  });

  it("refuses play and download without the group's right of the category", async () => {
    const u = await makeUser(t);
    const a = await newVod();
    await t.db.db
      .update(macGroup)
      .set({ group_popedom: { [String(top)]: [1, 2, 3] } })
      .where(eq(macGroup.group_id, 2));
    t.app.services.quotas.forgetGroupRights();
    try {
      expect(await check(u, a, 4)).toMatchObject({ allowed: true });
      expect(await check(u, a, 5)).toMatchObject({ allowed: false, reason: 'no_right', choices: ['vip'] });
      // getDetail withholds the play data of a category the group may not open at all.
      await t.db.db.update(macGroup).set({ group_type: '' }).where(eq(macGroup.group_id, 2));
      t.app.services.content.invalidate();
      t.app.services.quotas.forgetGroupRights();
      expect(await check(u, a, 4)).toMatchObject({ allowed: false, reason: 'no_right' });
      const detail = (await t.app.inject({ url: `/api/vod/${a}`, headers: u.headers })).json();
      expect(detail.info?.sources ?? []).toEqual([]);
    } finally {
      await t.db.db
        .update(macGroup)
        .set({ group_popedom: {}, group_type: String(top) })
        .where(eq(macGroup.group_id, 2));
      t.app.services.content.invalidate();
      t.app.services.quotas.forgetGroupRights();
    }
    const missing = await t.app.inject({ url: '/api/popedom?id=99999999&type=4' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/popedom?id=1&type=3', headers: { 'accept-language': 'en-us' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('type');
  });

  it("keeps a group's rights in this process until forgetGroupRights", async () => {
    const u = await makeUser(t);
    const a = await newVod();
    expect(await check(u, a, 4)).toMatchObject({ allowed: true });
    await t.db.db
      .update(macGroup)
      .set({ group_popedom: { [String(top)]: [1, 2] } })
      .where(eq(macGroup.group_id, 2));
    try {
      // The rights read above are kept: the change behind the service's back is not seen yet.
      expect(await check(u, a, 4)).toMatchObject({ allowed: true });
      t.app.services.quotas.forgetGroupRights();
      expect(await check(u, a, 4)).toMatchObject({ allowed: false, reason: 'no_right' });
    } finally {
      await t.db.db.update(macGroup).set({ group_popedom: {} }).where(eq(macGroup.group_id, 2));
      t.app.services.quotas.forgetGroupRights();
    }
    expect(await check(u, a, 4)).toMatchObject({ allowed: true });
  });
});

describe('checkBuyPopedom and ajaxBuyPopedom (points-priced titles)', () => {
  it('a priced title needs a purchase; it is bought once with points and then plays without a free view', async () => {
    const u = await makeUser(t);
    const a = await newVod({ play: 7 });
    expect(await check(undefined, a)).toMatchObject({ allowed: false, reason: 'login', price: 7 });
    expect(await check(u, a)).toMatchObject({ allowed: false, reason: 'buy', price: 7, choices: ['points', 'vip'] });
    const refused = await play(u, a);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: QUOTA_CODE.buyRequired, msg: 'This title costs 7 points' });

    await setPoints(u, 5);
    const short = await buy(u, a);
    expect(short.statusCode).toBe(400);
    expect((await check(u, a)).bought).toBe(false);

    await setPoints(u, 12);
    const first = await buy(u, a);
    expect(first.json()).toMatchObject({ code: 1, bought: true, paid: 7, user_points: 5 });
    const again = await buy(u, a);
    expect(again.json()).toMatchObject({ code: 1, bought: true, paid: 0, user_points: 5 });
    const parallel = await Promise.all([buy(u, a), buy(u, a), buy(u, a)]);
    expect(parallel.map((r) => r.json().paid)).toEqual([0, 0, 0]);
    const plogs = await t.db.db.select().from(macPlog).where(eq(macPlog.user_id, u.user.user_id));
    expect(plogs.filter((p) => p.plog_type === 8).map((p) => p.plog_points)).toEqual([-7]);

    expect(await check(u, a)).toMatchObject({ allowed: true, reason: 'bought', bought: true });
    expect((await play(u, a)).statusCode).toBe(200);
    expect(await usedViews(u)).toEqual({ total: 2, has: 0 });
    // The purchase row stays when the watch record is removed.
    await t.app.inject({ url: `/api/user/ulog?ac=set&type=4&id=${a}&cancel=1`, headers: u.headers });
    expect((await check(u, a)).bought).toBe(true);
    // Download access is priced and bought separately.
    expect(await check(u, a, 5)).toMatchObject({ reason: 'free', price: 0 });
  });

  it('the operator prices a title in the console; getDetail and checkBuyPopedom show the price', async () => {
    const u = await makeUser(t);
    const a = await newVod();
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/vods/${a}`, headers: admin, payload });
    const priced = await patch({ vod_points_play: 9, vod_points_down: 4 });
    expect(priced.statusCode).toBe(200);
    expect(priced.json().info).toMatchObject({ vod_points_play: 9, vod_points_down: 4 });
    expect((await t.app.inject({ url: `/api/vod/${a}`, headers: u.headers })).json().info).toMatchObject({
      vod_points_play: 9,
      vod_points_down: 4,
    });
    expect(await check(u, a, 4)).toMatchObject({ reason: 'buy', price: 9 });
    expect(await check(u, a, 5)).toMatchObject({ reason: 'buy', price: 4 });
    const negative = await patch({ vod_points_play: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().field).toBe('vod_points_play');
    expect((await patch({ vod_points_play: 0 })).statusCode).toBe(200);
    expect(await check(u, a, 4)).toMatchObject({ reason: 'free', price: 0 });
  });

  it('free titles and VIPs need no purchase', async () => {
    const u = await makeUser(t);
    const free = await buy(u, await newVod());
    expect(free.statusCode).toBe(400);
    expect(free.json().msg).toBe('This title does not need to be bought');
    const vip = await makeUser(t, { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86400 });
    const priced = await newVod({ play: 3 });
    expect(await check(vip, priced)).toMatchObject({ allowed: true, reason: 'vip', price: 3 });
    expect((await buy(vip, priced)).statusCode).toBe(400);
    expect((await play(vip, priced)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/popedom/buy?id=${priced}&type=4` })).statusCode).toBe(401);
  });
});

describe('the play gate of getDetail (play addresses only once a view is taken)', () => {
  const detail = async (u: TestUser | undefined, id: number) => {
    const res = await t.app.inject({ url: `/api/vod/${id}`, headers: headersOf(u) });
    expect(res.statusCode).toBe(200);
    return res.json().info;
  };
  const urlsOf = (info: { sources: Array<{ episodes: Array<{ url: string }> }> }) =>
    info.sources.flatMap((s) => s.episodes.map((e) => e.url));
  const expectLocked = (info: Record<string, unknown> & { sources: Array<{ episodes: Array<{ url: string }> }> }) => {
    expect(info).toMatchObject({ permission: 1, play_locked: 1, vod_play_url: '' });
    expect(urlsOf(info)).toEqual(['', '']);
  };
  const expectOpen = (info: Record<string, unknown> & { sources: Array<{ episodes: Array<{ url: string }> }> }) => {
    expect(info).toMatchObject({ permission: 1, play_locked: 0 });
    expect(urlsOf(info)).toHaveLength(2);
    expect(urlsOf(info).every((u) => u.startsWith('https://cdn.example.net/q/'))).toBe(true);
  };

  it('a member gets episode names without addresses until the watch entry takes a view; the lines stay', async () => {
    const u = await makeUser(t);
    const id = await newVod();
    const locked = await detail(u, id);
    expectLocked(locked);
    expect(locked.sources[0]).toMatchObject({ sid: 1, from: 'ovhls' });
    expect(locked.sources[0].episodes.map((e: { name: string }) => e.name)).toEqual(['EP1', 'EP2']);
    expect((await play(u, id)).statusCode).toBe(200);
    expectOpen(await detail(u, id));
    // Another member, and no session at all (tourist mode off), still get nothing to play.
    expectLocked(await detail(await makeUser(t), id));
    expectLocked(await detail(undefined, id));
  });

  it('keeps a found watch record, and locks the title again at once when the viewer removes the record', async () => {
    const u = await makeUser(t);
    const id = await newVod();
    expect((await play(u, id)).statusCode).toBe(200);
    expectOpen(await detail(u, id));
    expectOpen(await detail(u, id));
    // The record removed behind the server's back: the found record is kept (no query), the title stays open.
    await t.db.db.execute(sql`delete from mac_ulog where user_id = ${u.user.user_id} and ulog_rid = ${id}`);
    expectOpen(await detail(u, id));
    // Removed by the viewer through ajaxUlog (cancel): every process forgets what it found (the 'ulog' topic).
    expect((await play(u, id)).statusCode).toBe(200);
    const cancel = await t.app.inject({
      url: `/api/user/ulog?ac=set&type=4&id=${id}&cancel=1`,
      headers: headersOf(u),
      remoteAddress: nextIp(),
    });
    expect(cancel.json()).toMatchObject({ code: 1, existed: true });
    expectLocked(await detail(u, id));
  });

  it('a user with no view left stays locked (skipping the refused entry write gains nothing)', async () => {
    const u = await makeUser(t);
    const [a, b, c] = [await newVod(), await newVod(), await newVod()];
    expect((await play(u, a)).statusCode).toBe(200);
    expect((await play(u, b)).statusCode).toBe(200);
    const refused = await play(u, c);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(QUOTA_CODE.quotaUsedUp);
    expectLocked(await detail(u, c));
  });

  it('VIPs, tourist mode, bought titles and feed categories open at once; no play right keeps it locked', async () => {
    const vip = await makeUser(t, { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86400 });
    const id = await newVod();
    expectOpen(await detail(vip, id));

    const edit = (patch: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/app-config', headers: admin, payload: patch });
    expect((await edit({ tourist_state: '1' })).statusCode).toBe(200);
    try {
      expectOpen(await detail(undefined, id));
    } finally {
      expect((await edit({ tourist_state: '0' })).statusCode).toBe(200);
    }
    expectLocked(await detail(undefined, id));

    const buyer = await makeUser(t);
    await t.db.db.update(macUser).set({ user_points: 50 }).where(eq(macUser.user_id, buyer.user.user_id));
    const priced = await newVod({ play: 10 });
    expectLocked(await detail(buyer, priced));
    expect((await buy(buyer, priced)).statusCode).toBe(200);
    expectOpen(await detail(buyer, priced));

    // A small-video category (type_sort 1000, spec §3 special categories) is a swipe feed: never locked.
    const [feedType] = await t.db.db.insert(macType).values({ type_name: 'Gate feed', type_sort: 1000 }).returning();
    const feedId = feedType?.type_id as number;
    const groupRows = rowsOf<{ group_id: number; group_type: string }>(
      await t.db.db.execute(sql`select group_id, group_type from mac_group`),
    );
    try {
      for (const g of groupRows) {
        await t.db.db
          .update(macGroup)
          .set({ group_type: `${g.group_type},${feedId}` })
          .where(eq(macGroup.group_id, g.group_id));
      }
      t.app.services.content.invalidate();
      t.app.services.quotas.forgetGroupRights();
      const feedMember = await makeUser(t);
      const feedVod = await newVod({}, feedId);
      expectOpen(await detail(feedMember, feedVod));
      // Never metered either: checkBuyPopedom says `feed` and its watch entry takes no view.
      expect(await check(feedMember, feedVod)).toMatchObject({ allowed: true, reason: 'feed' });
      expect((await play(feedMember, feedVod)).statusCode).toBe(200);
      expect((await usedViews(feedMember)).has).toBe(0);

      // The category opens but the group lacks its play right (3): locked whatever else holds.
      const member = await makeUser(t);
      const film = await newVod();
      expect((await play(member, film)).statusCode).toBe(200);
      expectOpen(await detail(member, film));
      await t.db.db
        .update(macGroup)
        .set({ group_popedom: { [String(top)]: [1, 2] } })
        .where(eq(macGroup.group_id, 2));
      t.app.services.content.invalidate();
      t.app.services.quotas.forgetGroupRights();
      expectLocked(await detail(member, film));
    } finally {
      for (const g of groupRows) {
        await t.db.db
          .update(macGroup)
          .set({ group_type: g.group_type, group_popedom: {} })
          .where(eq(macGroup.group_id, g.group_id));
      }
      t.app.services.content.invalidate();
      t.app.services.quotas.forgetGroupRights();
    }
  });

  it('playOpen agrees with checkBuyPopedom: open exactly when no view would be taken', async () => {
    const quotas = t.app.services.quotas;
    const member = await makeUser(t);
    const vip = await makeUser(t, { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86400 });
    const watched = await newVod();
    expect((await play(member, watched)).statusCode).toBe(200);
    const cases: Array<[TestUser | undefined, number]> = [
      [member, watched],
      [member, await newVod()],
      [member, await newVod({ play: 5 })],
      [vip, await newVod()],
      [undefined, await newVod()],
      [undefined, await newVod({ play: 5 })],
    ];
    // Bought, used up, and a guest account.
    const buyer = await makeUser(t);
    await setPoints(buyer, 20);
    const boughtTitle = await newVod({ play: 5 });
    expect((await buy(buyer, boughtTitle)).statusCode).toBe(200);
    cases.push([buyer, boughtTitle]);
    const spent = await makeUser(t);
    expect((await play(spent, await newVod())).statusCode).toBe(200);
    expect((await play(spent, await newVod())).statusCode).toBe(200);
    cases.push([spent, await newVod()]);
    const device = `gate-device-${Date.now()}`;
    const guestUser = await makeUser(t, {
      user_name: guestCredentials(device).user_name,
      password: guestCredentials(device).user_pwd,
    });
    await t.db.db.update(macUser).set({ user_device_id: device }).where(eq(macUser.user_id, guestUser.user.user_id));
    cases.push([guestUser, await newVod()]);
    const OPEN = new Set(['vip', 'bought', 'tourist', 'feed', 'existed']);
    const agree = async () => {
      const reasons = new Set<string>();
      for (const [u, id] of cases) {
        const access = await check(u, id);
        reasons.add(access.reason);
        const caller = u ? { user_id: u.user.user_id, group_id: u.user.group_id } : undefined;
        expect([id, access.reason, await quotas.playOpen(caller, id)]).toEqual([
          id,
          access.reason,
          OPEN.has(access.reason),
        ]);
      }
      return reasons;
    };
    expect([...(await agree())].sort()).toEqual(['blocked', 'buy', 'existed', 'free', 'login', 'vip', 'bought'].sort());
    // Tourist mode, then no play right for the member group.
    const edit = (patch: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/app-config', headers: admin, payload: patch });
    expect((await edit({ tourist_state: '1' })).statusCode).toBe(200);
    try {
      expect(await agree()).toContain('tourist');
    } finally {
      expect((await edit({ tourist_state: '0' })).statusCode).toBe(200);
    }
    await t.db.db
      .update(macGroup)
      .set({ group_popedom: { [String(top)]: [1, 2] } })
      .where(eq(macGroup.group_id, 2));
    quotas.forgetGroupRights();
    try {
      expect(await agree()).toContain('no_right');
    } finally {
      await t.db.db.update(macGroup).set({ group_popedom: {} }).where(eq(macGroup.group_id, 2));
      quotas.forgetGroupRights();
    }
  });
});

describe('the daily "watch films" task (spec §9, plog type 14)', () => {
  it('pays once per title a day for its watch entry, up to the task count; the answer carries the new balance', async () => {
    const tasks = (await t.app.inject({ url: '/api/admin/points/tasks', headers: admin })).json();
    const watch = tasks.list.find((x: { plog_type: number }) => x.plog_type === 14);
    expect(watch).toBeDefined();
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/points/tasks/${watch.task_id}`, headers: admin, payload });
    expect((await patch({ points: 3, num: 2, enabled: true })).statusCode).toBe(200);
    try {
      const u = await makeUser(t, { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86400 });
      const [a, b, c] = [await newVod(), await newVod(), await newVod()];
      const balance = async () =>
        rowsOf<{ p: number }>(
          await t.db.db.execute(sql`select user_points as p from mac_user where user_id = ${u.user.user_id}`),
        )[0]?.p as number;
      const before = await balance();
      const first = await play(u, a);
      expect(first.statusCode).toBe(200);
      expect(await balance()).toBe(before + 3);
      expect(first.json().point).toBe(before + 3);
      // The progress pushes of the same title pay nothing more.
      expect((await play(u, a, '&progress=30&duration=60')).statusCode).toBe(200);
      expect(await balance()).toBe(before + 3);
      expect((await play(u, b)).statusCode).toBe(200);
      expect(await balance()).toBe(before + 6);
      // The day's count (2) is reached.
      expect((await play(u, c)).statusCode).toBe(200);
      expect(await balance()).toBe(before + 6);
      const paid = rowsOf<{ n: number }>(
        await t.db.db.execute(
          sql`select count(*)::int as n from mac_plog where user_id = ${u.user.user_id} and plog_type = 14`,
        ),
      );
      expect(paid[0]?.n).toBe(2);
    } finally {
      await patch({ enabled: false });
    }
  });
});
