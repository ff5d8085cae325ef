/**
 * The social operations of the endpoint table (spec/calls.md "community" rows friendList, friendCount,
 * friendCheck, friendAdd, friendDel, publicUserInfo, digg, shortUrl; plus diggState, the title page's like state,
 * and openShortUrl, the short link itself). Shapes and errors: ../social.ts.
 */
import type { Endpoint } from '../endpoint-type.ts';
import * as S from '../social.ts';

export const socialEndpoints = {
  friendList: {
    method: 'GET',
    path: '/api/friends',
    query: S.FriendListQuery,
    response: S.FriendListResponse,
    auth: 'user',
    summary: 'My follows (type=attention) or my fans (type=fan), newest first, paged; is_follow: I follow them',
  },
  friendCount: {
    method: 'GET',
    path: '/api/friends/count',
    query: S.FriendTargetQuery,
    response: S.FriendCountResponse,
    summary: 'A member’s counts: attent (members followed) and fan (followers); 404 for an unknown member',
  },
  friendCheck: {
    method: 'GET',
    path: '/api/friends/check',
    query: S.FriendTargetQuery,
    response: S.FollowStateResponse,
    auth: 'user',
    summary: 'Do I follow this member (is_follow), with their counts',
  },
  friendAdd: {
    method: 'GET',
    path: '/api/friends/add',
    query: S.FriendTargetQuery,
    response: S.FollowStateResponse,
    auth: 'user',
    summary:
      'Follow a member. 400 self, 404 unknown or deleted, 409 already followed, 403 guest account, 429 too often',
  },
  friendDel: {
    method: 'GET',
    path: '/api/friends/del',
    query: S.FriendTargetQuery,
    response: S.FollowStateResponse,
    auth: 'user',
    summary: 'Unfollow a member. 409 when not followed, 403 guest account, 429 too often',
  },
  publicUserInfo: {
    method: 'GET',
    path: '/api/users/:id/public',
    params: S.PublicUserParams,
    response: S.PublicUserInfoResponse,
    summary: 'A member’s homepage: nickname, avatar, group (level), counts, region, whether I follow them',
  },
  digg: {
    method: 'GET',
    path: '/api/vod/:id/digg',
    params: S.DiggParams,
    query: S.DiggQuery,
    response: S.DiggResponse,
    auth: 'user',
    summary: 'Like a title (cancel=1: take the like back); once per member; vod_up kept with the likes',
  },
  diggState: {
    method: 'GET',
    path: '/api/vod/:id/digg/state',
    params: S.DiggParams,
    response: S.DiggResponse,
    summary: 'A title’s likes (vod_up) and whether the caller likes it (false for a tourist)',
  },
  shortUrl: {
    method: 'POST',
    path: '/api/short-url',
    body: S.ShortUrlBody,
    response: S.ShortUrlResponse,
    auth: 'user',
    summary:
      'A short link /s/<code> to a page of this app (other targets 400); pays the daily share task (plog 21) to a ' +
      'member, once per page a day',
  },
  openShortUrl: {
    method: 'GET',
    path: '/s/:code',
    params: S.ShortCodeParams,
    response: S.OpenShortUrlResponse,
    summary: 'Open a short link: 302 to the app page (/#<path>), counting the open; 404 for an unknown code',
  },
} as const satisfies Record<string, Endpoint>;
