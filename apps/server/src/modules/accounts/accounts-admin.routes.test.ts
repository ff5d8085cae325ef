/** Console calls of accounts (issue 3 §10): users and groups. */
import { guestCredentials } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macUser } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, unixSeconds } from './test-helpers.ts';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  h = await t.adminHeaders();
});
afterAll(() => t.close());

describe('console users', () => {
  it('lists and searches users with the unmasked phone, pages them and shows deletion requests', async () => {
    const a = await makeUser(t, { user_name: 'console_anna', phone: '13800138000' });
    const b = await makeUser(t, { user_name: 'console_ben' });
    await makeUser(t, { user_name: 'other_carl', group_id: 3, user_end_time: unixSeconds(new Date()) + 86400 });
    await t.app.inject({ method: 'POST', url: '/api/user/delete-account', headers: b.headers, payload: {} });

    const all = await t.app.inject({ method: 'GET', url: '/api/admin/users?limit=2', headers: h });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ code: 1, page: 1, limit: 2, total: 3, pagecount: 2 });
    expect(all.json().list.map((u: { user_name: string }) => u.user_name)).toEqual(['other_carl', 'console_ben']);

    const search = await t.app.inject({ method: 'GET', url: '/api/admin/users?wd=console_', headers: h });
    expect(
      search
        .json()
        .list.map((u: { user_name: string }) => u.user_name)
        .sort(),
    ).toEqual(['console_anna', 'console_ben']);
    const anna = search.json().list.find((u: { user_name: string }) => u.user_name === 'console_anna');
    expect(anna).toMatchObject({ user_phone: '138****8000', user_phone_full: '13800138000', group_id: 2 });
    expect(anna.user_reg_time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // LIKE wildcards typed by the operator are literal.
    const wild = await t.app.inject({ method: 'GET', url: '/api/admin/users?wd=%25', headers: h });
    expect(wild.json().total).toBe(0);
    const byId = await t.app.inject({ method: 'GET', url: `/api/admin/users?wd=${a.user.user_id}`, headers: h });
    expect(byId.json().list.map((u: { user_id: number }) => u.user_id)).toContain(a.user.user_id);
    const vips = await t.app.inject({ method: 'GET', url: '/api/admin/users?group_id=3', headers: h });
    expect(vips.json().list.map((u: { user_name: string }) => u.user_name)).toEqual(['other_carl']);
    const pending = await t.app.inject({ method: 'GET', url: '/api/admin/users?deletion=pending', headers: h });
    expect(pending.json().list).toHaveLength(1);
    expect(pending.json().list[0]).toMatchObject({ user_name: 'console_ben' });
    expect(pending.json().list[0].deletion.process_after).toMatch(/Z$/);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/users?limit=1000', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1001, field: 'limit' });
  });

  it('gets one user, 404 for an unknown one; needs a console session', async () => {
    const u = await makeUser(t, { user_name: 'console_get' });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${u.user.user_id}`, headers: h });
    expect(res.json()).toMatchObject({ code: 1, info: { user_id: u.user.user_id, user_name: 'console_get' } });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users/999999',
      headers: { ...h, 'accept-language': 'en-US' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 1004, msg: 'This user does not exist' });
    const anon = await t.app.inject({ method: 'GET', url: `/api/admin/users/${u.user.user_id}` });
    expect(anon.statusCode).toBe(401);
  });

  it('changes group and VIP end; a VIP group without an end time is not VIP until one is set', async () => {
    const u = await makeUser(t);
    const toVip = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.user.user_id}`,
      headers: h,
      payload: { group_id: 3 },
    });
    expect(toVip.json().info).toMatchObject({ group_id: 3, is_vip: false, user_end_time: 0 });
    const end = unixSeconds(new Date()) + 7 * 86400;
    const withEnd = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.user.user_id}`,
      headers: h,
      payload: { user_end_time: end },
    });
    expect(withEnd.json().info).toMatchObject({ group_id: 3, is_vip: true, user_end_time: end });
    const seen = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers });
    expect(seen.json().info.is_vip).toBe(true);

    for (const [payload, msg] of [
      [{ group_id: 1 }, 'Users cannot be put in the guest group'],
      [{ group_id: 77 }, 'This user group does not exist'],
    ] as const) {
      const bad = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${u.user.user_id}`,
        headers: { ...h, 'accept-language': 'en-US' },
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ code: 1001, msg, field: 'group_id' });
    }
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/admin/users/999999', headers: h, payload: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('disabling ends the sessions and refuses sign-in with 403; enabling lets the user back in', async () => {
    const u = await makeUser(t, { user_name: 'to_disable', password: 'abc123' });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.user.user_id}`,
      headers: h,
      payload: { user_status: 0 },
    });
    expect(off.json().info.user_status).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '192.0.2.77',
      payload: { user_name: 'to_disable', user_pwd: 'abc123' },
    });
    expect(login.statusCode).toBe(403);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.user.user_id}`,
      headers: h,
      payload: { user_status: 1 },
    });
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '192.0.2.77',
      payload: { user_name: 'to_disable', user_pwd: 'abc123' },
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses to edit an account that was deleted', async () => {
    const u = await makeUser(t);
    t.app.services.accounts.now = () => new Date('2026-03-06T02:00:00Z');
    await t.app.inject({ method: 'POST', url: '/api/user/delete-account', headers: u.headers, payload: {} });
    t.app.services.accounts.now = () => new Date();
    expect(await t.app.services.accounts.processDeletions(new Date('2026-03-12T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.user.user_id}`,
      headers: { ...h, 'accept-language': 'en-US' },
      payload: { user_status: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 1409, msg: 'This account has been deleted' });
  });
});

describe('console groups', () => {
  it('shows the rights that apply: a category of group_type without stored rights has rights 1-4', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/groups/2',
      headers: h,
      payload: { group_type: '1,2,7', group_popedom: { '7': [1, 2] } },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/groups', headers: h });
    const member = list.json().list.find((g: { group_id: number }) => g.group_id === 2);
    expect(member.group_popedom).toEqual({ '7': [1, 2] });
    expect(member.group_rights).toEqual({ '1': [1, 2, 3, 4], '2': [1, 2, 3, 4], '7': [1, 2] });
    const guest = list.json().list.find((g: { group_id: number }) => g.group_id === 1);
    expect(guest.group_rights).toEqual({});
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/groups/2',
      headers: h,
      payload: { group_type: '', group_popedom: {} },
    });
  });

  it('lists the seeded groups, creates a VIP tier and edits only the fields sent', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/groups', headers: h });
    expect(list.json().list.map((g: { group_id: number; group_name: string }) => [g.group_id, g.group_name])).toEqual([
      [1, '游客'],
      [2, '默认会员'],
      [3, 'VIP会员'],
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/groups',
      headers: h,
      payload: { group_name: '<b>Gold</b>', group_type: '6,1,6', group_popedom: { '1': [1, 2, 3], '6': [3, 4] } },
    });
    expect(created.statusCode).toBe(200);
    const gold = created.json().info;
    expect(gold).toMatchObject({
      group_id: 4,
      group_name: 'Gold',
      group_type: '1,6',
      group_status: 1,
      group_popedom: { '1': [1, 2, 3], '6': [3, 4] },
      group_rights: { '1': [1, 2, 3], '6': [3, 4] },
    });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/groups/${gold.group_id}`,
      headers: h,
      payload: { group_name: 'Gold+' },
    });
    expect(renamed.json().info).toEqual({ ...gold, group_name: 'Gold+' });
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/groups/4',
      headers: h,
      payload: { group_status: 0, group_type: '' },
    });
    expect(disabled.json().info).toMatchObject({ group_status: 0, group_type: '', group_name: 'Gold+' });

    const u = await makeUser(t);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.user.user_id}`,
      headers: h,
      payload: { group_id: 4, user_end_time: unixSeconds(new Date()) + 3600 },
    });
    expect(moved.json().info).toMatchObject({ group_id: 4, is_vip: true, group: { group_name: 'Gold+' } });

    const badType = await t.app.inject({
      method: 'POST',
      url: '/api/admin/groups',
      headers: h,
      payload: { group_name: 'x', group_type: ',1,' },
    });
    expect(badType.json()).toMatchObject({ code: 1001, field: 'group_type' });
    const emptyName = await t.app.inject({
      method: 'POST',
      url: '/api/admin/groups',
      headers: h,
      payload: { group_name: '<i></i>' },
    });
    expect(emptyName.json()).toMatchObject({ code: 1001, field: 'group_name' });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/groups/999',
      headers: { ...h, 'accept-language': 'en-US' },
      payload: { group_name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 1004, msg: 'This user group does not exist' });
  });
});

describe('console users: device guests', () => {
  it('marks the automatic guest accounts (is_guest) and filters on them with guest=1 / guest=0', async () => {
    const deviceId = 'console-guest-device-1';
    const byDevice = await makeUser(t, { user_name: guestCredentials(deviceId).user_name });
    await t.db.db.update(macUser).set({ user_device_id: deviceId }).where(eq(macUser.user_id, byDevice.user.user_id));
    const imei = 'c0ffee00c0ffee00';
    const byImei = await makeUser(t, { user_name: imei.slice(0, 8) });
    await t.db.db.update(macUser).set({ imei }).where(eq(macUser.user_id, byImei.user.user_id));
    // A guest that bound a phone is a member; a member whose name only looks like a hash is not a guest.
    const bound = await makeUser(t, {
      user_name: guestCredentials('console-guest-device-2').user_name,
      phone: '13900139000',
    });
    await t.db.db
      .update(macUser)
      .set({ user_device_id: 'console-guest-device-2' })
      .where(eq(macUser.user_id, bound.user.user_id));
    const member = await makeUser(t, { user_name: 'abcdef12' });

    const ids = [byDevice, byImei, bound, member].map((u) => u.user.user_id);
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/users?limit=100', headers: h });
    const flag = new Map(all.json().list.map((u: { user_id: number; is_guest: boolean }) => [u.user_id, u.is_guest]));
    expect(ids.map((id) => flag.get(id))).toEqual([true, true, false, false]);

    const guests = await t.app.inject({ method: 'GET', url: '/api/admin/users?guest=1&limit=100', headers: h });
    expect(guests.statusCode).toBe(200);
    expect(
      guests
        .json()
        .list.map((u: { user_id: number }) => u.user_id)
        .sort(),
    ).toEqual(ids.slice(0, 2).sort());
    const others = await t.app.inject({ method: 'GET', url: '/api/admin/users?guest=0&limit=100', headers: h });
    const otherIds = others.json().list.map((u: { user_id: number }) => u.user_id);
    expect(otherIds).toEqual(expect.arrayContaining(ids.slice(2)));
    expect(otherIds).not.toContain(ids[0]);
    expect(otherIds).not.toContain(ids[1]);
    expect(guests.json().total + others.json().total).toBe(all.json().total);

    // The group filter goes by the group that applies (guest-account.ts quotaGroupOf): group 1, the guest group
    // that no user is stored in, lists the device guests; group 2 the other members; together the users below VIP.
    const inGroup = async (id: number) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users?group_id=${id}&limit=100`, headers: h });
      expect(res.statusCode).toBe(200);
      return res.json() as { total: number; list: Array<{ user_id: number; group_id: number; is_guest: boolean }> };
    };
    const [g1, g2] = [await inGroup(1), await inGroup(2)];
    expect(g1.list.map((u) => u.user_id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(g1.list.every((u) => u.is_guest && u.group_id === 2)).toBe(true);
    expect(g2.list.map((u) => u.user_id)).toEqual(expect.arrayContaining(ids.slice(2)));
    expect(g2.list.some((u) => u.is_guest)).toBe(false);
    const stored = all.json().list as Array<{ group_id: number }>;
    expect(stored.length).toBe(all.json().total);
    expect(g1.total + g2.total).toBe(stored.filter((u) => u.group_id < 3).length);

    const one = await t.app.inject({ method: 'GET', url: `/api/admin/users/${ids[0]}`, headers: h });
    expect(one.json().info.is_guest).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/users?guest=2', headers: h });
    expect(bad.statusCode).toBe(400);
  });
});
