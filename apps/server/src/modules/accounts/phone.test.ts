import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macPlog, macUser, smsCode } from '../../db/schema/index.ts';
import { desEcbDecrypt, desEcbEncrypt } from '../../lib/des.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { SmsPurpose } from '../sms/index.ts';
import { readOutbox, SmsSendError } from '../sms/sms.provider.ts';
import { SMS_DAILY_PER_IP, SMS_DAILY_PER_PHONE, SmsCodeService } from '../sms/sms.service.ts';

const KEY = 'k3y-8byt';
const EN = { 'accept-language': 'en-US' };

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ ONE_CLICK_PROVIDER: 'fake', ENCRYPT_KEY: KEY });
  admin = await t.adminHeaders();
});
afterAll(() => t.close());

// Every test speaks from its own addresses so the per-IP limits of one do not leak into another.
let ipSeq = 0;
const nextIp = () => {
  ipSeq++;
  return `10.9.${Math.floor(ipSeq / 200)}.${(ipSeq % 200) + 1}`;
};
let phoneSeq = 0;
const nextPhone = () => `137${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;

/** The rest of a POST: the JSON body, a fresh client address (unless `ip`), English messages. */
function req(payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return {
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...EN, ...opts.headers },
  };
}

/** The newest code the console provider sent to `phone` for `purpose`. */
function lastCode(phone: string, purpose: SmsPurpose): string {
  const hit = readOutbox(t.dataDir)
    .filter((m) => m.phone === phone && m.purpose === purpose)
    .at(-1);
  if (!hit) throw new Error(`no ${purpose} code for ${phone}`);
  return hit.code;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function registerByPhone(phone: string) {
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/user/phone-register/code', ...req({ phone }) })).statusCode,
  ).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/phone-register',
    ...req({ phone, code: lastCode(phone, 'register') }),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; info: { user_id: number; user_phone: string; user_points: number } };
}

async function registerByName(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/reg',
    ...req({ user_name: name, user_pwd: 'abc123', user_pwd2: 'abc123' }),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; info: { user_id: number } };
}

/** Move the SMS clock by `ms` from now for the duration of `fn`. */
async function withClock<T>(offsetMs: () => number, fn: () => Promise<T>): Promise<T> {
  const sms = t.app.services.sms;
  sms.now = () => new Date(Date.now() + offsetMs());
  try {
    return await fn();
  } finally {
    sms.now = () => new Date();
  }
}

describe('spec §5 input rules', () => {
  it('a wrong or missing phone and an empty code get the spec messages, in the caller language', async () => {
    for (const payload of [{ phone: '12345' }, {}, { phone: '+1 555 0100' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/phone-register/code', ...req(payload) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 1001, msg: 'Please enter a correct phone number', field: 'phone' });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-login',
      ...req({ phone: '13800138000', code: '' }),
    });
    expect(empty.json()).toEqual({ code: 1001, msg: 'The verification code is empty!', field: 'code' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-register',
      ...req({ phone: '13800138000' }),
    });
    expect(missing.json().msg).toBe('The verification code is empty!');
    const ja = await t.app.inject({
      method: 'POST',
      url: '/api/user/code-login',
      ...req({ phone: '13800138000', code: ' ' }, { headers: { 'accept-language': 'ja' } }),
    });
    expect(ja.json().msg).toBe('認証コードが空です！');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      ...req({ phone: '1' }, { headers: { 'accept-language': 'zh-CN' } }),
    });
    expect(zh.statusCode).toBe(401);
  });
});

describe('phone registration and login', () => {
  it('phoneRegisterCode sends a 6-digit code to the outbox; phoneRegister signs the new account in', async () => {
    const phone = nextPhone();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-register/code',
      ...req({ phone: `+86${phone}` }),
    });
    expect(sent.json()).toEqual({ code: 1, msg: 'The verification code has been sent', resend_after: 60 });
    const line = readOutbox(t.dataDir).at(-1);
    expect(line).toMatchObject({ phone, purpose: 'register' });
    expect(line?.code).toMatch(/^\d{6}$/);
    expect(new Date(line?.at ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-register',
      ...req({ phone, code: wrong(line?.code ?? '') }),
    });
    expect(bad.json()).toEqual({
      code: 1001,
      msg: 'The verification code is incorrect, 4 attempts left',
      field: 'code',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-register',
      ...req({ phone, code: line?.code, imei: 'imei-0001' }, { headers: { deviceid: 'dev-1' } }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 1,
      info: { user_phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`, group_id: 2, imei: 'imei-0001' },
    });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/user/check-login',
      headers: { authorcode: body.token },
    });
    expect(check.json()).toMatchObject({ code: 1, info: { user_id: body.info.user_id } });
    // The code was single use.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-register',
      ...req({ phone, code: line?.code }),
    });
    expect(again.json().msg).toBe('This phone number is already registered, please log in');
    const code2 = await t.app.inject({ method: 'POST', url: '/api/user/phone-register/code', ...req({ phone }) });
    expect(code2.json()).toMatchObject({ code: 1409, msg: 'This phone number is already registered, please log in' });
  });

  it('phoneLogin and codeLogin sign in the account of a number; an unknown number is told to register', async () => {
    const unknown = nextPhone();
    const nope = await t.app.inject({ method: 'POST', url: '/api/user/phone-login/code', ...req({ phone: unknown }) });
    expect(nope.statusCode).toBe(400);
    expect(nope.json().msg).toBe('This phone number is not registered yet, please register first');
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/api/user/phone-login', ...req({ phone: unknown, code: '123456' }) })
      ).json().msg,
    ).toBe('This phone number is not registered yet, please register first');

    const phone = nextPhone();
    const { info } = await registerByPhone(phone);
    const ip = nextIp();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/phone-login/code', ...req({ phone }, { ip }) })).json()
        .code,
    ).toBe(1);
    // A register code is not a login code.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-login',
      ...req({ phone, code: lastCode(phone, 'register') }),
    });
    expect(other.json().msg).toBe('The verification code is incorrect, 4 attempts left');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-login',
      ...req({ phone, code: lastCode(phone, 'login') }),
    });
    expect(login.json()).toMatchObject({ code: 1, info: { user_id: info.user_id } });

    await withClock(
      () => 61_000,
      async () => {
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/user/phone-login/code', ...req({ phone }, { ip }) })).json()
            .code,
        ).toBe(1);
      },
    );
    const codeLogin = await t.app.inject({
      method: 'POST',
      url: '/api/user/code-login',
      ...req({ phone, code: lastCode(phone, 'login') }),
    });
    expect(codeLogin.json()).toMatchObject({ code: 1, info: { user_id: info.user_id } });
    expect(codeLogin.json().token).not.toBe(login.json().token);
  });

  it('a disabled account cannot sign in by phone (403)', async () => {
    const phone = nextPhone();
    const { info } = await registerByPhone(phone);
    await t.db.db.update(macUser).set({ user_status: 0 }).where(eq(macUser.user_id, info.user_id));
    const res = await t.app.inject({ method: 'POST', url: '/api/user/phone-login', ...req({ phone, code: '123456' }) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 1403, msg: 'Access denied' });
  });
});

describe('code rules', () => {
  it('a code expires after 5 minutes', async () => {
    const phone = nextPhone();
    await registerByPhone(phone);
    // The code's time lies between these two, however slow the machine: the clocks below are set from them.
    const sentAfter = Date.now();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/phone-login/code', ...req({ phone }) })).json().code,
    ).toBe(1);
    const sentBefore = Date.now();
    const code = lastCode(phone, 'login');
    const late = await withClock(
      () => sentBefore + 5 * 60_000 + 1000 - Date.now(),
      () => t.app.inject({ method: 'POST', url: '/api/user/phone-login', ...req({ phone, code }) }),
    );
    expect(late.json()).toEqual({
      code: 1001,
      msg: 'The verification code has expired or is invalid, please get a new one',
      field: 'code',
    });
    // Just inside the 5 minutes it works.
    const inTime = await withClock(
      () => sentAfter + 5 * 60_000 - 1000 - Date.now(),
      () => t.app.inject({ method: 'POST', url: '/api/user/phone-login', ...req({ phone, code }) }),
    );
    expect(inTime.json().code).toBe(1);
  });

  it('five wrong tries lock the code, even for the right one', async () => {
    const phone = nextPhone();
    await registerByPhone(phone);
    await t.app.inject({ method: 'POST', url: '/api/user/phone-login/code', ...req({ phone }) });
    const code = lastCode(phone, 'login');
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++)
      msgs.push(
        (
          await t.app.inject({ method: 'POST', url: '/api/user/phone-login', ...req({ phone, code: wrong(code) }) })
        ).json().msg,
      );
    expect(msgs).toEqual([
      'The verification code is incorrect, 4 attempts left',
      'The verification code is incorrect, 3 attempts left',
      'The verification code is incorrect, 2 attempts left',
      'The verification code is incorrect, 1 attempts left',
      'Too many wrong attempts, please get a new verification code',
    ]);
    const right = await t.app.inject({ method: 'POST', url: '/api/user/phone-login', ...req({ phone, code }) });
    expect(right.json().msg).toBe('Too many wrong attempts, please get a new verification code');
  });

  it('60 s before a resend to the same phone and purpose; the new code replaces the old', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/phone-register/code', ...req({ phone }, { ip }) }))
        .statusCode,
    ).toBe(200);
    const first = lastCode(phone, 'register');
    const soon = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-register/code',
      ...req({ phone }, { ip }),
    });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 1429, field: 'phone' });
    expect(soon.json().msg).toMatch(/^Please wait (59|60) seconds before requesting another code$/);
    const later = await withClock(
      () => 61_000,
      () => t.app.inject({ method: 'POST', url: '/api/user/phone-register/code', ...req({ phone }, { ip }) }),
    );
    expect(later.statusCode).toBe(200);
    const second = lastCode(phone, 'register');
    // The first code was withdrawn when the second was sent.
    const rows = await t.db.db.select().from(smsCode).where(eq(smsCode.phone, phone)).orderBy(asc(smsCode.id));
    expect(rows.map((r) => r.used_at !== null)).toEqual([true, false]);
    expect(first).toMatch(/^\d{6}$/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/phone-register', ...req({ phone, code: second }) })).json()
        .code,
    ).toBe(1);
  });

  it('daily caps: 10 codes per phone and 20 per IP, reset the next operator day', async () => {
    const sms = t.app.services.sms;
    // A fixed operator day (noon in Asia/Shanghai), so no run straddles midnight.
    const noon = Date.parse('2031-03-04T04:00:00Z');
    let now = noon;
    sms.now = () => new Date(now);
    try {
      const phone = nextPhone();
      const results: string[] = [];
      for (let i = 0; i <= SMS_DAILY_PER_PHONE; i++) {
        now += 61_000;
        results.push(
          await sms.send(phone, 'login', nextIp()).then(
            () => 'sent',
            (e) => e.key,
          ),
        );
      }
      expect(results).toEqual([...Array(SMS_DAILY_PER_PHONE).fill('sent'), 'sms_phone_daily']);
      now = noon + 24 * 3600_000;
      await expect(sms.send(phone, 'login', nextIp())).resolves.toEqual({ resend_after: 60 });

      const ip = nextIp();
      const perIp: string[] = [];
      for (let i = 0; i <= SMS_DAILY_PER_IP; i++) {
        perIp.push(
          await sms.send(nextPhone(), 'register', ip).then(
            () => 'sent',
            (e) => e.key,
          ),
        );
      }
      expect(perIp).toEqual([...Array(SMS_DAILY_PER_IP).fill('sent'), 'sms_ip_daily']);
      now = noon + 2 * 24 * 3600_000;
      await expect(sms.send(nextPhone(), 'register', ip)).resolves.toEqual({ resend_after: 60 });
    } finally {
      sms.now = () => new Date();
    }
  });

  it('under concurrency a code is consumed once and only one of racing sends passes the cooldown', async () => {
    const phone = nextPhone();
    await registerByPhone(phone);
    const sends = await Promise.allSettled(
      Array.from({ length: 6 }, () => t.app.services.sms.send(phone, 'login', nextIp())),
    );
    expect(sends.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(sends.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.key)).toEqual(
      Array(5).fill('sms_resend_wait'),
    );
    const code = lastCode(phone, 'login');
    const logins = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/user/phone-login', ...req({ phone, code }) }),
      ),
    );
    expect(logins.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('a provider failure answers 502 and withdraws the code; without a provider codes are unavailable', async () => {
    const failing = {
      name: 'broken',
      send: async () => {
        throw new SmsSendError('gateway down');
      },
    };
    const secret = async () => Buffer.alloc(32, 1);
    const broken = new SmsCodeService(t.db.db, failing, secret, 'Asia/Shanghai');
    const phone = nextPhone();
    await expect(broken.send(phone, 'login', nextIp())).rejects.toMatchObject({ status: 502, key: 'sms_send_failed' });
    expect(await t.db.db.select().from(smsCode).where(eq(smsCode.phone, phone))).toEqual([]);
    const none = new SmsCodeService(t.db.db, undefined, secret, 'Asia/Shanghai');
    expect(none.enabled).toBe(false);
    await expect(none.send(phone, 'login', nextIp())).rejects.toMatchObject({ status: 400, key: 'sms_disabled' });
  });

  it('the code-sending calls are rate-limited per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/user/phone-register/code', ...req({ phone: '1' }, { ip }) }))
          .statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-register/code',
      ...req({ phone: nextPhone() }, { ip }),
    });
    expect(res.json()).toEqual({ code: 1429, msg: 'Please do not operate frequently' });
  });
});

describe('bindPhone', () => {
  it('needs a signed-in user', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/bind-phone/code', ...req({ phone: nextPhone() }) }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/bind-phone',
          ...req({ phone: nextPhone(), code: '123456' }),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('binds, rewards bindPhonePoint once per user, and refuses a phone bound to another account', async () => {
    const a = await registerByName('bind_a1');
    const ha = { authorcode: a.token };
    const phone1 = nextPhone();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      ...req({ phone: phone1 }, { headers: ha }),
    });
    expect(sent.json()).toMatchObject({ code: 1, resend_after: 60 });
    const bound = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone',
      ...req({ phone: phone1, code: lastCode(phone1, 'bind') }, { headers: ha }),
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({
      code: 1,
      msg: 'Phone number linked',
      point: 2,
      info: { user_points: 2, user_phone: `${phone1.slice(0, 3)}****${phone1.slice(-4)}` },
    });
    const journal = await t.db.db.select().from(macPlog).where(eq(macPlog.user_id, a.info.user_id));
    expect(journal).toMatchObject([
      { plog_type: 12, plog_points: 2, plog_balance: 2, plog_key: `bindphone:${a.info.user_id}` },
    ]);

    // The same number again, and a new number: no second reward.
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      ...req({ phone: phone1 }, { headers: ha }),
    });
    expect(same.json().msg).toBe('This phone number is already linked to your account');
    const phone2 = nextPhone();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      ...req({ phone: phone2 }, { headers: ha }),
    });
    const rebound = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone',
      ...req({ phone: phone2, code: lastCode(phone2, 'bind') }, { headers: ha }),
    });
    expect(rebound.json()).toMatchObject({ code: 1, point: 0, info: { user_points: 2 } });
    // The old number is free again and now signs nobody in; the new one signs in A.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/phone-login/code', ...req({ phone: phone1 }) })).json().msg,
    ).toBe('This phone number is not registered yet, please register first');

    const b = await registerByName('bind_b1');
    const hb = { authorcode: b.token };
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      ...req({ phone: phone2 }, { headers: hb }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      code: 1409,
      msg: 'This phone number has already been linked to another account',
      field: 'phone',
    });
    // B asks for a code for a free number, A takes that number first: B's bindPhone fails with the spec message.
    const phone3 = nextPhone();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      ...req({ phone: phone3 }, { headers: hb }),
    });
    const codeB = lastCode(phone3, 'bind');
    await withClock(
      () => 61_000,
      async () => {
        await t.app.inject({
          method: 'POST',
          url: '/api/user/bind-phone/code',
          ...req({ phone: phone3 }, { headers: ha }),
        });
      },
    );
    // A's request withdrew B's code (newest code only): B gets a fresh one after A binds.
    await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone',
      ...req({ phone: phone3, code: lastCode(phone3, 'bind') }, { headers: ha }),
    });
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone',
      ...req({ phone: phone3, code: codeB }, { headers: hb }),
    });
    expect(late.json().msg).toBe('This phone number has already been linked to another account');
    const bInfo = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: hb });
    expect(bInfo.json().info).toMatchObject({ user_phone: '', user_points: 0 });
  });

  it('pays the operator-configured bindPhonePoint', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: admin,
      payload: { bindPhonePoint: 5 },
    });
    const c = await registerByName('bind_c1');
    const phone = nextPhone();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      ...req({ phone }, { headers: { authorcode: c.token } }),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone',
      ...req({ phone, code: lastCode(phone, 'bind') }, { headers: { authorcode: c.token } }),
    });
    expect(res.json()).toMatchObject({ point: 5, info: { user_points: 5 } });
    const rows = await t.db.db
      .select()
      .from(macPlog)
      .where(and(eq(macPlog.user_id, c.info.user_id), eq(macPlog.plog_type, 12)));
    expect(rows).toHaveLength(1);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: admin,
      payload: { bindPhonePoint: 2 },
    });
  });
});

describe('oneClickLogin (development fake)', () => {
  it('registers an unknown number, then signs the same account in; a bad token is refused', async () => {
    const cfg = (await t.app.inject('/api/app/config')).json().info;
    expect(cfg.one_click_enabled).toBe(true);
    const phone = nextPhone();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/user/one-click-login',
      ...req({ token: `test:${phone}` }),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 1, info: { user_phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` } });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/user/one-click-login',
      ...req({ token: `test:+86${phone}`, kind: 'app' }),
    });
    expect(second.json().info.user_id).toBe(first.json().info.user_id);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/one-click-login',
      ...req({ token: 'not-a-token' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 0, msg: 'Authorization failed' });
    const badPhone = await t.app.inject({
      method: 'POST',
      url: '/api/user/one-click-login',
      ...req({ token: 'test:12345' }),
    });
    expect(badPhone.json().msg).toBe('Authorization failed');
  });
});

describe('encrypted codeLogin (spec §7)', () => {
  const envelope = (body: unknown) => ({ encrypt_data: desEcbEncrypt(JSON.stringify(body), KEY), encrypt_state: 1 });

  it('is refused while the operator has encryption off, accepted and answered encrypted once it is on', async () => {
    const phone = nextPhone();
    const { info } = await registerByPhone(phone);
    await t.app.inject({ method: 'POST', url: '/api/user/phone-login/code', ...req({ phone }) });
    const code = lastCode(phone, 'login');

    const off = await t.app.inject({ method: 'POST', url: '/api/user/code-login', ...req(envelope({ phone, code })) });
    expect(off.statusCode).toBe(400);
    expect(off.json().field).toBe('phone');
    // Spec §7 "the key named in encrypt_key": handed out only while encryption is on.
    expect((await t.app.inject('/api/app/config')).json().info).not.toHaveProperty('encrypt_key');

    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: admin,
      payload: { encrypt_state: 1 },
    });
    expect(on.json().info.encrypt_state).toBe(1);
    expect((await t.app.inject('/api/app/config')).json().info).toMatchObject({ encrypt_state: 1, encrypt_key: KEY });

    const res = await t.app.inject({ method: 'POST', url: '/api/user/code-login', ...req(envelope({ phone, code })) });
    expect(res.statusCode).toBe(200);
    const outer = res.json();
    expect(Object.keys(outer).sort()).toEqual(['code', 'encrypt_data', 'encrypt_state', 'msg']);
    expect(outer).toMatchObject({ code: 1, msg: 'ok', encrypt_state: 1 });
    const inner = JSON.parse(desEcbDecrypt(outer.encrypt_data, KEY));
    expect(inner).toMatchObject({ code: 1, info: { user_id: info.user_id } });
    expect(inner.token).toMatch(/^[\w-]{43}$/);

    // Errors stay plain; garbage is refused; a plain body still works (and is answered in plain).
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/user/code-login',
      ...req(envelope({ phone, code })),
    });
    expect(reused.json()).toMatchObject({ code: 1001, field: 'code' });
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/user/code-login',
      ...req({ encrypt_data: 'bm90IGRlcw==', encrypt_state: 1 }),
    });
    expect(garbage.json()).toEqual({ code: 1001, msg: 'The encrypted data could not be read', field: 'encrypt_data' });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/user/code-login',
      ...req({
        encrypt_data: desEcbEncrypt('not json', KEY),
        encrypt_state: '1',
      }),
    });
    expect(notJson.json().msg).toBe('The encrypted data could not be read');
    // A NUL inside the encrypted body is refused like one in a plain body (core/text-input.ts), not a 500.
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/user/code-login',
      ...req(envelope({ phone: `${phone}\u0000`, code })),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 1001, field: 'phone' });
    await withClock(
      () => 61_000,
      () => t.app.inject({ method: 'POST', url: '/api/user/phone-login/code', ...req({ phone }) }),
    );
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/user/code-login',
      ...req({ phone, code: lastCode(phone, 'login') }),
    });
    expect(plain.json()).toMatchObject({ code: 1, info: { user_id: info.user_id } });

    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: admin,
      payload: { encrypt_state: 0 },
    });
  });
});
