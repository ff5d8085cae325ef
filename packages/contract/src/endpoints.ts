/**
 * The endpoint table: every HTTP operation of OpenVod with its operationId (spec/calls.md), method, path and
 * schemas. The server registers its routes from it; the web and admin clients derive their fetchers from it.
 */
import type { z } from 'zod';
import * as U from './accounts.ts';
import * as A from './admin.ts';
import * as C from './content.ts';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path, `:name` for params. */
  path: string;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  response: z.ZodTypeAny;
  /** `admin`: console session required; `user`: a signed-in viewer (authorcode) required. */
  auth?: 'admin' | 'user';
  /** The body is multipart/form-data (not described by `body`). */
  multipart?: boolean;
  /** The body may come as `{encrypt_data, encrypt_state: 1}` (spec §7) when the operator turns encryption on. */
  encrypted?: boolean;
  summary: string;
}

export const endpoints = {
  getType: {
    method: 'GET',
    path: '/api/types',
    response: C.TypeListResponse,
    summary: 'Categories with sub-categories and the special category ids',
  },
  data: {
    method: 'GET',
    path: '/api/vod',
    query: C.DataQuery,
    response: C.DataResponse,
    summary: 'Title list: category, filters, search, order, page',
  },
  dataWithType: {
    method: 'GET',
    path: '/api/vod/grouped',
    query: C.DataWithTypeQuery,
    response: C.DataWithTypeResponse,
    summary: 'Title lists grouped by category',
  },
  getHome: {
    method: 'GET',
    path: '/api/home',
    response: C.HomeResponse,
    summary: 'Home page: slideshow, hot, recommended, a block per top category',
  },
  getDetail: {
    method: 'GET',
    path: '/api/vod/:id',
    params: C.IdParams,
    response: C.DetailResponse,
    summary: 'One title with its sources and episodes',
  },
  hits: {
    method: 'GET',
    path: '/api/vod/:id/hits',
    params: C.IdParams,
    response: C.HitsResponse,
    summary: 'Count a view of a title',
  },

  getAppConfig: {
    method: 'GET',
    path: '/api/app/config',
    response: U.AppConfigResponse,
    summary: 'App config (spec §3), cached',
  },
  checkUpdate: {
    method: 'POST',
    path: '/api/app/check-update',
    body: U.CheckUpdateBody,
    response: U.CheckUpdateResponse,
    summary: 'Is a newer app version published',
  },
  oauth: {
    method: 'GET',
    path: '/api/user/oauth',
    query: U.OauthQuery,
    response: U.OauthResponse,
    summary: 'Start third-party sign-in',
  },
  wxLogin: {
    method: 'POST',
    path: '/api/user/wx-login',
    body: U.WxLoginBody,
    response: U.SessionResponse,
    summary: 'Third-party sign-in callback',
  },
  checkLogin: {
    method: 'POST',
    path: '/api/user/check-login',
    response: U.UserInfoResponse,
    auth: 'user',
    summary: 'Is this session valid; code 1 + user info',
  },
  userInfo: {
    method: 'POST',
    path: '/api/user/info',
    response: U.UserInfoResponse,
    auth: 'user',
    summary: 'The signed-in user',
  },
  updateInfo: {
    method: 'POST',
    path: '/api/user/update-info',
    body: U.UpdateInfoBody,
    response: U.UserInfoResponse,
    auth: 'user',
    summary: 'Nickname, gender, birthday',
  },
  portrait: {
    method: 'POST',
    path: '/api/user/portrait',
    response: U.UserInfoResponse,
    auth: 'user',
    multipart: true,
    summary: 'Avatar upload (form field "file")',
  },
  bindPhoneCode: {
    method: 'POST',
    path: '/api/user/bind-phone/code',
    body: U.PhoneBody,
    response: U.CodeSentResponse,
    auth: 'user',
    summary: 'Send the code for binding a phone',
  },
  bindPhone: {
    method: 'POST',
    path: '/api/user/bind-phone',
    body: U.PhoneCodeBody,
    response: U.BindPhoneResponse,
    auth: 'user',
    summary: 'Bind a phone (reward bindPhonePoint)',
  },
  phoneRegisterCode: {
    method: 'POST',
    path: '/api/user/phone-register/code',
    body: U.PhoneBody,
    response: U.CodeSentResponse,
    summary: 'Send the code for phone registration',
  },
  phoneRegister: {
    method: 'POST',
    path: '/api/user/phone-register',
    body: U.PhoneCodeBody,
    response: U.SessionResponse,
    summary: 'Register with phone + code',
  },
  phoneLoginCode: {
    method: 'POST',
    path: '/api/user/phone-login/code',
    body: U.PhoneBody,
    response: U.CodeSentResponse,
    summary: 'Send the code for phone login',
  },
  phoneLogin: {
    method: 'POST',
    path: '/api/user/phone-login',
    body: U.PhoneCodeBody,
    response: U.SessionResponse,
    summary: 'Log in with phone + code',
  },
  oneClickLogin: {
    method: 'POST',
    path: '/api/user/one-click-login',
    body: U.OneClickLoginBody,
    response: U.SessionResponse,
    summary: 'One-click local-number sign-in (carrier token); registers an unknown number',
  },
  login: {
    method: 'POST',
    path: '/api/user/login',
    body: U.LoginBody,
    response: U.SessionResponse,
    summary: 'Log in with user_name + password',
  },
  codeLogin: {
    method: 'POST',
    path: '/api/user/code-login',
    body: U.PhoneCodeBody,
    response: U.SessionResponse,
    encrypted: true,
    summary: 'Code login (encrypted payload when enabled)',
  },
  reg: {
    method: 'POST',
    path: '/api/user/reg',
    body: U.RegBody,
    response: U.SessionResponse,
    summary: 'Register: user_name, passwords, imei, invitation_code',
  },
  regCheck: {
    method: 'POST',
    path: '/api/user/reg-check',
    body: U.RegCheckBody,
    response: U.RegCheckResponse,
    summary: 'Does a user name exist (code 2) or not (code 1)',
  },
  keepAlive: {
    method: 'GET',
    path: '/api/user/keep-alive',
    response: U.KeepAliveResponse,
    auth: 'user',
    summary: 'Keep-alive; daily reward once',
  },
  logout: { method: 'GET', path: '/api/user/logout', response: A.OkResponse, auth: 'user', summary: 'End the session' },
  deleteAccount: {
    method: 'POST',
    path: '/api/user/delete-account',
    body: U.DeleteAccountBody,
    response: U.DeleteAccountResponse,
    auth: 'user',
    summary: 'Request (or cancel) account deletion; processed after 3 working days',
  },

  adminLogin: {
    method: 'POST',
    path: '/api/admin/login',
    body: A.AdminLoginBody,
    response: A.AdminLoginResponse,
    summary: 'Console sign-in',
  },
  adminLogout: {
    method: 'POST',
    path: '/api/admin/logout',
    response: A.OkResponse,
    auth: 'admin',
    summary: 'Console sign-out',
  },
  adminMe: {
    method: 'GET',
    path: '/api/admin/me',
    response: A.AdminMeResponse,
    auth: 'admin',
    summary: 'The signed-in operator',
  },
  adminListVods: {
    method: 'GET',
    path: '/api/admin/vods',
    query: A.AdminVodQuery,
    response: A.AdminVodListResponse,
    auth: 'admin',
    summary: 'Titles, searchable',
  },
  adminGetVod: {
    method: 'GET',
    path: '/api/admin/vods/:id',
    params: C.IdParams,
    response: A.AdminVodResponse,
    auth: 'admin',
    summary: 'One title for editing',
  },
  adminUpdateVod: {
    method: 'PATCH',
    path: '/api/admin/vods/:id',
    params: C.IdParams,
    body: A.AdminVodUpdate,
    response: A.AdminVodResponse,
    auth: 'admin',
    summary: 'Edit a title (incl. lock and publish)',
  },
  adminListTypes: {
    method: 'GET',
    path: '/api/admin/types',
    response: A.AdminTypeListResponse,
    auth: 'admin',
    summary: 'All categories',
  },
  adminCreateType: {
    method: 'POST',
    path: '/api/admin/types',
    body: A.AdminTypeBody,
    response: A.AdminTypeResponse,
    auth: 'admin',
    summary: 'Create a category',
  },
  adminUpdateType: {
    method: 'PATCH',
    path: '/api/admin/types/:id',
    params: C.IdParams,
    body: A.AdminTypeUpdate,
    response: A.AdminTypeResponse,
    auth: 'admin',
    summary: 'Edit a category',
  },
  adminDeleteType: {
    method: 'DELETE',
    path: '/api/admin/types/:id',
    params: C.IdParams,
    response: A.OkResponse,
    auth: 'admin',
    summary: 'Delete an empty category',
  },
  adminImport: {
    method: 'POST',
    path: '/api/admin/import',
    body: A.ImportBody,
    response: A.ImportResponse,
    auth: 'admin',
    summary: 'Import a MacCMS collect feed (URL or text)',
  },
  adminListTypeBindings: {
    method: 'GET',
    path: '/api/admin/type-bindings',
    response: A.TypeBindingListResponse,
    auth: 'admin',
    summary: 'Remote-to-local category bindings',
  },
  adminSetTypeBinding: {
    method: 'PUT',
    path: '/api/admin/type-bindings',
    body: A.TypeBindingBody,
    response: A.OkResponse,
    auth: 'admin',
    summary: 'Bind a remote category to a local one',
  },
  adminListUsers: {
    method: 'GET',
    path: '/api/admin/users',
    query: U.AdminUserQuery,
    response: U.AdminUserListResponse,
    auth: 'admin',
    summary: 'Users, searchable',
  },
  adminGetUser: {
    method: 'GET',
    path: '/api/admin/users/:id',
    params: C.IdParams,
    response: U.AdminUserResponse,
    auth: 'admin',
    summary: 'One user',
  },
  adminUpdateUser: {
    method: 'PATCH',
    path: '/api/admin/users/:id',
    params: C.IdParams,
    body: U.AdminUserUpdate,
    response: U.AdminUserResponse,
    auth: 'admin',
    summary: 'Change group, VIP end, status',
  },
  adminListGroups: {
    method: 'GET',
    path: '/api/admin/groups',
    response: U.AdminGroupListResponse,
    auth: 'admin',
    summary: 'User groups and their category rights',
  },
  adminCreateGroup: {
    method: 'POST',
    path: '/api/admin/groups',
    body: U.AdminGroupBody,
    response: U.AdminGroupResponse,
    auth: 'admin',
    summary: 'Create a group (VIP tiers are 3 and up)',
  },
  adminUpdateGroup: {
    method: 'PATCH',
    path: '/api/admin/groups/:id',
    params: C.IdParams,
    body: U.AdminGroupUpdate,
    response: U.AdminGroupResponse,
    auth: 'admin',
    summary: 'Edit a group',
  },
  adminGetAppConfig: {
    method: 'GET',
    path: '/api/admin/app-config',
    response: U.AdminAppConfigResponse,
    auth: 'admin',
    summary: 'The app config',
  },
  adminUpdateAppConfig: {
    method: 'PATCH',
    path: '/api/admin/app-config',
    body: U.AdminAppConfigUpdate,
    response: U.AdminAppConfigResponse,
    auth: 'admin',
    summary: 'Edit the app config',
  },
  adminGetAppVersion: {
    method: 'GET',
    path: '/api/admin/app-version',
    response: U.AdminAppVersionResponse,
    auth: 'admin',
    summary: 'The published app version',
  },
  adminPublishAppVersion: {
    method: 'PUT',
    path: '/api/admin/app-version',
    body: U.AdminAppVersionBody,
    response: U.AdminAppVersionResponse,
    auth: 'admin',
    summary: 'Publish a newer app version',
  },
} as const satisfies Record<string, Endpoint>;

export type OperationId = keyof typeof endpoints;
