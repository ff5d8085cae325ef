import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macUser } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { OAUTH_STATE_TTL_MS } from './oauth.service.ts';

const EN = { 'accept-language': 'en-US' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WECHAT_LOGIN_PROVIDER: 'fake', PUBLIC_URL: 'https://tv.example.com' });
});
afterAll(() => t.close());

// Both calls are rate-limited per IP (10/min): each request comes from its own address.
let ipSeq = 0;
const nextIp = () => `10.7.${Math.floor(++ipSeq / 200)}.${(ipSeq % 200) + 1}`;

function start(query = '') {
  return t.app.inject({ url: `/api/user/oauth${query}`, headers: EN, remoteAddress: nextIp() });
}

function wxLogin(payload: Record<string, string>, remoteAddress = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/user/wx-login', headers: EN, payload, remoteAddress });
}

describe('oauth + wxLogin (fake WeChat provider)', () => {
  it('the app config lists the provider', async () => {
    expect((await t.app.inject('/api/app/config')).json().info.oauth_providers).toEqual(['wechat']);
  });

  it('oauth gives the authorisation URL with a signed, alphanumeric state', async () => {
    const res = await start();
    expect(res.statusCode).toBe(200);
    const { url, state } = res.json();
    expect(state).toMatch(/^wechatZ[0-9a-z]+Z[0-9a-f]{16}Z[0-9a-f]{32}$/);
    expect(state.length).toBeLessThanOrEqual(128);
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://tv.example.com/');
    expect(Object.fromEntries(u.searchParams)).toEqual({ code: 'fake:demo', state });
    const withRedirect = (await start('?provider=wechat&redirect=%23%2Fpages%2Fme%2Findex')).json();
    expect(new URL(withRedirect.url).searchParams.get('redirect')).toBe('#/pages/me/index');
    for (const bad of ['https%3A%2F%2Fevil.example', '%2F%2Fevil.example', 'javascript%3Aalert(1)']) {
      const r = await start(`?redirect=${bad}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 1001, field: 'redirect' });
    }
  });

  it('an unknown provider gets the spec message', async () => {
    const res = await start('?provider=qq');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, msg: 'No third-party login authorization service configured' });
  });

  it('wxLogin registers the openid once, then signs the same account in', async () => {
    const first = (await start()).json();
    const login1 = await wxLogin({ code: 'fake:demo', state: first.state });
    expect(login1.statusCode).toBe(200);
    expect(login1.json()).toMatchObject({ code: 1, info: { user_nick_name: 'WeChat demo', group_id: 2 } });
    expect(login1.json().token).toMatch(/^[\w-]{43}$/);
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, login1.json().info.user_id));
    expect(row?.user_openid_weixin).toBe('fake_demo');
    const second = (await start()).json();
    const login2 = await wxLogin({ code: 'fake:demo', state: second.state });
    expect(login2.json().info.user_id).toBe(login1.json().info.user_id);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/user/check-login',
      headers: { authorcode: login2.json().token },
    });
    expect(check.json().code).toBe(1);
  });

  it('honours the invitation code of a new user', async () => {
    const inviter = (await wxLogin({ code: 'fake:inviter', state: (await start()).json().state })).json().info;
    const invitee = await wxLogin({
      code: 'fake:invitee',
      state: (await start()).json().state,
      invitation_code: inviter.invitation_code,
    });
    const [row] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, invitee.json().info.user_id));
    expect(row?.user_pid).toBe(inviter.user_id);
  });

  it('refuses a forged or expired state and a code the provider rejects', async () => {
    const { state } = (await start()).json();
    const forged = `${state.slice(0, -1)}${state.endsWith('0') ? '1' : '0'}`;
    const msg = 'The sign-in request has expired, please try again';
    for (const s of [forged, 'abc', `qqZ${state.slice(7)}`]) {
      const res = await wxLogin({ code: 'fake:demo', state: s });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 1001, msg, field: 'state' });
    }
    const accounts = t.app.services.accounts;
    accounts.now = () => new Date(Date.now() + OAUTH_STATE_TTL_MS + 5000);
    try {
      expect((await wxLogin({ code: 'fake:demo', state })).json().msg).toBe(msg);
    } finally {
      accounts.now = () => new Date();
    }
    const refused = await wxLogin({ code: 'not-a-fake-code', state });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 0, msg: 'Login failed, please try again later' });
  });

  it('is rate-limited per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await wxLogin({ code: 'x', state: 'y' }, '10.8.0.1')).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('a disabled account is refused (403)', async () => {
    const login = await wxLogin({ code: 'fake:blocked', state: (await start()).json().state });
    await t.db.db.update(macUser).set({ user_status: 0 }).where(eq(macUser.user_id, login.json().info.user_id));
    const again = await wxLogin({ code: 'fake:blocked', state: (await start()).json().state });
    expect(again.statusCode).toBe(403);
  });
});
