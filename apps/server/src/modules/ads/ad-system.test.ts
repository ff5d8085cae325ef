/**
 * The ad system (issue 7 item 4) through inject(): the banner caps of spec §4 counted on the server (`ad_show_num`
 * a day with the day rolling over at the operator's midnight, `ad_show_times` minutes apart across midnight),
 * `showGoogle`, script and network ads only as a frame document under a CSP sandbox, signed show tokens (forged, tampered, expired and replayed tokens
 * count nothing), click rewards (setPlog type 13) only for the signed-in viewer the ad was served to, once per token
 * and within the daily cap - also under 30 concurrent taps and claims (on PostgreSQL when DATABASE_URL is set) -
 * and the console's numbers and per-slot order.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adImpression, macUser, rewardNonce } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { capAllows, signAdToken, verifyAdToken } from './ads.service.ts';

type Served = { ad_id: number; ad_name: string; ad_type: number; ad_js_code: string; ad_token: string };

let t: TestApp;
let admin: Record<string, string>;
// 23:50 on 2026-11-22 in Asia/Shanghai (the harness's TZ): the operator's midnight is 16:00 UTC.
let clock = new Date('2026-11-22T15:50:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  t.app.services.ads.now = () => clock;
  t.app.services.points.now = () => clock;
});
afterAll(async () => t?.close());

const create = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/ads', headers: admin, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { info: { ad_id: number } }).info.ad_id;
};
const setAds = async (list: unknown[], showGoogle = false) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/app-config',
    headers: admin,
    payload: { ads: { list, showGoogle, showVipAd: false } },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const adList = async (slot: number, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/ads?ad_local_type=${slot}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { list: Served[] }).list;
};
const show = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ads/impression',
    headers: { 'accept-language': 'en-us' },
    payload: { token },
    remoteAddress: nextIp(),
  });
const click = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ads/click',
    headers: { 'accept-language': 'en-us', ...headers },
    payload: { token },
    remoteAddress: nextIp(),
  });
const pointsOf = async (u: TestUser) =>
  (await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id)))[0]?.user_points ?? -1;

describe('capAllows (spec §4 banner caps)', () => {
  const day = '2026-11-22';
  const now = new Date('2026-11-22T10:00:00Z');
  it('hides an ad after ad_show_num shows of the day and within ad_show_times minutes of the last show', () => {
    const cap = (shows: number, minutesAgo: number, d = day) => ({
      day: d,
      shows,
      last_shown_at: new Date(now.getTime() - minutesAgo * 60_000),
    });
    expect(capAllows({ ad_show_num: 2, ad_show_times: 0 }, undefined, now, day)).toBe(true);
    expect(capAllows({ ad_show_num: 2, ad_show_times: 0 }, cap(1, 0), now, day)).toBe(true);
    expect(capAllows({ ad_show_num: 2, ad_show_times: 0 }, cap(2, 0), now, day)).toBe(false);
    expect(capAllows({ ad_show_num: 2, ad_show_times: 0 }, cap(9, 0, '2026-11-21'), now, day)).toBe(true);
    expect(capAllows({ ad_show_num: 0, ad_show_times: 0 }, cap(999, 0), now, day)).toBe(true);
    expect(capAllows({ ad_show_num: 0, ad_show_times: 5 }, cap(1, 4.9), now, day)).toBe(false);
    expect(capAllows({ ad_show_num: 0, ad_show_times: 5 }, cap(1, 5), now, day)).toBe(true);
  });
});

describe('show tokens', () => {
  const secret = Buffer.from('0123456789abcdef0123456789abcdef');
  const base = { adId: 7, subject: 'u:12', userId: 12, exp: 2_000_000_000, nonce: 'AAAAAAAAAAAAAAAAAAAAAA' };
  it('verifies its own signature and refuses any change', () => {
    const token = signAdToken(secret, base);
    expect(verifyAdToken(secret, token)).toEqual(base);
    expect(verifyAdToken(Buffer.from('another-secret-another-secret!!!'), token)).toBeUndefined();
    const forged = token.replace('.12.', '.13.');
    expect(forged).not.toBe(token);
    expect(verifyAdToken(secret, forged)).toBeUndefined();
    expect(verifyAdToken(secret, `${token}x`)).toBeUndefined();
    expect(verifyAdToken(secret, 'v1.1.2.3')).toBeUndefined();
  });

  it("refuses every other spelling of the signature, including its last character's unused bits", () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let n = 0; n < 40; n++) {
      const token = signAdToken(secret, { ...base, nonce: `nonce-${String(n).padStart(10, '0')}` });
      const cut = token.length - 1;
      for (const c of alphabet) {
        if (c === token[cut]) continue;
        expect(verifyAdToken(secret, token.slice(0, cut) + c)).toBeUndefined();
      }
    }
  });
});

describe('serving, caps and counting', () => {
  let banner: number;
  let member: TestUser;
  beforeAll(async () => {
    at('2026-11-22T15:40:00Z'); // 23:40 in Shanghai
    banner = await create({
      ad_name: 'capped banner',
      ad_local_type: 2,
      ad_type: 1,
      ad_pic_url: '/media/ads/b.png',
      ad_show_num: 2,
      ad_show_times: 0,
    });
    await create({
      ad_name: 'network',
      ad_local_type: 2,
      ad_type: 0,
      ad_google_id: 'ca-pub-1234567/7654321',
      ad_sort: 5,
    });
    await create({
      ad_name: 'script',
      ad_local_type: 2,
      ad_type: 3,
      ad_js_code: '<script>document.title="x"</script>',
      ad_sort: 6,
    });
    await setAds([2]);
    member = await makeUser(t);
  });

  it('serves network ads only while showGoogle is on, and never sends script code to viewers', async () => {
    let list = await adList(2, member.headers);
    expect(list.map((a) => a.ad_name)).toEqual(['capped banner', 'script']);
    expect(list.every((a) => a.ad_js_code === '')).toBe(true);
    await setAds([2], true);
    list = await adList(2, member.headers);
    expect(list.map((a) => a.ad_name)).toEqual(['capped banner', 'network', 'script']);
    await setAds([2]);
  });

  it('serves script and network ads as a frame document under a CSP sandbox without same-origin', async () => {
    const ads = (await t.app.inject({ url: '/api/admin/ads?ad_local_type=2', headers: admin })).json().list as Array<{
      ad_id: number;
      ad_name: string;
    }>;
    const idOf = (name: string) => ads.find((a) => a.ad_name === name)?.ad_id;
    const script = await t.app.inject({ url: `/api/ads/${idOf('script')}/frame` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/html');
    const csp = String(script.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox;/);
    expect(csp).not.toContain('allow-same-origin');
    expect(script.body).toContain('<body><script>document.title="x"</script></body>');
    const network = await t.app.inject({ url: `/api/ads/${idOf('network')}/frame` });
    expect(network.statusCode).toBe(200);
    expect(network.body).toContain('data-ad-client="ca-pub-1234567" data-ad-slot="7654321"');
    expect((await t.app.inject({ url: `/api/ads/${banner}/frame` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/ads/0/frame' })).statusCode).toBe(400);
  });

  it('counts a show once per token and hides the ad after ad_show_num shows; the next operator day resets it', async () => {
    const served = async () => (await adList(2, member.headers)).find((a) => a.ad_id === banner);
    const first = await served();
    expect(first).toBeDefined();
    expect((await show(first?.ad_token ?? '')).json()).toMatchObject({ code: 1, counted: true });
    // A replayed report counts nothing.
    expect((await show(first?.ad_token ?? '')).json()).toMatchObject({ code: 1, counted: false });
    const second = await served();
    expect((await show(second?.ad_token ?? '')).json().counted).toBe(true);
    // Two shows today: hidden for this viewer, still served to another one.
    expect(await served()).toBeUndefined();
    const other = await makeUser(t);
    expect((await adList(2, other.headers)).some((a) => a.ad_id === banner)).toBe(true);
    // Guests are told apart by device id.
    const guestA = { deviceid: 'device-cap-a' };
    for (let i = 0; i < 2; i++) {
      const g = (await adList(2, guestA)).find((a) => a.ad_id === banner);
      expect((await show(g?.ad_token ?? '')).json().counted).toBe(true);
    }
    expect((await adList(2, guestA)).some((a) => a.ad_id === banner)).toBe(false);
    expect((await adList(2, { deviceid: 'device-cap-b' })).some((a) => a.ad_id === banner)).toBe(true);
    // 23:59:59 in Shanghai: still today.
    at('2026-11-22T15:59:59Z');
    expect(await served()).toBeUndefined();
    // 00:00 in Shanghai: a new operator day (16:00 UTC, not UTC midnight).
    at('2026-11-22T16:00:00Z');
    expect(await served()).toBeDefined();
    expect((await adList(2, guestA)).some((a) => a.ad_id === banner)).toBe(true);
  });

  it('keeps ad_show_times minutes between shows, across midnight', async () => {
    at('2026-11-23T15:57:00Z'); // 23:57 in Shanghai
    const spaced = await create({
      ad_name: 'spaced',
      ad_local_type: 2,
      ad_type: 1,
      ad_pic_url: '/media/ads/s.png',
      ad_show_times: 5,
    });
    const u = await makeUser(t);
    const find = async () => (await adList(2, u.headers)).find((a) => a.ad_id === spaced);
    const a = await find();
    expect((await show(a?.ad_token ?? '')).json().counted).toBe(true);
    at('2026-11-23T16:01:59Z'); // 00:01:59 the next day: 4:59 later
    expect(await find()).toBeUndefined();
    at('2026-11-23T16:02:00Z'); // 5 minutes later
    expect(await find()).toBeDefined();
  });

  it('refuses forged, tampered and expired tokens in the caller language', async () => {
    const good = (await adList(2, member.headers))[0]?.ad_token ?? '';
    const sig = good.lastIndexOf('.') + 1;
    const bad = await show(`${good.slice(0, sig)}${good[sig] === 'A' ? 'B' : 'A'}${good.slice(sig + 1)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('This ad token is not valid');
    const forged = await click(`v1.${banner}.dTox.1.9999999999.AAAAAAAAAAAAAAAAAAAAAA.AAAA`);
    expect(forged.statusCode).toBe(400);
    clock = new Date(clock.getTime() + 31 * 60_000);
    const old = await show(good);
    expect(old.statusCode).toBe(400);
    expect(old.json().msg).toBe('This ad has expired, please refresh and try again');
  });
});

describe('click rewards (setPlog type 13)', () => {
  let ad: number;
  beforeAll(async () => {
    at('2026-11-25T02:00:00Z'); // 10:00 in Shanghai
    ad = await create({
      ad_name: 'click me',
      ad_local_type: 16,
      ad_type: 1,
      ad_pic_url: '/media/ads/c.png',
      ad_url: 'https://example.com/landing',
    });
    await setAds([16]);
  });
  const tokenFor = async (headers: Record<string, string>) =>
    (await adList(16, headers)).find((a) => a.ad_id === ad)?.ad_token ?? '';

  it('pays the signed-in viewer the ad was served to, once per token; guests and other users get nothing', async () => {
    const u = await makeUser(t);
    const token = await tokenFor(u.headers);
    const first = (await click(token, u.headers)).json();
    expect(first).toMatchObject({ code: 1, url: 'https://example.com/landing', point: 1, user_points: 1 });
    expect((await click(token, u.headers)).json()).toMatchObject({ code: 1, point: 0, user_points: 1 });
    // Another user replaying the token: counted as a tap, never paid.
    const thief = await makeUser(t);
    expect((await click(token, thief.headers)).json()).toMatchObject({ point: 0 });
    expect(await pointsOf(thief)).toBe(0);
    // A guest's tap counts, pays nothing.
    const guest = await tokenFor({ deviceid: 'guest-click' });
    expect((await click(guest)).json()).toMatchObject({ code: 1, point: 0, user_points: 0 });
    // A token served to the guest device pays nothing to a user who signs in later.
    expect((await click(await tokenFor({ deviceid: 'guest-click-2' }), u.headers)).json().point).toBe(0);
    expect(await pointsOf(u)).toBe(1);
  });

  it('setPlog type 13 pays only for an impression served to the user and clicked, once', async () => {
    const u = await makeUser(t);
    const plog = (id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/points/plog?type=13&id=${id}`,
        headers: { ...u.headers, 'accept-language': 'en-us' },
        remoteAddress: nextIp(),
      });
    // Any id the server did not serve to this user and see clicked pays nothing.
    expect((await plog(1)).statusCode).toBe(400);
    const token = await tokenFor(u.headers);
    expect((await show(token)).json().counted).toBe(true);
    const [imp] = await t.db.db.select().from(adImpression).where(eq(adImpression.user_id, u.user.user_id));
    expect(imp).toBeDefined();
    // Shown but not clicked: no pay.
    expect((await plog(imp?.id ?? 0)).statusCode).toBe(400);
    expect((await click(token, u.headers)).json().point).toBe(1);
    // Paid by the click: a setPlog replay pays nothing.
    expect((await plog(imp?.id ?? 0)).statusCode).toBe(400);
    expect(await pointsOf(u)).toBe(1);
  });

  it('stays within the daily cap of the click task (5)', async () => {
    const u = await makeUser(t);
    const paid: number[] = [];
    for (let i = 0; i < 7; i++) paid.push((await click(await tokenFor(u.headers), u.headers)).json().point);
    expect(paid).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expect(await pointsOf(u)).toBe(5);
  });

  it('a tap the click task could not pay (off, or over its cap) keeps its claim and pays once later', async () => {
    const task = async (patch: Record<string, unknown>) => {
      const list = (await t.app.inject({ url: '/api/admin/points/tasks', headers: admin })).json().list as {
        task_id: number;
        plog_type: number;
      }[];
      const id = list.find((x) => x.plog_type === 13)?.task_id;
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/points/tasks/${id}`,
        headers: admin,
        payload: patch,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const plog = (u: TestUser, id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/points/plog?type=13&id=${id}`,
        headers: { ...u.headers, 'accept-language': 'en-us' },
        remoteAddress: nextIp(),
      });
    const impressionOf = async (u: TestUser) =>
      (await t.db.db.select().from(adImpression).where(eq(adImpression.user_id, u.user.user_id))).map((i) => i.id);
    try {
      // Task off: the tap counts, pays nothing, and its claim is left for when the operator turns the task on.
      const u = await makeUser(t);
      await task({ enabled: false });
      expect((await click(await tokenFor(u.headers), u.headers)).json()).toMatchObject({ code: 1, point: 0 });
      const [imp] = await impressionOf(u);
      expect((await plog(u, imp ?? 0)).statusCode).toBe(400);
      await task({ enabled: true });
      expect((await plog(u, imp ?? 0)).json()).toMatchObject({ code: 1, point: 1, user_points: 1 });
      expect((await plog(u, imp ?? 0)).statusCode).toBe(400);
      expect(await pointsOf(u)).toBe(1);
      // Over the cap (5): the sixth tap pays nothing; once the operator raises the cap it pays, once.
      const v = await makeUser(t);
      const paid: number[] = [];
      for (let i = 0; i < 6; i++) paid.push((await click(await tokenFor(v.headers), v.headers)).json().point);
      expect(paid).toEqual([1, 1, 1, 1, 1, 0]);
      const sixth = Math.max(...(await impressionOf(v)));
      expect((await plog(v, sixth)).json()).toMatchObject({ code: 1, point: 0, user_points: 5 });
      await task({ num: 6 });
      expect((await plog(v, sixth)).json()).toMatchObject({ code: 1, point: 1, user_points: 6 });
      expect((await plog(v, sixth)).statusCode).toBe(400);
      expect(await pointsOf(v)).toBe(6);
    } finally {
      await task({ enabled: true, num: 5 });
    }
  });

  it('30 concurrent taps of one token pay once and count one click', async () => {
    const u = await makeUser(t);
    const token = await tokenFor(u.headers);
    const before = (await t.app.inject({ url: `/api/admin/ads/stats?ad_local_type=16`, headers: admin }))
      .json()
      .list.find((x: { ad_id: number }) => x.ad_id === ad);
    const results = await Promise.all(Array.from({ length: 30 }, () => click(token, u.headers)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.map((r) => r.json().point as number).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await pointsOf(u)).toBe(1);
    const after = (await t.app.inject({ url: `/api/admin/ads/stats?ad_local_type=16`, headers: admin }))
      .json()
      .list.find((x: { ad_id: number }) => x.ad_id === ad);
    expect(after.clicks - before.clicks).toBe(1);
    expect(after.impressions - before.impressions).toBe(1);
    expect(after.paid_clicks - before.paid_clicks).toBe(1);
  });

  it('30 concurrent setPlog claims of one clicked impression pay once', async () => {
    const u = await makeUser(t);
    const token = await tokenFor(u.headers);
    // Tapped without the session (the app had not signed in yet): counted, not paid.
    expect((await click(token)).json().point).toBe(0);
    const [imp] = await t.db.db.select().from(adImpression).where(eq(adImpression.user_id, u.user.user_id));
    expect(imp?.clicked_at).not.toBeNull();
    const r = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'GET',
          url: `/api/points/plog?type=13&id=${imp?.id}`,
          headers: u.headers,
          remoteAddress: nextIp(),
        }),
      ),
    );
    const paid = r.filter((x) => x.statusCode === 200).map((x) => x.json().point as number);
    expect(paid).toEqual([1]);
    expect(r.filter((x) => x.statusCode === 400)).toHaveLength(29);
    expect(await pointsOf(u)).toBe(1);
  });
});

describe('console: numbers and per-slot order', () => {
  it('reorders a slot and refuses an order that is not exactly the slot', async () => {
    at('2026-11-26T02:00:00Z');
    const a = await create({ ad_name: 'o-a', ad_local_type: 40, ad_type: 1, ad_pic_url: '/a.png' });
    const b = await create({ ad_name: 'o-b', ad_local_type: 40, ad_type: 1, ad_pic_url: '/b.png' });
    const c = await create({ ad_name: 'o-c', ad_local_type: 40, ad_type: 1, ad_pic_url: '/c.png' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ads/order',
      headers: admin,
      payload: { ad_local_type: 40, ids: [c, a, b] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().list.map((x: { ad_id: number }) => x.ad_id)).toEqual([c, a, b]);
    await setAds([40]);
    const u = await makeUser(t);
    expect((await adList(40, u.headers)).map((x) => x.ad_id)).toEqual([c, a, b]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ads/order',
      headers: { ...admin, 'accept-language': 'en-us' },
      payload: { ad_local_type: 40, ids: [c, a] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The order must list every ad of the slot exactly once');
  });

  it('reports impressions, clicks and paid clicks per ad over operator days', async () => {
    const res = await t.app.inject({
      url: '/api/admin/ads/stats?from=2026-11-20&to=2026-11-30&ad_local_type=2',
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 1, from: '2026-11-20', to: '2026-11-30' });
    const ads = (await t.app.inject({ url: '/api/admin/ads?ad_local_type=2', headers: admin })).json().list;
    const id = ads.find((x: { ad_name: string }) => x.ad_name === 'capped banner').ad_id;
    const capped = body.list.find((x: { ad_id: number }) => x.ad_id === id);
    // The capped banner: 2 member shows + 2 guest shows on the 22nd (replays not counted).
    expect(capped).toMatchObject({ impressions: 4, clicks: 0, paid_clicks: 0, rewards: 0 });
    // Completed rewarded views come from the rewarded-ad module's report (granted nonces of the ad).
    for (const [nonce, status] of [
      ['stats-granted-1', 'granted'],
      ['stats-issued-1', 'issued'],
    ] as const) {
      await t.db.db.insert(rewardNonce).values({
        nonce,
        user_id: 1,
        purpose: 'view',
        network: 'own',
        ad_id: id,
        status,
        day: '2026-11-22',
        expires_at: new Date('2026-11-22T16:00:00Z'),
      });
    }
    const again = await t.app.inject({
      url: '/api/admin/ads/stats?from=2026-11-20&to=2026-11-30&ad_local_type=2',
      headers: admin,
    });
    expect(again.json().list.find((x: { ad_id: number }) => x.ad_id === id).rewards).toBe(1);
    expect((await t.app.inject({ url: '/api/admin/ads/stats' })).statusCode).toBe(401);
  });
});
