/**
 * Viewer account calls through HTTP (issue 3): regCheck, reg, login, checkLogin, userInfo, updateInfo, portrait,
 * keepAlive, logout, deleteAccount; the spec §5 messages in zh-cn and en-us; the guest auto-registration flow.
 */
import fs from 'node:fs';
import path from 'node:path';
import { guestCredentials } from '@openvod/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../core/db.ts';
import { macPlog, macUser, userSession } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findUserByName, LOGIN_SLOWDOWN_MS } from './accounts.service.ts';
import { formFile, image, makeUser, nextIp } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// The operator's account settings (app config) at their defaults before each test.
const DEFAULT_SETTINGS = { keepalive_points: 1, reg_ip_daily_limit: 10, tourist_state: '0' };
beforeEach(async () => {
  t.app.services.accounts.now = () => new Date();
  await t.app.services.appConfig.update(DEFAULT_SETTINGS);
});

const en = { 'accept-language': 'en-US' };
const zh = { 'accept-language': 'zh-CN' };

describe('regCheck', () => {
  it('answers code 2 when the name exists and 1 when it is free', async () => {
    await makeUser(t, { user_name: 'taken_name' });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg-check',
      headers: en,
      payload: { str: 'taken_name', t: 'user_name' },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ code: 2, msg: 'This user name is already taken', exists: true });
    const free = await t.app.inject({ method: 'POST', url: '/api/user/reg-check', payload: { str: 'free_name' } });
    expect(free.json()).toEqual({ code: 1, msg: '该用户名可以使用', exists: false });
    const empty = await t.app.inject({ method: 'POST', url: '/api/user/reg-check', payload: { str: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 1001, field: 'str' });
  });
});

describe('reg', () => {
  const cases: [string, Record<string, unknown>, string, string, string][] = [
    [
      'account format',
      { user_name: 'a b', user_pwd: 'abc123', user_pwd2: 'abc123' },
      'user_name',
      '账号格式不正确！',
      'The account format is incorrect!',
    ],
    [
      'empty account',
      { user_name: '', user_pwd: 'abc123', user_pwd2: 'abc123' },
      'user_name',
      '账号格式不正确！',
      'The account format is incorrect!',
    ],
    [
      'reserved name',
      { user_name: 'deleted_99', user_pwd: 'abc123', user_pwd2: 'abc123' },
      'user_name',
      '账号格式不正确！',
      'The account format is incorrect!',
    ],
    [
      'empty password',
      { user_name: 'newbie', user_pwd: '', user_pwd2: '' },
      'user_pwd',
      '密码不能为空！',
      'Password cannot be empty!',
    ],
    [
      'short password',
      { user_name: 'newbie', user_pwd: 'ab12', user_pwd2: 'ab12' },
      'user_pwd',
      '密码至少 6 位，且须同时包含字母和数字',
      'The password must be at least 6 characters and mix letters and digits',
    ],
    [
      'letters only',
      { user_name: 'newbie', user_pwd: 'abcdefg', user_pwd2: 'abcdefg' },
      'user_pwd',
      '密码至少 6 位，且须同时包含字母和数字',
      'The password must be at least 6 characters and mix letters and digits',
    ],
    [
      'digits only',
      { user_name: 'newbie', user_pwd: '1234567', user_pwd2: '1234567' },
      'user_pwd',
      '密码至少 6 位，且须同时包含字母和数字',
      'The password must be at least 6 characters and mix letters and digits',
    ],
    [
      'mismatch',
      { user_name: 'newbie', user_pwd: 'abc123', user_pwd2: 'abc124' },
      'user_pwd2',
      '两次输入的密码不一致！',
      'The passwords are inconsistent twice!',
    ],
    [
      'no confirmation',
      { user_name: 'newbie', user_pwd: 'abc123' },
      'user_pwd2',
      '两次输入的密码不一致！',
      'The passwords are inconsistent twice!',
    ],
  ];
  for (const [name, payload, field, zhMsg, enMsg] of cases) {
    it(`refuses ${name} with the spec's message (zh-cn, en-us), writing nothing`, async () => {
      const ip = nextIp();
      const a = await t.app.inject({ method: 'POST', url: '/api/user/reg', headers: zh, remoteAddress: ip, payload });
      expect(a.statusCode).toBe(400);
      expect(a.json()).toEqual({ code: 1001, msg: zhMsg, field });
      const b = await t.app.inject({ method: 'POST', url: '/api/user/reg', headers: en, remoteAddress: ip, payload });
      expect(b.json()).toEqual({ code: 1001, msg: enMsg, field });
      const name = String(payload.user_name);
      if (name) expect(await findUserByName(t.db.db, name)).toBeUndefined();
    });
  }

  it('registers a member in group 2 with a session, an invitation code and the inviter chain', async () => {
    const top = await makeUser(t, { user_name: 'inviter_top' });
    const mid = await makeUser(t, { user_name: 'inviter_mid', invitation_code: top.user.user_invite_code });
    const low = await makeUser(t, { user_name: 'inviter_low', invitation_code: mid.user.user_invite_code });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      remoteAddress: nextIp(),
      headers: { deviceid: 'device-reg-1' },
      payload: {
        user_name: 'alice01',
        user_pwd: 'secret99',
        user_pwd2: 'secret99',
        imei: 'abcdef0123456789',
        invitation_code: low.user.user_invite_code.toLowerCase(),
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 1,
      info: { user_name: 'alice01', group_id: 2, is_vip: false, user_points: 0, imei: 'abcdef0123456789' },
    });
    expect(body.info.invitation_code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await findUserByName(t.db.db, 'alice01');
    expect([row?.user_pid, row?.user_pid_2, row?.user_pid_3]).toEqual([
      low.user.user_id,
      mid.user.user_id,
      top.user.user_id,
    ]);
    expect(row?.user_pwd).toMatch(/^\$argon2id\$/);
    expect(row?.user_device_id).toBe('device-reg-1');
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/user/check-login',
      headers: { authorcode: body.token },
    });
    expect(me.json()).toMatchObject({ code: 1, info: { user_name: 'alice01' } });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      headers: en,
      remoteAddress: nextIp(),
      payload: { user_name: 'alice01', user_pwd: 'secret99', user_pwd2: 'secret99' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 1409, msg: 'This user name is already taken', field: 'user_name' });
  });

  it('ignores an unknown invitation code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      remoteAddress: nextIp(),
      payload: { user_name: 'no_inviter', user_pwd: 'abc123', user_pwd2: 'abc123', invitation_code: 'ZZZZZZ' },
    });
    expect(res.statusCode).toBe(200);
    expect((await findUserByName(t.db.db, 'no_inviter'))?.user_pid).toBe(0);
  });

  it('caps registrations per IP per operator day (setting reg_ip_daily_limit) with 429', async () => {
    await t.app.services.appConfig.update({ reg_ip_daily_limit: 2 });
    const ip = nextIp();
    // 23:00 in Shanghai on 2 March 2026; the next operator day starts an hour later.
    t.app.services.accounts.now = () => new Date('2026-03-02T15:00:00Z');
    const statuses: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/reg',
        headers: en,
        remoteAddress: ip,
        payload: { user_name: `capped${n}`, user_pwd: 'abc123', user_pwd2: 'abc123' },
      });
      statuses.push(res.statusCode);
      if (n === 3) {
        expect(res.json()).toEqual({
          code: 1429,
          msg: 'Too many registrations from this network today, please try again tomorrow',
        });
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(await findUserByName(t.db.db, 'capped3')).toBeUndefined();
    t.app.services.accounts.now = () => new Date('2026-03-02T16:30:00Z');
    const nextDay = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      remoteAddress: ip,
      payload: { user_name: 'capped3', user_pwd: 'abc123', user_pwd2: 'abc123' },
    });
    expect(nextDay.statusCode).toBe(200);
  });
});

describe('login', () => {
  it("checks the spec's rules, refuses wrong credentials and signs in", async () => {
    await makeUser(t, { user_name: 'bob_login', password: 'pass1234' });
    const ip = nextIp();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: en,
      remoteAddress: ip,
      payload: { user_name: 'bob_login', user_pwd: 'wrong123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 0, msg: 'Wrong account name or password' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: ip,
      payload: { user_name: 'nobody_here', user_pwd: 'pass1234' },
    });
    expect(unknown.json()).toEqual({ code: 0, msg: '账号或密码错误' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: en,
      remoteAddress: ip,
      payload: { user_name: 'bob_login', user_pwd: '' },
    });
    expect(empty.json()).toEqual({ code: 1001, msg: 'Password cannot be empty!', field: 'user_pwd' });
    const format = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: zh,
      remoteAddress: ip,
      payload: { user_name: '', user_pwd: 'x' },
    });
    expect(format.json()).toEqual({ code: 1001, msg: '账号格式不正确！', field: 'user_name' });
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: en,
      remoteAddress: ip,
      payload: { user_name: 'bob_login', user_pwd: 'pass1234', user_pwd2: 'pass12345' },
    });
    expect(mismatch.json()).toEqual({ code: 1001, msg: 'The passwords are inconsistent twice!', field: 'user_pwd2' });

    const good = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: ip,
      headers: { deviceid: 'phone-42' },
      payload: { user_name: 'bob_login', user_pwd: 'pass1234', user_pwd2: 'pass1234', imei: '0123456789abcdef' },
    });
    expect(good.statusCode).toBe(200);
    const { token, info } = good.json();
    expect(info).toMatchObject({ user_name: 'bob_login', imei: '0123456789abcdef', deletion: null });
    const row = await findUserByName(t.db.db, 'bob_login');
    expect(row?.user_login_num).toBeGreaterThanOrEqual(2);
    expect(row?.user_login_ip).toBe(ip);
    const [session] = await t.db.db
      .select()
      .from(userSession)
      .where(and(eq(userSession.user_id, info.user_id), eq(userSession.device_id, 'phone-42')));
    expect(session?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.token_hash).not.toBe(token);
    const days = ((session?.expires_at.getTime() ?? 0) - (session?.created_at.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(30);
  });

  it('strangers guessing a password from many addresses do not lock its owner out: they slow the name down', async () => {
    await makeUser(t, { user_name: 'victim', password: 'right123' });
    const waits: number[] = [];
    const accounts = t.app.services.accounts;
    const realDelay = accounts.delay;
    accounts.delay = async (ms) => void waits.push(ms);
    try {
      // Ten wrong passwords from ten addresses: each a plain failure.
      for (let i = 0; i < 10; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: nextIp(),
          headers: en,
          payload: { user_name: 'victim', user_pwd: `guess${i}xx` },
        });
        expect(res.statusCode).toBe(400);
      }
      expect(waits).toEqual([]);
      // The owner, from an address of their own, still signs in (after the slow-down's wait).
      const right = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: nextIp(),
        headers: en,
        payload: { user_name: 'victim', user_pwd: 'right123' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.json().code).toBe(1);
      expect(waits).toEqual([LOGIN_SLOWDOWN_MS]);
      // A further guess from yet another address is slowed down too and still fails.
      const guess = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: nextIp(),
        headers: en,
        payload: { user_name: 'victim', user_pwd: 'guess99xx' },
      });
      expect(guess.statusCode).toBe(400);
      expect(waits).toEqual([LOGIN_SLOWDOWN_MS, LOGIN_SLOWDOWN_MS]);
    } finally {
      accounts.delay = realDelay;
      await accounts.loginGuard.reset('victim');
    }
  });

  it('refuses brute force on one user name from one address with 429, that address only', async () => {
    await makeUser(t, { user_name: 'victim2', password: 'right123' });
    const ip = nextIp();
    const accounts = t.app.services.accounts;
    const realDelay = accounts.delay;
    accounts.delay = async () => {};
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: ip,
          headers: en,
          payload: { user_name: 'victim2', user_pwd: `guess${i}xx` },
        });
        statuses.push(res.statusCode);
        if (i === 10) expect(res.json()).toEqual({ code: 1429, msg: 'Please do not operate frequently' });
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      // That address stays refused, even with the right password, for the window.
      const sameIp = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: ip,
        payload: { user_name: 'victim2', user_pwd: 'right123' },
      });
      expect(sameIp.statusCode).toBe(429);
      // Another address (the owner's) signs in.
      const owner = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: nextIp(),
        payload: { user_name: 'victim2', user_pwd: 'right123' },
      });
      expect(owner.statusCode).toBe(200);
      // An IPv6 guesser is counted by its /64: a new address inside it is refused too.
      for (let i = 0; i < 10; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}`,
          payload: { user_name: 'victim2', user_pwd: `guess${i}xx` },
        });
      }
      const sameNet = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '2001:db8:1:2:ffff::1',
        payload: { user_name: 'victim2', user_pwd: 'right123' },
      });
      expect(sameNet.statusCode).toBe(429);
    } finally {
      accounts.delay = realDelay;
      await accounts.loginGuard.reset('victim2', [ip, '2001:db8:1:2::1']);
    }
  });

  it('refuses brute force from one IP with 429, whatever the names', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: ip,
        payload: { user_name: `spray${i}`, user_pwd: 'abc123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('refuses a disabled account with 403', async () => {
    await makeUser(t, { user_name: 'disabled_u', password: 'abc123', user_status: 0 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: en,
      remoteAddress: nextIp(),
      payload: { user_name: 'disabled_u', user_pwd: 'abc123' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 1403, msg: 'Access denied' });
  });
});

describe('the guest auto-registration flow (spec §3, §4)', () => {
  it('checks the derived name, registers, then logs in on the next launch', async () => {
    const deviceId = 'guest-device-7f3a9c';
    const g = guestCredentials(deviceId);
    const inviter = await makeUser(t, { user_name: 'guest_inviter' });
    const headers = { deviceid: deviceId };
    const check = await t.app.inject({ method: 'POST', url: '/api/user/reg-check', payload: { str: g.user_name } });
    expect(check.json().code).toBe(1);
    const ip = nextIp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      headers,
      remoteAddress: ip,
      payload: {
        user_name: g.user_name,
        user_pwd: g.user_pwd,
        user_pwd2: g.user_pwd,
        imei: g.imei,
        invitation_code: inviter.user.user_invite_code,
      },
    });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().info).toMatchObject({ user_name: g.user_name, imei: g.imei });
    const check2 = await t.app.inject({ method: 'POST', url: '/api/user/reg-check', payload: { str: g.user_name } });
    expect(check2.json().code).toBe(2);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers,
      remoteAddress: ip,
      payload: { user_name: g.user_name, user_pwd: g.user_pwd, user_pwd2: g.user_pwd, imei: g.imei },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().info.user_id).toBe(reg.json().info.user_id);
    expect((await findUserByName(t.db.db, g.user_name))?.user_pid).toBe(inviter.user.user_id);
  });
});

describe('checkLogin, userInfo, updateInfo', () => {
  it('returns the user with the phone masked and VIP state', async () => {
    const u = await makeUser(t, { user_name: 'info_user', phone: '+86 138-0013-8000' });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().info).toMatchObject({
      user_id: u.user.user_id,
      user_phone: '138****8000',
      group_id: 2,
      group: { group_id: 2, group_name: '默认会员' },
      is_vip: false,
      user_status: 1,
      deletion: null,
    });
    const check = await t.app.inject({ method: 'POST', url: '/api/user/check-login', headers: u.headers });
    expect(check.json()).toMatchObject({ code: 1, info: { user_name: 'info_user' } });
    const anon = await t.app.inject({ method: 'POST', url: '/api/user/check-login', headers: en });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ code: 1401, msg: 'Unauthorized, please log in' });
  });

  it('updates nickname (sanitised), gender and birthday; refuses an empty nickname and bad dates', async () => {
    const u = await makeUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-info',
      headers: u.headers,
      payload: { user_nick_name: ' <b>Ann</b><script>x()</script> ', user_gender: 2, user_birthday: '1990-05-17' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().info).toMatchObject({ user_nick_name: 'Ann', user_gender: 2, user_birthday: '1990-05-17' });
    for (const [headers, msg] of [
      [zh, '昵称不能为空'],
      [en, 'Nickname must not be empty'],
    ] as const) {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/user/update-info',
        headers: { ...u.headers, ...headers },
        payload: { user_nick_name: '   ' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ code: 1001, msg, field: 'user_nick_name' });
    }
    const markupOnly = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-info',
      headers: u.headers,
      payload: { user_nick_name: '<img src=x>' },
    });
    expect(markupOnly.json().field).toBe('user_nick_name');
    for (const bad of ['1990-02-30', '2999-01-01', '1800-01-01']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/user/update-info',
        headers: { ...u.headers, ...en },
        payload: { user_birthday: bad },
      });
      expect(r.json(), bad).toEqual({ code: 1001, msg: 'The birthday is not a valid date', field: 'user_birthday' });
    }
    const badGender = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-info',
      headers: u.headers,
      payload: { user_gender: 7 },
    });
    expect(badGender.json()).toMatchObject({ code: 1001, field: 'user_gender' });
    const after = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers });
    expect(after.json().info).toMatchObject({ user_nick_name: 'Ann', user_gender: 2, user_birthday: '1990-05-17' });
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-info',
      headers: u.headers,
      payload: { user_birthday: '' },
    });
    expect(cleared.json().info.user_birthday).toBe('');
  });
});

describe('portrait', () => {
  it('re-encodes JPEG, PNG and WebP to a 256x256 JPEG under /media/avatars and replaces the old file', async () => {
    const u = await makeUser(t);
    let previous = '';
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const form = formFile('file', `me.${format}`, `image/${format}`, await image(format, 640, 480));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/portrait',
        headers: { ...u.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, format).toBe(200);
      const url = res.json().info.user_portrait as string;
      expect(url).toMatch(new RegExp(`^/media/avatars/${u.user.user_id}-[0-9a-f]{16}\\.jpg$`));
      const file = path.join(t.dataDir, 'media', url.slice('/media/'.length));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
      const served = await t.app.inject(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toContain('image/jpeg');
      if (previous) {
        // The old file is removed in the background.
        const old = path.join(t.dataDir, 'media', previous.slice('/media/'.length));
        await vi.waitFor(() => expect(fs.existsSync(old)).toBe(false));
      }
      previous = url;
    }
  });

  it('refuses other types by their bytes, damaged images, files over 2 MB and a missing file', async () => {
    const u = await makeUser(t);
    const post = (form: { payload: Buffer; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/portrait',
        headers: { ...u.headers, ...en, ...form.headers },
        payload: form.payload,
      });
    const gif = await post(formFile('file', 'a.jpg', 'image/jpeg', await image('gif')));
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toEqual({ code: 1001, msg: 'Only JPEG, PNG or WebP images are accepted', field: 'file' });
    const html = await post(formFile('file', 'a.png', 'image/png', Buffer.from('<svg onload=alert(1)>')));
    expect(html.json().msg).toBe('Only JPEG, PNG or WebP images are accepted');
    const damaged = await post(
      formFile(
        'file',
        'a.jpg',
        'image/jpeg',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]),
      ),
    );
    expect(damaged.json()).toEqual({ code: 1001, msg: 'The image is damaged or cannot be read', field: 'file' });
    const big = Buffer.concat([await image('jpeg'), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await post(formFile('file', 'big.jpg', 'image/jpeg', big));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ code: 1001, msg: 'The image must not be larger than 2 MB', field: 'file' });
    const wrongField = await post(formFile('avatar', 'a.jpg', 'image/jpeg', await image('jpeg')));
    expect(wrongField.json()).toEqual({ code: 1001, msg: 'Please choose an image to upload', field: 'file' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/user/portrait',
      headers: { ...u.headers, ...zh },
      payload: { file: 'x' },
    });
    expect(notMultipart.json()).toEqual({ code: 1001, msg: '请选择要上传的图片', field: 'file' });
    const after = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers });
    expect(after.json().info.user_portrait).toBe('');
  });
});

describe('keepAlive', () => {
  it('pays the reward once per operator day and journals it', async () => {
    const u = await makeUser(t);
    await t.app.services.appConfig.update({ keepalive_points: 3 });
    // 23:30 on Monday 2 March 2026 in Shanghai (15:30 UTC).
    t.app.services.accounts.now = () => new Date('2026-03-02T15:30:00Z');
    const first = await t.app.inject({ url: '/api/user/keep-alive', headers: { ...u.headers, ...en } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 1, msg: 'Keep-alive reward of 3 points issued', point: 3, user_points: 3 });
    const second = await t.app.inject({ url: '/api/user/keep-alive', headers: { ...u.headers, ...en } });
    expect(second.json()).toEqual({
      code: 1,
      msg: "Today's keep-alive reward already issued",
      point: 0,
      user_points: 3,
    });
    const zhSecond = await t.app.inject({ url: '/api/user/keep-alive', headers: { ...u.headers, ...zh } });
    expect(zhSecond.json().msg).toBe('今日保活奖励已发放');
    // 00:30 on Tuesday in Shanghai: the same UTC day, a new operator day.
    t.app.services.accounts.now = () => new Date('2026-03-02T16:30:00Z');
    const nextDay = await t.app.inject({ url: '/api/user/keep-alive', headers: u.headers });
    expect(nextDay.json()).toMatchObject({ point: 3, user_points: 6 });
    const plogs = await t.db.db
      .select()
      .from(macPlog)
      .where(eq(macPlog.user_id, u.user.user_id))
      .orderBy(macPlog.plog_id);
    expect(plogs.map((p) => [p.plog_type, p.plog_points, p.plog_balance, p.plog_key])).toEqual([
      [11, 3, 3, `keepalive:${u.user.user_id}:2026-03-02`],
      [11, 3, 6, `keepalive:${u.user.user_id}:2026-03-03`],
    ]);
  });

  it('pays nothing when the operator sets the reward to 0, with the default of 1 otherwise', async () => {
    const u = await makeUser(t);
    await t.app.services.appConfig.update({ keepalive_points: 0 });
    const none = await t.app.inject({ url: '/api/user/keep-alive', headers: u.headers });
    expect(none.json()).toEqual({ code: 1, msg: 'ok', point: 0, user_points: 0 });
    await t.app.services.appConfig.update(DEFAULT_SETTINGS);
    const one = await t.app.inject({ url: '/api/user/keep-alive', headers: u.headers });
    expect(one.json()).toMatchObject({ point: 1, user_points: 1 });
  });
});

describe('logout', () => {
  it('ends that session only', async () => {
    const u = await makeUser(t, { user_name: 'logout_user', password: 'abc123' });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: nextIp(),
      payload: { user_name: 'logout_user', user_pwd: 'abc123' },
    });
    const otherHeaders = { authorcode: other.json().token as string };
    const res = await t.app.inject({ url: '/api/user/logout', headers: u.headers });
    expect(res.json()).toEqual({ code: 1, msg: 'ok' });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/info', headers: otherHeaders })).statusCode).toBe(200);
  });
});

describe('deleteAccount', () => {
  it('records the request with process_after 3 working days later; login shows it; cancel withdraws it', async () => {
    const u = await makeUser(t, { user_name: 'leaving', password: 'abc123' });
    // Friday 6 March 2026, 10:00 in Shanghai → Wednesday 11 March, 10:00.
    t.app.services.accounts.now = () => new Date('2026-03-06T02:00:00Z');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete-account',
      headers: { ...u.headers, ...en },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 1,
      msg: 'Account deletion requested; it will be processed within 3 working days',
      deletion: { requested_at: '2026-03-06T02:00:00.000Z', process_after: '2026-03-11T02:00:00.000Z' },
    });
    // A repeated request keeps the first time.
    t.app.services.accounts.now = () => new Date('2026-03-07T02:00:00Z');
    const repeat = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete-account',
      headers: u.headers,
      payload: { cancel: false },
    });
    expect(repeat.json().deletion.requested_at).toBe('2026-03-06T02:00:00.000Z');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: nextIp(),
      payload: { user_name: 'leaving', user_pwd: 'abc123' },
    });
    expect(login.json().info.deletion).toEqual(res.json().deletion);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/user/delete-account',
      headers: { ...u.headers, ...zh },
      payload: { cancel: true },
    });
    expect(cancel.json()).toEqual({ code: 1, msg: '已撤销注销申请', deletion: null });
    expect(await t.app.services.accounts.processDeletions(new Date('2026-04-01T00:00:00Z'))).toBe(0);
    const info = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers });
    expect(info.json().info).toMatchObject({ user_name: 'leaving', deletion: null });
  });

  it('is processed by the job after 3 working days: anonymised, signed out, phone and name freed', async () => {
    const u = await makeUser(t, { user_name: 'gone_soon', password: 'abc123', phone: '13900139000' });
    t.app.services.accounts.now = () => new Date('2026-03-06T02:00:00Z');
    const form = formFile('file', 'a.png', 'image/png', await image('png'));
    const portrait = await t.app.inject({
      method: 'POST',
      url: '/api/user/portrait',
      headers: { ...u.headers, ...form.headers },
      payload: form.payload,
    });
    const avatar = path.join(t.dataDir, 'media', (portrait.json().info.user_portrait as string).slice(7));
    await t.app.inject({ method: 'POST', url: '/api/user/delete-account', headers: u.headers, payload: {} });
    const accounts = t.app.services.accounts;
    expect(await accounts.processDeletions(new Date('2026-03-11T01:59:59Z'))).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers })).statusCode).toBe(200);
    expect(await accounts.processDeletions(new Date('2026-03-11T02:00:01Z'))).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers })).statusCode).toBe(401);
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id));
    expect(row).toMatchObject({
      user_name: `deleted_${u.user.user_id}`,
      user_pwd: '',
      user_phone: '',
      user_nick_name: '',
      user_portrait: '',
      user_status: 0,
    });
    expect(row?.user_deleted_at?.toISOString()).toBe('2026-03-11T02:00:01.000Z');
    const sessions = rowsOf<{ n: number }>(
      await t.db.db.execute(sql`select count(*)::int as n from user_session where user_id = ${u.user.user_id}`),
    );
    expect(sessions[0]?.n).toBe(0);
    await vi.waitFor(() => expect(fs.existsSync(avatar)).toBe(false));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: nextIp(),
      payload: { user_name: 'gone_soon', user_pwd: 'abc123' },
    });
    expect(login.statusCode).toBe(400);
    const again = await makeUser(t, { user_name: 'gone_soon', phone: '13900139000' });
    expect(again.user.user_phone).toBe('13900139000');
    expect(await accounts.processDeletions(new Date('2026-04-01T00:00:00Z'))).toBe(0);
  });
});
