/**
 * The social calls of the viewer app (spec §7 friendList, friendCount, friendCheck, friendAdd, friendDel, userinfo
 * (publicUserInfo), digg, shortUrl; diggState) over the typed {@link call} (lib/client.ts).
 */
import type { FriendListType } from '@openvod/contract';
import { call, type Res } from '../../lib/client';

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
export type SocialRes<K extends SocialOp> = Res<K>;

export const socialApi = {
  list: (type: FriendListType, page: number, signal?: AbortSignal) =>
    call('friendList', { query: { type, page, limit: 20 }, signal }),
  count: (userId: number, signal?: AbortSignal) => call('friendCount', { query: { userId }, signal }),
  follow: (userId: number) => call('friendAdd', { query: { userId } }),
  unfollow: (userId: number) => call('friendDel', { query: { userId } }),
  publicInfo: (id: number, signal?: AbortSignal) => call('publicUserInfo', { params: { id }, signal }),
  digg: (vodId: number, on: boolean) => call('digg', { params: { id: vodId }, query: { cancel: on ? 0 : 1 } }),
  diggState: (vodId: number, signal?: AbortSignal) => call('diggState', { params: { id: vodId }, signal }),
  shortUrl: (url: string) => call('shortUrl', { body: { url } }),
};
