import { guestCredentials } from '@openvod/contract';
import { describe, expect, it, vi } from 'vitest';
import type { SessionPayload } from '../../lib/accountApi';
import { ApiError } from '../../lib/api';
import { DEFAULT_APP_CONFIG } from '../../lib/appConfig';
import {
  guestAction,
  type LaunchDeps,
  localDay,
  normalizeDomains,
  noticeKey,
  parseInvitationCode,
  parseOauthCallback,
  pickFastestDomain,
  privacyAllowsAutoLogin,
  runLaunch,
  shouldAutoLogin,
  shouldShowNotice,
  shouldShowPrivacy,
  signInGuestAgain,
} from './launch';

type User = SessionPayload['info'];

function user(id: number, name = `u${id}`): User {
  return {
    user_id: id,
    user_name: name,
    user_nick_name: '',
    user_portrait: '',
    user_gender: 0,
    user_birthday: '',
    user_phone: '',
    group_id: 2,
    group_type: '',
    group: { group_id: 2, group_name: 'member', group_type: '', group_status: 1 },
    user_points: 0,
    user_noad_time: 0,
    user_end_time: 0,
    invitation_code: 'ABC123',
    imei: '',
    is_vip: false,
    user_status: 1,
    deletion: null,
  };
}

const serverRefusal = (status = 401) => new ApiError('no', 1401, status, 'server');
const offline = () => new ApiError('network error', 0, 0, 'network');

/** A world of fakes: a session store, settings and a server with `users` by token. */
function world(overrides: Partial<LaunchDeps> = {}, initial: { token?: string; apiBase?: string } = {}) {
  const state = {
    token: initial.token ?? '',
    user: null as User | null,
    apiBase: initial.apiBase ?? '',
  };
  const tokens = new Map<string, User>();
  const calls: string[] = [];
  const session = (u: User): SessionPayload => {
    const token = `t${u.user_id}`;
    tokens.set(token, u);
    return { code: 1, msg: 'ok', info: u, token };
  };
  const deps: LaunchDeps = {
    getAppConfig: vi.fn(async () => ({ info: { ...DEFAULT_APP_CONFIG } })),
    checkLogin: vi.fn(async () => {
      calls.push('checkLogin');
      const u = tokens.get(state.token);
      if (!u) throw serverRefusal();
      return { info: u };
    }),
    keepAlive: vi.fn(async () => {
      calls.push('keepAlive');
      return { user_points: 7 };
    }),
    regCheck: vi.fn(async () => {
      calls.push('regCheck');
      return { code: 1 };
    }),
    login: vi.fn(async (body) => {
      calls.push(`login:${body.user_name}`);
      return session(user(2, body.user_name));
    }),
    reg: vi.fn(async (body) => {
      calls.push(`reg:${body.user_name}:${body.invitation_code ?? ''}`);
      return session(user(3, body.user_name));
    }),
    guestCredentials,
    deviceId: () => 'device-1',
    probe: vi.fn(async () => undefined),
    session: {
      token: () => state.token,
      signIn: (token, u) => Object.assign(state, { token, user: u }),
      setUser: (u) => {
        state.user = u;
      },
      clear: () => Object.assign(state, { token: '', user: null }),
    },
    apiBase: () => state.apiBase,
    setApiBase: (base) => {
      state.apiBase = base;
    },
    invitationCode: () => 'INVITE7',
    ...overrides,
  };
  return { deps, state, tokens, calls, session };
}

describe('runLaunch: session', () => {
  it('keeps a valid stored session and keeps it alive at every launch (the server pays once per operator day)', async () => {
    const w = world({}, { token: 't5' });
    w.tokens.set('t5', user(5));
    const result = await runLaunch(w.deps);
    expect(result.session).toBe('checked');
    expect(result.user?.user_id).toBe(5);
    await vi.waitFor(() => expect(w.state.user?.user_points).toBe(7));
    expect(w.calls).toEqual(['checkLogin', 'keepAlive']);

    // A second launch on what this device's clock calls the same day may be another operator day: asked again.
    await runLaunch(w.deps);
    expect(w.calls).toEqual(['checkLogin', 'keepAlive', 'checkLogin', 'keepAlive']);
  });

  it('clears a session the server refuses, then signs in the guest', async () => {
    const w = world({}, { token: 'stale' });
    const result = await runLaunch(w.deps);
    const guest = guestCredentials('device-1');
    expect(w.calls.slice(0, 3)).toEqual(['checkLogin', 'regCheck', `reg:${guest.user_name}:INVITE7`]);
    expect(result.session).toBe('guest-reg');
    expect(w.state.token).toBe('t3');
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    const w = world({ checkLogin: vi.fn(async () => Promise.reject(offline())) }, { token: 't5' });
    const result = await runLaunch(w.deps);
    expect(w.state.token).toBe('t5');
    expect(result.session).toBe('none');
    expect(w.deps.regCheck).not.toHaveBeenCalled();
  });
});

describe('runLaunch: auto login (spec §4)', () => {
  it('registers the device guest with the derived credentials and the stored invitation code', async () => {
    const w = world();
    const result = await runLaunch(w.deps);
    const guest = guestCredentials('device-1');
    expect(w.deps.reg).toHaveBeenCalledWith({
      user_name: guest.user_name,
      user_pwd: guest.user_pwd,
      user_pwd2: guest.user_pwd,
      imei: guest.imei,
      invitation_code: 'INVITE7',
    });
    // Re-checked after registering.
    expect(w.calls).toEqual(['regCheck', `reg:${guest.user_name}:INVITE7`, 'checkLogin', 'keepAlive']);
    expect(result).toMatchObject({ session: 'guest-reg', user: { user_id: 3 } });
  });

  it('logs in when the name exists (regCheck code > 1)', async () => {
    const w = world({ regCheck: vi.fn(async () => ({ code: 2 })) });
    const result = await runLaunch(w.deps);
    const guest = guestCredentials('device-1');
    expect(w.deps.login).toHaveBeenCalledWith({
      user_name: guest.user_name,
      user_pwd: guest.user_pwd,
      imei: guest.imei,
    });
    expect(w.deps.reg).not.toHaveBeenCalled();
    expect(result.session).toBe('guest-login');
  });

  it('leaves tourists anonymous when tourist_state is "1"', async () => {
    const w = world({ getAppConfig: vi.fn(async () => ({ info: { ...DEFAULT_APP_CONFIG, tourist_state: '1' } })) });
    const result = await runLaunch(w.deps);
    expect(w.deps.regCheck).not.toHaveBeenCalled();
    expect(result).toMatchObject({ session: 'none', user: null });
  });

  it('swallows login failures (spec §8)', async () => {
    const w = world({ reg: vi.fn(async () => Promise.reject(serverRefusal(429))) });
    const result = await runLaunch(w.deps);
    expect(result).toMatchObject({ session: 'none', user: null });
    expect(w.state.token).toBe('');
  });

  it('skips auto login when beforeAutoLogin says no (privacy declined)', async () => {
    const w = world({ beforeAutoLogin: async () => false });
    const result = await runLaunch(w.deps);
    expect(w.deps.regCheck).not.toHaveBeenCalled();
    expect(result.session).toBe('none');
  });

  it('finishes a third-party sign-in before anything else', async () => {
    const w = world();
    w.deps.oauthLogin = async () => w.session(user(9));
    const result = await runLaunch(w.deps);
    expect(result).toMatchObject({ session: 'oauth', user: { user_id: 9 } });
    expect(w.deps.regCheck).not.toHaveBeenCalled();
  });

  it('reports a failed third-party sign-in and carries on with the guest', async () => {
    const onOauthError = vi.fn();
    const w = world({ oauthLogin: async () => Promise.reject(serverRefusal(400)), onOauthError });
    const result = await runLaunch(w.deps);
    expect(onOauthError).toHaveBeenCalledOnce();
    expect(result.session).toBe('guest-reg');
  });
});

describe('signInGuestAgain (after a logout)', () => {
  it("signs the device's guest in at once, as the launch does", async () => {
    const w = world({ regCheck: vi.fn(async () => ({ code: 2 })) });
    const info = await signInGuestAgain(w.deps, DEFAULT_APP_CONFIG, true);
    const guest = guestCredentials('device-1');
    expect(info?.user_name).toBe(guest.user_name);
    expect(w.state.token).toBe('t2');
    expect(w.deps.regCheck).toHaveBeenCalledWith(guest.user_name);
    expect(w.calls.slice(0, 2)).toEqual([`login:${guest.user_name}`, 'checkLogin']);
  });

  it('leaves the app anonymous for tourists, after a declined privacy policy, or while a session is stored', async () => {
    const w = world();
    expect(await signInGuestAgain(w.deps, { tourist_state: '1' }, true)).toBeNull();
    expect(await signInGuestAgain(w.deps, DEFAULT_APP_CONFIG, false)).toBeNull();
    const signedIn = world({}, { token: 't5' });
    expect(await signInGuestAgain(signedIn.deps, DEFAULT_APP_CONFIG, true)).toBeNull();
    expect(w.deps.regCheck).not.toHaveBeenCalled();
    expect(signedIn.deps.regCheck).not.toHaveBeenCalled();
  });
});

describe('runLaunch: config and API address', () => {
  it('falls back to the defaults silently when the config call fails', async () => {
    const w = world({ getAppConfig: vi.fn(async () => Promise.reject(offline())) });
    const onConfig = vi.fn();
    w.deps.onConfig = onConfig;
    const result = await runLaunch(w.deps);
    expect(result.configLoaded).toBe(false);
    expect(onConfig).toHaveBeenCalledWith(DEFAULT_APP_CONFIG, false);
  });

  it('retries this origin once when a stored API address stops answering', async () => {
    const w = world({}, { apiBase: 'https://old.example' });
    w.deps.getAppConfig = vi.fn(async () => {
      if (w.state.apiBase) throw offline();
      return { info: { ...DEFAULT_APP_CONFIG } };
    });
    const result = await runLaunch(w.deps);
    expect(result).toMatchObject({ configLoaded: true, apiBase: '' });
  });

  it('uses the fastest address of domain_list', async () => {
    const config = { ...DEFAULT_APP_CONFIG, domain_list: ['https://slow.example/', 'https://fast.example', 'ftp://x'] };
    const w = world({
      getAppConfig: vi.fn(async () => ({ info: config })),
      // The fast address answers at once; the slow one not before the choice is made (its probe is then aborted).
      probe: (base, signal) =>
        base.includes('fast')
          ? Promise.resolve()
          : new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    const result = await runLaunch(w.deps);
    expect(result.apiBase).toBe('https://fast.example');
    expect(w.state.apiBase).toBe('https://fast.example');
  });

  it('goes back to this origin when the list is empty', async () => {
    const w = world({}, { apiBase: 'https://gone.example' });
    w.deps.getAppConfig = vi.fn(async () => ({ info: { ...DEFAULT_APP_CONFIG } }));
    expect((await runLaunch(w.deps)).apiBase).toBe('');
  });
});

describe('pickFastestDomain', () => {
  it('answers "" for no domains or when none answers in time', async () => {
    expect(await pickFastestDomain([], async () => undefined)).toBe('');
    const never = (_b: string, signal: AbortSignal) =>
      new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    expect(await pickFastestDomain(['https://a.example'], never, 20)).toBe('');
    expect(await pickFastestDomain(['https://a.example'], async () => Promise.reject(new Error('x')))).toBe('');
  });

  it('aborts the slower probes', async () => {
    const aborted: string[] = [];
    const probe = (base: string, signal: AbortSignal) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => aborted.push(base));
        if (base.includes('a')) resolve(undefined);
      });
    expect(await pickFastestDomain(['https://a.example', 'https://b.example'], probe)).toBe('https://a.example');
    expect(aborted).toContain('https://b.example');
  });
});

describe('launch decisions', () => {
  it('normalises domain_list', () => {
    expect(
      normalizeDomains(['https://a.example/', 'https://a.example', ' http://b.example/api ', 'javascript:x', 7]),
    ).toEqual(['https://a.example', 'http://b.example/api']);
    expect(normalizeDomains(undefined)).toEqual([]);
  });

  it('auto login only without a user and when tourists are not allowed', () => {
    expect(shouldAutoLogin({ tourist_state: '0' }, false)).toBe(true);
    expect(shouldAutoLogin({ tourist_state: '0' }, true)).toBe(false);
    expect(shouldAutoLogin({ tourist_state: '1' }, false)).toBe(false);
    expect(guestAction(2)).toBe('login');
    expect(guestAction(1)).toBe('reg');
    expect(guestAction(0)).toBe('reg');
  });

  it('privacy dialog only when asked for and not agreed', () => {
    expect(shouldShowPrivacy({ app_privacy_policy_alert: 1 }, null)).toBe(true);
    expect(shouldShowPrivacy({ app_privacy_policy_alert: 1 }, false)).toBe(true);
    expect(shouldShowPrivacy({ app_privacy_policy_alert: 1 }, true)).toBe(false);
    expect(shouldShowPrivacy({ app_privacy_policy_alert: 0 }, null)).toBe(false);
    expect(privacyAllowsAutoLogin({ app_privacy_policy_alert: 1 }, false)).toBe(false);
    expect(privacyAllowsAutoLogin({ app_privacy_policy_alert: 1 }, null)).toBe(true);
    expect(privacyAllowsAutoLogin({ app_privacy_policy_alert: 0 }, false)).toBe(true);
  });

  it('notice dialog only when notice_state is truthy, once per notice', () => {
    const notice = { notice_state: 1, notice_title: 'Hi', notice_desc: 'News' };
    expect(shouldShowNotice(notice, '')).toBe(true);
    expect(shouldShowNotice(notice, noticeKey(notice))).toBe(false);
    expect(shouldShowNotice({ ...notice, notice_desc: 'Other news' }, noticeKey(notice))).toBe(true);
    expect(shouldShowNotice({ ...notice, notice_state: 0 }, '')).toBe(false);
    expect(shouldShowNotice({ notice_state: 1, notice_title: '', notice_desc: '' }, '')).toBe(false);
  });

  it('formats the local day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('parseInvitationCode', () => {
  it('reads ?code= before the hash and inside the hash query (the hash wins)', () => {
    expect(parseInvitationCode('?code=AB12CD', '#/pages/home/index')).toBe('AB12CD');
    expect(parseInvitationCode('', '#/pages/layout/index?code=XY9')).toBe('XY9');
    expect(parseInvitationCode('?code=AAA', '#/?code=BBB')).toBe('BBB');
    expect(parseInvitationCode('?x=1', '#/')).toBeUndefined();
  });

  it('ignores malformed codes and third-party callbacks', () => {
    expect(parseInvitationCode('?code=<script>', '')).toBeUndefined();
    expect(parseInvitationCode('?code=ABCDEFGHIJKLMNOPQ', '')).toBeUndefined();
    expect(parseInvitationCode('?code=fake:demo&state=s', '')).toBeUndefined();
  });
});

describe('parseOauthCallback', () => {
  it('needs code and state; keeps only an in-app redirect', () => {
    expect(parseOauthCallback('?code=fake%3Ademo&state=wechatZ1Z2&redirect=%23%2Fpages%2Fme%2Findex')).toEqual({
      code: 'fake:demo',
      state: 'wechatZ1Z2',
      redirect: '#/pages/me/index',
    });
    expect(parseOauthCallback('?code=x&state=y&redirect=https%3A%2F%2Fevil.example')).toEqual({
      code: 'x',
      state: 'y',
      redirect: undefined,
    });
    expect(parseOauthCallback('?code=INVITE')).toBeUndefined();
  });
});
