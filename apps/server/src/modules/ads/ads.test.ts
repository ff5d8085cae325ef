/**
 * Ads (issue 5 item 4): adList's rules (switch, status, platform, show type, schedule, slot, order; VIP and ad-free
 * viewers get none, decided by the server) and the console's ad editor (validation, CRUD), through inject().
 */
import { slotOn } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macUser } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser } from '../accounts/test-helpers.ts';
import { adFree } from './ads.service.ts';

type AdList = { code: number; list: Array<{ ad_id: number; ad_name: string; ad_js_code: string }> };

describe('slotOn / adFree', () => {
  it('reads the slot switch from the app config ads.list', () => {
    const cfg = (list: unknown[]) => ({ list, showGoogle: false, showVipAd: false });
    expect(slotOn(cfg([]), 12)).toBe(false);
    expect(slotOn(cfg([12]), 12)).toBe(true);
    expect(slotOn(cfg(['12']), 12)).toBe(true);
    expect(slotOn(cfg([16]), 12)).toBe(false);
    expect(slotOn(cfg([{ ad_local_type: 12 }]), 12)).toBe(true);
    expect(slotOn(cfg([{ ad_local_type: 12, ad_status: 0 }]), 12)).toBe(false);
    expect(slotOn(cfg(['']), 0)).toBe(false);
    expect(slotOn(undefined, 12)).toBe(false);
  });

  it('treats VIP groups and a future user_noad_time as ad-free', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const s = Math.floor(now.getTime() / 1000);
    expect(adFree(undefined, now)).toBe(false);
    expect(adFree({ user_id: 1, group_id: 2, user_noad_time: 0 }, now)).toBe(false);
    expect(adFree({ user_id: 1, group_id: 3, user_noad_time: 0 }, now)).toBe(true);
    expect(adFree({ user_id: 1, group_id: 2, user_noad_time: s + 1 }, now)).toBe(true);
    expect(adFree({ user_id: 1, group_id: 2, user_noad_time: s }, now)).toBe(false);
  });
});

describe('adList and the ad editor', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  const create = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/ads', headers: admin, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { info: { ad_id: number } }).info.ad_id;
  };
  const adList = async (headers: Record<string, string> = {}, slot = 12) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ads?ad_local_type=${slot}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdList;
  };
  const names = (l: AdList) => l.list.map((a) => a.ad_name);
  const setSwitch = async (list: unknown[]) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: admin,
      payload: { ads: { list, showGoogle: false, showVipAd: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminHeaders();
    const hour = 3600_000;
    const now = Date.now();
    await create({ ad_name: 'second', ad_local_type: 12, ad_type: 1, ad_pic_url: '/media/ads/a.png', ad_sort: 2 });
    await create({
      ad_name: 'first',
      ad_local_type: 12,
      ad_type: 2,
      ad_video_url: 'https://cdn.example.com/ad.mp4',
      ad_url: 'https://example.com/landing?x=1',
      ad_js_code: '<script>alert(1)</script>',
      ad_sort: 1,
    });
    await create({ ad_name: 'off', ad_local_type: 12, ad_type: 1, ad_status: 0 });
    await create({ ad_name: 'app only', ad_local_type: 12, ad_type: 1, ad_platform_type: 'app' });
    await create({ ad_name: 'show type 0', ad_local_type: 12, ad_type: 1, ad_show_type: 0 });
    await create({
      ad_name: 'future',
      ad_local_type: 12,
      ad_type: 1,
      ad_start_time: new Date(now + hour).toISOString(),
    });
    await create({ ad_name: 'ended', ad_local_type: 12, ad_type: 1, ad_end_time: new Date(now - hour).toISOString() });
    await create({
      ad_name: 'running',
      ad_local_type: 12,
      ad_type: 1,
      ad_sort: 3,
      ad_start_time: new Date(now - hour).toISOString(),
      ad_end_time: new Date(now + hour).toISOString(),
    });
    await create({ ad_name: 'detail slot', ad_local_type: 16, ad_type: 1 });
  });
  afterAll(async () => t.close());

  it('answers nothing while the slot switch is off (default)', async () => {
    expect((await adList()).list).toEqual([]);
  });

  it('serves active h5 ads with ad_show_type > 0 in schedule, in ad_sort order, without script code', async () => {
    await setSwitch([12]);
    const l = await adList();
    expect(names(l)).toEqual(['first', 'second', 'running']);
    expect(l.list.every((a) => a.ad_js_code === '')).toBe(true);
    // Slot 16 is still switched off; switching it on serves its own ads only.
    expect((await adList({}, 16)).list).toEqual([]);
    await setSwitch([12, { ad_local_type: 16 }]);
    expect(names(await adList({}, 16))).toEqual(['detail slot']);
  });

  it('gives VIP and ad-free viewers an empty list, members and invalid sessions the ads', async () => {
    await setSwitch([12]);
    const member = await makeUser(t);
    expect(names(await adList(member.headers))).toEqual(['first', 'second', 'running']);
    expect(names(await adList({ authorcode: 'not-a-session' }))).toEqual(['first', 'second', 'running']);

    const vip = await makeUser(t, { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86400 });
    expect((await adList(vip.headers)).list).toEqual([]);

    // A VIP whose membership ended is back in group 2 (authenticate) and sees ads again.
    const expired = await makeUser(t, { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) - 10 });
    expect(names(await adList(expired.headers))).toEqual(['first', 'second', 'running']);

    const noad = await makeUser(t);
    await t.db.db
      .update(macUser)
      .set({ user_noad_time: Math.floor(Date.now() / 1000) + 3600 })
      .where(eq(macUser.user_id, noad.user.user_id));
    expect((await adList(noad.headers)).list).toEqual([]);
    await t.db.db
      .update(macUser)
      .set({ user_noad_time: Math.floor(Date.now() / 1000) - 1 })
      .where(eq(macUser.user_id, noad.user.user_id));
    expect(names(await adList(noad.headers))).toEqual(['first', 'second', 'running']);
  });

  it('edits, lists and deletes ads in the console', async () => {
    const id = await create({ ad_name: 'edit me', ad_local_type: 12, ad_type: 1, ad_sort: 0 });
    const upd = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/ads/${id}`,
      headers: admin,
      payload: { ad_name: 'edited', ad_status: 0, ad_closable: 0 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().info).toMatchObject({ ad_name: 'edited', ad_status: 0, ad_closable: 0, ad_type: 1 });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/ads?ad_local_type=12', headers: admin });
    expect(list.statusCode).toBe(200);
    const rows = list.json().list as Array<{ ad_name: string; ad_local_type: number; ad_js_code: string }>;
    expect(rows.every((r) => r.ad_local_type === 12)).toBe(true);
    expect(rows.find((r) => r.ad_name === 'first')?.ad_js_code).toBe('<script>alert(1)</script>');

    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/ads/${id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/ads/${id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/ads/999999',
      headers: admin,
      payload: { ad_name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses script URLs, protocol-relative URLs, bad schedules and guests', async () => {
    for (const bad of [
      { ad_pic_url: 'javascript:alert(1)' },
      { ad_url: 'data:text/html,<script>alert(1)</script>' },
      { ad_video_url: '//evil.example.com/x.mp4' },
      { ad_url: 'ftp://example.com/x' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/ads',
        headers: admin,
        payload: { ad_name: 'bad', ad_local_type: 12, ad_type: 1, ...bad },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().field).toBe(Object.keys(bad)[0]);
    }
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ads',
      headers: admin,
      payload: {
        ad_name: 'bad schedule',
        ad_local_type: 12,
        ad_type: 1,
        ad_start_time: '2026-11-22T10:00:00Z',
        ad_end_time: '2026-11-22T09:00:00Z',
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().field).toBe('ad_end_time');
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/ads' });
    expect(guest.statusCode).toBe(401);
  });
});
