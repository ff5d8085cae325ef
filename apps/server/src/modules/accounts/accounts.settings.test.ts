/**
 * The accounts settings read live from the operator's app config (keepalive_points, reg_ip_daily_limit,
 * tourist_state), tourist mode and guest auto-registration, the per-IP registration cap under concurrency, the
 * deletion handlers registry, and the `imei` / `i` request headers of spec §3.
 */
import { guestCredentials } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseAddress, requestContext } from '../../core/request-context.ts';
import { macUser } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findUserById, findUserByName, isGuestRegistration, touristMode, type UserRow } from './accounts.service.ts';
import { makeUser, nextIp } from './test-helpers.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
});
afterAll(() => t.close());
// Operator days (the per-IP registration cap, the keep-alive reward) are read from the service clock: frozen at each
// test's start, a test running across midnight in the operator's time zone still sees one day.
beforeEach(() => {
  const at = new Date();
  t.app.services.accounts.now = () => at;
});

const editConfig = async (patch: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'PATCH', url: '/api/admin/app-config', headers: admin, payload: patch });
  expect(res.statusCode).toBe(200);
  return res.json().info as Record<string, unknown>;
};

const reg = (name: string, ip: string, headers: Record<string, string> = {}, imei?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/reg',
    remoteAddress: ip,
    headers: { 'accept-language': 'en-US', ...headers },
    payload: { user_name: name, user_pwd: 'abc123', user_pwd2: 'abc123', ...(imei ? { imei } : {}) },
  });

describe('accounts settings from the app config', () => {
  it('the console shows and edits keepalive_points and reg_ip_daily_limit; the public config does not carry them', async () => {
    const before = await t.app.inject({ url: '/api/admin/app-config', headers: admin });
    expect(before.json().info).toMatchObject({ keepalive_points: 1, reg_ip_daily_limit: 10, bindPhonePoint: 2 });
    const pub = (await t.app.inject('/api/app/config')).json().info;
    expect(pub).not.toHaveProperty('keepalive_points');
    expect(pub).not.toHaveProperty('reg_ip_daily_limit');
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: admin,
      payload: { reg_ip_daily_limit: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a console edit of keepalive_points changes the next keep-alive reward', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await editConfig({ keepalive_points: 7 });
    const first = await t.app.inject({ url: '/api/user/keep-alive', headers: a.headers });
    expect(first.json()).toMatchObject({ code: 1, point: 7, user_points: 7 });
    await editConfig({ keepalive_points: 0 });
    const none = await t.app.inject({ url: '/api/user/keep-alive', headers: b.headers });
    expect(none.json()).toMatchObject({ code: 1, point: 0, user_points: 0 });
    await editConfig({ keepalive_points: 1 });
  });

  it('a console edit of reg_ip_daily_limit changes the registration cap at once', async () => {
    await editConfig({ reg_ip_daily_limit: 1 });
    const ip = nextIp();
    expect((await reg('capuser1', ip)).statusCode).toBe(200);
    const second = await reg('capuser2', ip);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      code: 1429,
      msg: 'Too many registrations from this network today, please try again tomorrow',
    });
    await editConfig({ reg_ip_daily_limit: 2 });
    expect((await reg('capuser2', ip)).statusCode).toBe(200);
    await editConfig({ reg_ip_daily_limit: 10 });
  });

  it('concurrent registrations from one IP never pass the cap', async () => {
    await editConfig({ reg_ip_daily_limit: 2 });
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => reg(`burst${i}x1`, ip)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 429, 429, 429, 429]);
    await editConfig({ reg_ip_daily_limit: 10 });
  });
});

describe('tourist_state', () => {
  const deviceid = 'device-tourist-0001';
  const guest = guestCredentials(deviceid);

  it('recognises the guest auto-registration of a device', () => {
    expect(isGuestRegistration({ user_name: guest.user_name, imei: guest.imei }, deviceid)).toBe(true);
    expect(isGuestRegistration({ user_name: guest.user_name }, deviceid)).toBe(true);
    expect(isGuestRegistration({ user_name: guest.user_name, imei: 'x' }, deviceid)).toBe(false);
    expect(isGuestRegistration({ user_name: 'someone1' }, deviceid)).toBe(false);
    expect(isGuestRegistration({ user_name: guest.user_name }, '')).toBe(false);
    expect(touristMode({ tourist_state: '1' })).toBe(true);
    expect(touristMode({ tourist_state: '0' })).toBe(false);
  });

  it('in tourist mode the guest auto-registration is refused, other registrations are not', async () => {
    await editConfig({ tourist_state: '1' });
    const guestReg = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/reg',
        remoteAddress: nextIp(),
        headers: { deviceid, 'accept-language': lang },
        payload: { user_name: guest.user_name, user_pwd: guest.user_pwd, user_pwd2: guest.user_pwd, imei: guest.imei },
      });
    const refused = await guestReg('en-US');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 1403,
      msg: 'Tourist mode is on: guest accounts are not created, please register or sign in',
    });
    expect((await guestReg('ja-JP')).json().msg).toBe(
      'ゲストモードのため、ゲストアカウントは作成されません。登録またはログインしてください',
    );
    expect(await findUserByName(t.db.db, guest.user_name)).toBeUndefined();
    // A person registering a name of their own from the same device is fine.
    expect((await reg('touristok1', nextIp(), { deviceid })).statusCode).toBe(200);

    // Tourist mode off (the default): the launch flow registers the device's guest without a tap.
    await editConfig({ tourist_state: '0' });
    const ok = await guestReg('en-US');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().info).toMatchObject({ user_name: guest.user_name, imei: guest.imei });
  });
});

describe('deletion handlers (the user.deleted event)', () => {
  const requestAndAge = async (user: UserRow) => {
    await t.db.db
      .update(macUser)
      .set({ user_delete_requested_at: new Date('2026-03-02T02:00:00Z') })
      .where(eq(macUser.user_id, user.user_id));
  };
  const due = new Date('2026-03-20T00:00:00Z');

  it('run inside the deletion transaction with the user as it was', async () => {
    const u = await makeUser(t, { phone: '13900000001' });
    await requestAndAge(u.user);
    const seen: Array<{ id: number; phone: string; nameInTx: string }> = [];
    // Other modules (billing) register their own handlers; this test's comes and goes.
    const before = t.app.services.accounts.deletionHandlers.length;
    const off = t.app.events.on('user.deleted', async ({ tx, user, now }) => {
      expect(now).toEqual(due);
      // Inside the transaction the row is already anonymised (and locked until the commit).
      const [row] = await tx.select().from(macUser).where(eq(macUser.user_id, user.user_id));
      seen.push({ id: user.user_id, phone: user.user_phone, nameInTx: row?.user_name ?? '' });
    });
    try {
      expect(await t.app.services.accounts.processDeletions(due)).toBe(1);
    } finally {
      off();
    }
    expect(seen).toEqual([{ id: u.user.user_id, phone: '13900000001', nameInTx: `deleted_${u.user.user_id}` }]);
    expect(t.app.services.accounts.deletionHandlers).toHaveLength(before);
  });

  it('a failing handler rolls that deletion back and keeps it pending; the others are processed', async () => {
    const bad = await makeUser(t, { phone: '13900000002' });
    const good = await makeUser(t, { phone: '13900000003' });
    await requestAndAge(bad.user);
    await requestAndAge(good.user);
    const off = t.app.events.on('user.deleted', async ({ user }) => {
      if (user.user_id === bad.user.user_id) throw new Error('order settlement failed');
    });
    try {
      await expect(t.app.services.accounts.processDeletions(due)).rejects.toThrow('order settlement failed');
    } finally {
      off();
    }
    const badRow = await findUserById(t.db.db, bad.user.user_id);
    expect(badRow?.user_deleted_at).toBeNull();
    expect(badRow?.user_phone).toBe('13900000002');
    expect(badRow?.user_delete_requested_at).not.toBeNull();
    const goodRow = await findUserById(t.db.db, good.user.user_id);
    expect(goodRow?.user_deleted_at).not.toBeNull();
    expect(goodRow?.user_phone).toBe('');
    // The session of the rolled-back user still works; the next run (handler fixed) completes it.
    expect((await t.app.inject({ url: '/api/user/info', method: 'POST', headers: bad.headers })).statusCode).toBe(200);
    expect(await t.app.services.accounts.processDeletions(due)).toBe(1);
    expect((await findUserById(t.db.db, bad.user.user_id))?.user_deleted_at).not.toBeNull();
  });
});

describe('request headers of spec §3', () => {
  it('reg and login take the imei header when the body has none', async () => {
    const res = await reg('imeiuser1', nextIp(), { imei: 'ABCDEF0123456789' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.imei).toBe('ABCDEF0123456789');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: nextIp(),
      headers: { imei: '1111222233334444' },
      payload: { user_name: 'imeiuser1', user_pwd: 'abc123' },
    });
    expect(login.json().info.imei).toBe('1111222233334444');
  });

  it('reads and validates i, imei, time and startupTime', async () => {
    const app = Fastify();
    await app.register(requestContext);
    app.get('/echo', async (req) => req.client);
    const read = async (headers: Record<string, string>) => (await app.inject({ url: '/echo', headers })).json();
    expect(
      await read({
        i: 'https://api.example.com/',
        imei: 'abc-DEF_123456789xyz',
        time: '1767225600',
        startupTime: '1767225000',
        deviceid: 'dev<script>1',
        versionCode: '137',
      }),
    ).toMatchObject({
      baseUrl: 'https://api.example.com',
      imei: 'abc-DEF_12345678',
      time: 1767225600,
      startupTime: 1767225000,
      deviceid: 'devscript1',
      versionCode: 137,
    });
    expect(await read({ i: 'javascript:alert(1)', time: '-5', startupTime: 'soon', versionCode: '1e9' })).toMatchObject(
      {
        baseUrl: '',
        time: 0,
        startupTime: 0,
        versionCode: 0,
        imei: '',
      },
    );
    await app.close();
    expect(baseAddress('http://10.0.0.2:8080/api/')).toBe('http://10.0.0.2:8080/api');
    expect(baseAddress('https://user:pw@example.com')).toBe('');
    expect(baseAddress('ftp://example.com')).toBe('');
    expect(baseAddress(`https://example.com/${'a'.repeat(200)}`)).toBe('');
    expect(baseAddress(undefined)).toBe('');
  });
});
