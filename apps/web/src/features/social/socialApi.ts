/**
 * The social calls of the viewer app (spec §7 friendList, friendCount, friendCheck, friendAdd, friendDel, userinfo
 * (publicUserInfo), digg, shortUrl; diggState) over {@link api}. Method and path mirror the contract's endpoint
 * table at the type level (a wrong one fails tsc).
 */
import type { endpoints, FriendListType } from '@openvod/contract';
import { api, type QueryValue } from '../../lib/api';

type Table = typeof endpoints;
type SocialOp =
  | 'friendList'
  | 'friendCount'
  | 'friendCheck'
  | 'friendAdd'
  | 'friendDel'
  | 'publicUserInfo'
  | 'digg'
  | 'diggState'
  | 'shortUrl';
const routes: { [K in SocialOp]: Pick<Table[K], 'method' | 'path'> & { auth?: true } } = {
  friendList: { method: 'GET', path: '/api/friends', auth: true },
  friendCount: { method: 'GET', path: '/api/friends/count' },
  friendCheck: { method: 'GET', path: '/api/friends/check', auth: true },
  friendAdd: { method: 'GET', path: '/api/friends/add', auth: true },
  friendDel: { method: 'GET', path: '/api/friends/del', auth: true },
  publicUserInfo: { method: 'GET', path: '/api/users/:id/public' },
  digg: { method: 'GET', path: '/api/vod/:id/digg', auth: true },
  diggState: { method: 'GET', path: '/api/vod/:id/digg/state' },
  shortUrl: { method: 'POST', path: '/api/short-url', auth: true },
};
type Output<S> = S extends { _output: infer O } ? O : never;
export type SocialRes<K extends SocialOp> = Output<Table[K]['response']>;

function call<K extends SocialOp>(
  op: K,
  opts: { id?: number; body?: unknown; query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<SocialRes<K>> {
  const r: { method: string; path: string; auth?: true } = routes[op];
  return api.request<SocialRes<K>>(r.path.replace(':id', String(opts.id ?? 0)), {
    method: r.method as 'GET' | 'POST',
    // The session goes with every call when there is one (is_follow and digg of the open reads).
    auth: r.auth,
    body: opts.body,
    query: opts.query,
    signal: opts.signal,
  });
}

export const socialApi = {
  list: (type: FriendListType, page: number, signal?: AbortSignal) =>
    call('friendList', { query: { type, page, limit: 20 }, signal }),
  count: (userId: number, signal?: AbortSignal) => call('friendCount', { query: { userId }, signal }),
  follow: (userId: number) => call('friendAdd', { query: { userId } }),
  unfollow: (userId: number) => call('friendDel', { query: { userId } }),
  publicInfo: (id: number, signal?: AbortSignal) => call('publicUserInfo', { id, signal }),
  digg: (vodId: number, on: boolean) => call('digg', { id: vodId, query: { cancel: on ? 0 : 1 } }),
  diggState: (vodId: number, signal?: AbortSignal) => call('diggState', { id: vodId, signal }),
  shortUrl: (url: string) => call('shortUrl', { body: { url } }),
};
