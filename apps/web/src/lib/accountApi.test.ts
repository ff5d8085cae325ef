import { createCipheriv, createDecipheriv } from 'node:crypto';
import { endpoints, guestCredentials } from '@openvod/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountApi } from './accountApi';
import { api, type RequestOptions } from './api';
import { configurePayloadEncryption, desDecrypt, desEncrypt, payloadEncryptionOn } from './payloadCipher';
import { useSession } from './session';
import { getDeviceId } from './storage';

// Node's OpenSSL, as the server's lib/des.ts uses it: single DES = two-key triple DES with K1 = K2.
const nodeDes = {
  encrypt: (text: string, key: string) => {
    const c = createCipheriv('des-ede-ecb', Buffer.from(key + key), null);
    return Buffer.concat([c.update(text, 'utf8'), c.final()]).toString('base64');
  },
  decrypt: (b64: string, key: string) => {
    const d = createDecipheriv('des-ede-ecb', Buffer.from(key + key), null);
    return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8');
  },
};

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('accountApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('sends every call with the contract method and path, and marks the user-only and encrypted ones', async () => {
    const sent: { path: string; method: string; auth: boolean; encrypted: boolean }[] = [];
    const request = vi.spyOn(api, 'request').mockImplementation(async (path: string, opts: RequestOptions = {}) => {
      sent.push({ path, method: opts.method ?? 'GET', auth: Boolean(opts.auth), encrypted: Boolean(opts.encrypted) });
      return { code: 1, msg: 'ok', info: {} };
    });
    const phone = { phone: '13800138000' } as never;
    const calls: { [K in keyof typeof accountApi]: () => Promise<unknown> } = {
      getAppConfig: () => accountApi.getAppConfig(),
      checkUpdate: () => accountApi.checkUpdate({ versionCode: 137 }),
      oauth: () => accountApi.oauth({ provider: 'qq' }),
      wxLogin: () => accountApi.wxLogin({ code: 'c' } as never),
      checkLogin: () => accountApi.checkLogin(),
      userInfo: () => accountApi.userInfo(),
      updateInfo: () => accountApi.updateInfo({} as never),
      portrait: () => accountApi.portrait(new Blob(['x'])),
      bindPhoneCode: () => accountApi.bindPhoneCode(phone),
      bindPhone: () => accountApi.bindPhone(phone),
      phoneRegisterCode: () => accountApi.phoneRegisterCode(phone),
      phoneRegister: () => accountApi.phoneRegister(phone),
      phoneLoginCode: () => accountApi.phoneLoginCode(phone),
      phoneLogin: () => accountApi.phoneLogin(phone),
      codeLogin: () => accountApi.codeLogin(phone),
      login: () => accountApi.login({ user_name: 'bob', user_pwd: 'x' }),
      reg: () => accountApi.reg({} as never),
      regCheck: () => accountApi.regCheck('abcdefgh'),
      keepAlive: () => accountApi.keepAlive(),
      logout: () => accountApi.logout(),
      deleteAccount: () => accountApi.deleteAccount(),
      oneClickLogin: () => accountApi.oneClickLogin({} as never),
    };
    try {
      for (const [op, send] of Object.entries(calls)) {
        sent.length = 0;
        await send();
        const ep = endpoints[op as keyof typeof endpoints];
        expect(sent, op).toEqual([
          {
            path: ep.path,
            method: ep.method,
            auth: (ep as { auth?: string }).auth === 'user',
            encrypted: Boolean((ep as { encrypted?: boolean }).encrypted),
          },
        ]);
      }
    } finally {
      request.mockRestore();
    }
  });

  it('sends the spec §3 headers i and imei on every call', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => reply(200, { code: 1, msg: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    await accountApi.checkUpdate({ versionCode: 137 });
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.imei).toBe(guestCredentials(getDeviceId()).imei);
    expect(headers.imei).toMatch(/^[0-9a-f]{16}$/);
    expect(headers.i).toBe(globalThis.location.origin);
    expect(headers).toMatchObject({ version: '1.3.8', versionCode: '137', platform: 'h5' });
  });

  it('treats regCheck code 2 (name exists) as an answer, not a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { code: 2, msg: 'taken', exists: true })),
    );
    await expect(accountApi.regCheck('abcdefgh')).resolves.toMatchObject({ code: 2, exists: true });
  });

  it('sends authorcode and ends the stored session on a 401 of a user-only call', async () => {
    useSession.getState().signIn('tok-1', { user_id: 3, user_name: 'bob' } as never);
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      reply(401, { code: 1401, msg: 'Unauthorized, please log in' }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(accountApi.checkLogin()).rejects.toMatchObject({ status: 401 });
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string> | undefined;
    expect(headers?.authorcode).toBe('tok-1');
    expect(useSession.getState()).toMatchObject({ token: '', user: null });
  });

  it('keeps the session when a public call answers 401', async () => {
    useSession.getState().signIn('tok-2', { user_id: 3, user_name: 'bob' } as never);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(401, { code: 1401, msg: 'no' })),
    );
    await expect(accountApi.login({ user_name: 'bob', user_pwd: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBe('tok-2');
  });

  it('uploads the avatar as multipart with the field "file"', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => reply(200, { code: 1, msg: 'ok' }));
    vi.stubGlobal('fetch', fetch);
    await accountApi.portrait(new Blob(['x'], { type: 'image/png' }), 'a.png');
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    const form = init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('file')).toBeInstanceOf(Blob);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  describe('encrypted payloads (spec §7)', () => {
    afterEach(() => configurePayloadEncryption({ encrypt_state: 0 }));
    const KEY = 'k8Bytes!';

    it('DES-ECB matches the server cipher both ways, including UTF-8 text', async () => {
      const text = JSON.stringify({ phone: '13800138000', code: '123456', note: '验证码 ✓' });
      expect(await desEncrypt(text, KEY)).toBe(nodeDes.encrypt(text, KEY));
      expect(await desDecrypt(nodeDes.encrypt(text, KEY), KEY)).toBe(text);
      await expect(desDecrypt('bm90IGRlcw==', KEY)).rejects.toThrow();
      await expect(desDecrypt(nodeDes.encrypt(text, KEY), 'another!')).rejects.toThrow();
    });

    it('follows the app config: on with encrypt_state 1 and an 8-byte key only', async () => {
      const config = (info: Record<string, unknown>) =>
        vi.stubGlobal(
          'fetch',
          vi.fn(async () => reply(200, { code: 1, msg: 'ok', info })),
        );
      config({ encrypt_state: 1, encrypt_key: KEY });
      await accountApi.getAppConfig();
      expect(payloadEncryptionOn()).toBe(true);
      config({ encrypt_state: 0 });
      await accountApi.getAppConfig();
      expect(payloadEncryptionOn()).toBe(false);
      config({ encrypt_state: 1, encrypt_key: 'short' });
      await accountApi.getAppConfig();
      expect(payloadEncryptionOn()).toBe(false);
    });

    it('encrypts the body of codeLogin and decrypts the answer; other calls stay plain', async () => {
      configurePayloadEncryption({ encrypt_state: 1, encrypt_key: KEY });
      const session = { code: 1, msg: 'ok', token: 'tok-9', info: { user_id: 9, user_name: 'p' } };
      const fetch = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
        String(url).endsWith('/code-login')
          ? reply(200, {
              code: 1,
              msg: 'ok',
              encrypt_state: 1,
              encrypt_data: nodeDes.encrypt(JSON.stringify(session), KEY),
            })
          : reply(200, { code: 1, msg: 'ok', resend_after: 60 }),
      );
      vi.stubGlobal('fetch', fetch);
      const res = await accountApi.codeLogin({ phone: '13800138000', code: '123456' });
      expect(res).toEqual(session);
      const sent = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));
      expect(Object.keys(sent).sort()).toEqual(['encrypt_data', 'encrypt_state']);
      expect(sent.encrypt_state).toBe(1);
      expect(JSON.parse(nodeDes.decrypt(sent.encrypt_data, KEY))).toEqual({ phone: '13800138000', code: '123456' });
      await accountApi.phoneLoginCode({ phone: '13800138000' });
      expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({ phone: '13800138000' });
    });

    it('an encrypted answer that cannot be read is a failure, not data', async () => {
      configurePayloadEncryption({ encrypt_state: 1, encrypt_key: KEY });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => reply(200, { code: 1, msg: 'ok', encrypt_state: 1, encrypt_data: 'AAAAAAAAAAA=' })),
      );
      await expect(accountApi.codeLogin({ phone: '13800138000', code: '1' })).rejects.toMatchObject({ kind: 'http' });
    });
  });
});
