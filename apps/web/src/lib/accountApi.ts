/**
 * The accounts calls of spec §7 "App and account" over the typed {@link call} (lib/client.ts): method, path, `auth`
 * (a 401 on a user-only call ends the stored session) and `encrypted` come from the contract's endpoint table.
 */
import type { Op } from '@openvod/contract/client';
import { ApiError, type CallBody, call, type Res } from './client';
import { configurePayloadEncryption } from './payloadCipher';

export type { Res } from './client';
/** Request body of a call, as the caller writes it (defaults optional). */
export type Body<K extends Op> = CallBody<K>;

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
