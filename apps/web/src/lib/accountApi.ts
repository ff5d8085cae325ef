/**
 * The accounts calls of spec §7 "App and account" over {@link api}. Method and path of each call mirror the
 * contract's endpoint table at the type level (a wrong method or path fails tsc), so the app does not ship zod and
 * the schemas. User-only calls carry `auth` so a 401 ends the stored session.
 */
import type { endpoints } from '@openvod/contract';
import { ApiError, api, type QueryValue } from './api';
import { configurePayloadEncryption } from './payloadCipher';

type Table = typeof endpoints;
export type AccountOp =
  | 'getAppConfig'
  | 'checkUpdate'
  | 'oauth'
  | 'wxLogin'
  | 'checkLogin'
  | 'userInfo'
  | 'updateInfo'
  | 'portrait'
  | 'bindPhoneCode'
  | 'bindPhone'
  | 'phoneRegisterCode'
  | 'phoneRegister'
  | 'phoneLoginCode'
  | 'phoneLogin'
  | 'login'
  | 'oneClickLogin'
  | 'codeLogin'
  | 'reg'
  | 'regCheck'
  | 'keepAlive'
  | 'logout'
  | 'deleteAccount';

/**
 * Method, path, `auth` (user-only) and `encrypted` (spec §7: body encrypted while encryption is on) of each call,
 * as the contract's endpoint table has them (accountApi.test.ts compares the flags with the table).
 */
export const accountRoutes: {
  [K in AccountOp]: Pick<Table[K], 'method' | 'path'> & { auth?: true; encrypted?: true };
} = {
  getAppConfig: { method: 'GET', path: '/api/app/config' },
  checkUpdate: { method: 'POST', path: '/api/app/check-update' },
  oauth: { method: 'GET', path: '/api/user/oauth' },
  wxLogin: { method: 'POST', path: '/api/user/wx-login' },
  checkLogin: { method: 'POST', path: '/api/user/check-login', auth: true },
  userInfo: { method: 'POST', path: '/api/user/info', auth: true },
  updateInfo: { method: 'POST', path: '/api/user/update-info', auth: true },
  portrait: { method: 'POST', path: '/api/user/portrait', auth: true },
  bindPhoneCode: { method: 'POST', path: '/api/user/bind-phone/code', auth: true },
  bindPhone: { method: 'POST', path: '/api/user/bind-phone', auth: true },
  phoneRegisterCode: { method: 'POST', path: '/api/user/phone-register/code' },
  phoneRegister: { method: 'POST', path: '/api/user/phone-register' },
  phoneLoginCode: { method: 'POST', path: '/api/user/phone-login/code' },
  phoneLogin: { method: 'POST', path: '/api/user/phone-login' },
  login: { method: 'POST', path: '/api/user/login' },
  oneClickLogin: { method: 'POST', path: '/api/user/one-click-login' },
  codeLogin: { method: 'POST', path: '/api/user/code-login', encrypted: true },
  reg: { method: 'POST', path: '/api/user/reg' },
  regCheck: { method: 'POST', path: '/api/user/reg-check' },
  keepAlive: { method: 'GET', path: '/api/user/keep-alive', auth: true },
  logout: { method: 'GET', path: '/api/user/logout', auth: true },
  deleteAccount: { method: 'POST', path: '/api/user/delete-account', auth: true },
};

type Output<S> = S extends { _output: infer O } ? O : never;
type Input<S> = S extends { _input: infer I } ? I : never;

/** Response payload of a call (the success envelope). */
export type Res<K extends AccountOp> = Output<Table[K]['response']>;
/** Request body of a call, as the caller writes it (defaults optional). */
export type Body<K extends AccountOp> = Table[K] extends { body: infer B } ? Input<B> : never;

function call<K extends AccountOp>(
  op: K,
  opts: { body?: unknown; query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<Res<K>> {
  const route: { method: string; path: string; auth?: true; encrypted?: true } = accountRoutes[op];
  return api.request<Res<K>>(route.path, {
    method: route.method as 'GET' | 'POST',
    auth: route.auth,
    encrypted: route.encrypted,
    ...opts,
  });
}

export const accountApi = {
  /** The app config; also switches the spec §7 payload encryption on or off to follow it. */
  getAppConfig: async (signal?: AbortSignal) => {
    const res = await call('getAppConfig', { signal });
    configurePayloadEncryption(res.info);
    return res;
  },
  checkUpdate: (body: Body<'checkUpdate'>) => call('checkUpdate', { body }),
  oauth: (query: { provider: string; redirect?: string }) => call('oauth', { query }),
  wxLogin: (body: Body<'wxLogin'>) => call('wxLogin', { body }),
  checkLogin: () => call('checkLogin'),
  userInfo: () => call('userInfo'),
  updateInfo: (body: Body<'updateInfo'>) => call('updateInfo', { body }),
  /** Avatar upload: multipart with the image in field `file`. */
  portrait: (file: Blob, name = 'avatar') => {
    const form = new FormData();
    form.append('file', file, name);
    return call('portrait', { body: form });
  },
  bindPhoneCode: (body: Body<'bindPhoneCode'>) => call('bindPhoneCode', { body }),
  bindPhone: (body: Body<'bindPhone'>) => call('bindPhone', { body }),
  phoneRegisterCode: (body: Body<'phoneRegisterCode'>) => call('phoneRegisterCode', { body }),
  phoneRegister: (body: Body<'phoneRegister'>) => call('phoneRegister', { body }),
  phoneLoginCode: (body: Body<'phoneLoginCode'>) => call('phoneLoginCode', { body }),
  phoneLogin: (body: Body<'phoneLogin'>) => call('phoneLogin', { body }),
  /** Sign in with a phone code (spec §7 codeLogin: the body is encrypted while the operator has encryption on). */
  codeLogin: (body: Body<'codeLogin'>) => call('codeLogin', { body }),
  login: (body: Body<'login'>) => call('login', { body }),
  reg: (body: Body<'reg'>) => call('reg', { body }),
  /** Does the user name exist? The server answers code 2 (exists) or 1 (free); code 2 is not a failure here. */
  regCheck: async (userName: string): Promise<Res<'regCheck'>> => {
    try {
      return await call('regCheck', { body: { str: userName, t: 'user_name' } });
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'server' && err.code === 2) {
        return { code: 2, msg: err.message, exists: true };
      }
      throw err;
    }
  },
  keepAlive: () => call('keepAlive'),
  logout: () => call('logout'),
  deleteAccount: (cancel = false) => call('deleteAccount', { body: { cancel } }),
  /** One-click local-number sign-in with the carrier's token (offered only when the app config enables it). */
  oneClickLogin: (body: Body<'oneClickLogin'>) => call('oneClickLogin', { body }),
};

export type SessionPayload = Res<'login'>;
export type AppConfig = Res<'getAppConfig'>['info'];
