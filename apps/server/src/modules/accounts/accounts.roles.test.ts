/**
 * Roles (spec §6) against every user-only operation of the accounts area: tourist (no token) 401, member and VIP
 * allowed, disabled 403 'Access denied', a console token 401 (console sessions are not viewer sessions), a viewer
 * token on a console route 401. VIP state and its expiry (spec §4 "VIP").
 */
import { endpoints } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macUser } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expireVips } from './accounts.service.ts';
import { formFile, image, makeUser, signIn, unixSeconds } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Role = 'tourist' | 'member' | 'vip' | 'disabled' | 'admin';
const expected: Record<Role, number> = { tourist: 401, member: 200, vip: 200, disabled: 403, admin: 401 };

describe('role matrix', () => {
  it('covers every user-only operation of the contract that this module serves', () => {
    const userOps = Object.entries(endpoints)
      .filter(([, ep]) => 'auth' in ep && ep.auth === 'user' && ep.path.startsWith('/api/user/'))
      .map(([op]) => op)
      .filter((op) => !['bindPhone', 'bindPhoneCode', 'ajaxUlog', 'favs', 'downs', 'plays'].includes(op)); // the phone and playback modules' calls
    expect(userOps.sort()).toEqual(
      ['checkLogin', 'deleteAccount', 'keepAlive', 'logout', 'portrait', 'updateInfo', 'userInfo'].sort(),
    );
  });

  it('answers each role as spec §6 says on every user-only operation', async () => {
    const inFuture = unixSeconds(new Date()) + 30 * 86400;
    const member = await makeUser(t);
    const vip = await makeUser(t, { group_id: 3, user_end_time: inFuture });
    const disabled = await makeUser(t);
    // Disabled behind the console's back (a session survives): the guard still refuses with 403.
    await t.db.db.update(macUser).set({ user_status: 0 }).where(eq(macUser.user_id, disabled.user.user_id));
    const adminHeaders = await t.adminHeaders();
    const png = await image('png', 64, 64);

    const headersFor = async (role: Role): Promise<Record<string, string>> => {
      switch (role) {
        case 'tourist':
          return {};
        case 'admin':
          return adminHeaders;
        case 'member':
          return signIn(t, member.user.user_id);
        case 'vip':
          return signIn(t, vip.user.user_id);
        case 'disabled':
          return signIn(t, disabled.user.user_id);
      }
    };
    const ops: { op: string; call: (h: Record<string, string>) => Promise<LightMyRequestResponse> }[] = [
      { op: 'checkLogin', call: (headers) => t.app.inject({ method: 'POST', url: '/api/user/check-login', headers }) },
      { op: 'userInfo', call: (headers) => t.app.inject({ method: 'POST', url: '/api/user/info', headers }) },
      {
        op: 'updateInfo',
        call: (headers) =>
          t.app.inject({ method: 'POST', url: '/api/user/update-info', headers, payload: { user_gender: 1 } }),
      },
      {
        op: 'portrait',
        call: (headers) => {
          const form = formFile('file', 'a.png', 'image/png', png);
          return t.app.inject({
            method: 'POST',
            url: '/api/user/portrait',
            headers: { ...headers, ...form.headers },
            payload: form.payload,
          });
        },
      },
      { op: 'keepAlive', call: (headers) => t.app.inject({ method: 'GET', url: '/api/user/keep-alive', headers }) },
      {
        op: 'deleteAccount',
        call: (headers) =>
          t.app.inject({ method: 'POST', url: '/api/user/delete-account', headers, payload: { cancel: true } }),
      },
      { op: 'logout', call: (headers) => t.app.inject({ method: 'GET', url: '/api/user/logout', headers }) },
    ];
    const seen: string[] = [];
    for (const { op, call } of ops) {
      for (const role of Object.keys(expected) as Role[]) {
        const res = await call({ ...(await headersFor(role)), 'accept-language': 'en-US' });
        seen.push(`${op} ${role} ${res.statusCode}`);
        if (role === 'tourist' || role === 'admin') {
          expect(res.json()).toEqual({ code: 1401, msg: 'Unauthorized, please log in' });
        } else if (role === 'disabled') {
          expect(res.json()).toEqual({ code: 1403, msg: 'Access denied' });
        } else {
          expect(res.json().code, `${op} ${role}`).toBe(1);
        }
      }
    }
    expect(seen).toEqual(
      ops.flatMap(({ op }) => (Object.keys(expected) as Role[]).map((role) => `${op} ${role} ${expected[role]}`)),
    );
  });

  it('does not take a viewer token on console routes', async () => {
    const member = await makeUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: member.headers });
    expect(res.statusCode).toBe(401);
    const groups = await t.app.inject({ method: 'GET', url: '/api/admin/groups', headers: member.headers });
    expect(groups.statusCode).toBe(401);
  });
});

describe('VIP', () => {
  it('is VIP while group > 2 and the end time is in the future; drops to group 2 at checkLogin once it passes', async () => {
    const now = unixSeconds(new Date());
    const vip = await makeUser(t, { group_id: 3, user_end_time: now + 3600 });
    const info = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: vip.headers });
    expect(info.json().info).toMatchObject({ group_id: 3, is_vip: true, group: { group_name: 'VIP会员' } });

    const lapsed = await makeUser(t, { group_id: 3, user_end_time: now - 10 });
    const check = await t.app.inject({ method: 'POST', url: '/api/user/check-login', headers: lapsed.headers });
    expect(check.json().info).toMatchObject({ group_id: 2, is_vip: false, user_end_time: now - 10 });
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, lapsed.user.user_id));
    expect(row?.group_id).toBe(2);

    // Moved to a VIP group without an end time: allowed, not VIP, left in its group by the expiry.
    const noEnd = await makeUser(t, { group_id: 3, user_end_time: 0 });
    const noEndInfo = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: noEnd.headers });
    expect(noEndInfo.json().info).toMatchObject({ group_id: 3, is_vip: false });
  });

  it('expireVips moves every lapsed VIP back to group 2 and nobody else', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const lapsedA = await makeUser(t, { group_id: 3, user_end_time: unixSeconds(now) - 1 });
    const lapsedB = await makeUser(t, { group_id: 3, user_end_time: unixSeconds(now) - 86400 });
    const current = await makeUser(t, { group_id: 3, user_end_time: unixSeconds(now) + 86400 });
    const noEnd = await makeUser(t, { group_id: 3, user_end_time: 0 });
    const member = await makeUser(t, { user_end_time: unixSeconds(now) - 5 });
    const before = await t.db.db.select().from(macUser);
    const expectedMoves = before.filter(
      (u) => u.group_id > 2 && u.user_end_time > 0 && u.user_end_time < unixSeconds(now),
    ).length;
    expect(expectedMoves).toBeGreaterThanOrEqual(2);
    expect(await expireVips(t.db.db, now)).toBe(expectedMoves);
    const groupOf = async (id: number) =>
      (await t.db.db.select().from(macUser).where(eq(macUser.user_id, id)))[0]?.group_id;
    expect(await groupOf(lapsedA.user.user_id)).toBe(2);
    expect(await groupOf(lapsedB.user.user_id)).toBe(2);
    expect(await groupOf(current.user.user_id)).toBe(3);
    expect(await groupOf(noEnd.user.user_id)).toBe(3);
    expect(await groupOf(member.user.user_id)).toBe(2);
    expect(await expireVips(t.db.db, now)).toBe(0);
  });
});
