/**
 * The player operations of the endpoint table (spec/calls.md "player", "ads" and "quotas" rows owned by issue 5):
 * adList, getJsonRealPath (GET and encrypted POST), ajaxUlog, plays, and the console's ad editor.
 */
import { OkResponse } from '../admin.ts';
import type { Endpoint } from '../endpoint-type.ts';
import * as P from '../player.ts';

export const playerEndpoints = {
  adList: {
    method: 'GET',
    path: '/api/ads',
    query: P.AdListQuery,
    response: P.AdListResponse,
    summary: 'Ads of a slot (ad_local_type); none for VIP and ad-free users or when the slot is switched off',
  },
  getJsonRealPath: {
    method: 'GET',
    path: '/api/player/real-path',
    query: P.RealPathQuery,
    response: P.RealPathResponse,
    summary: "Resolve a play address through its player's JSON parse API (server-side, SSRF-guarded)",
  },
  getJsonRealPathPost: {
    method: 'POST',
    path: '/api/player/real-path',
    body: P.RealPathBody,
    response: P.RealPathResponse,
    encrypted: true,
    summary: 'getJsonRealPath as a POST (encrypted payload when enabled)',
  },
  ajaxUlog: {
    method: 'GET',
    path: '/api/user/ulog',
    query: P.UlogQuery,
    response: P.UlogResponse,
    auth: 'user',
    summary: 'User log query/set: mid, type (2 fav, 4 watch, 5 download), id, sid, nid, limit 500, ac=set, cancel',
  },
  plays: {
    method: 'GET',
    path: '/api/user/plays',
    query: P.PlaysQuery,
    response: P.PlaysResponse,
    auth: 'user',
    summary: 'My watch log, newest first',
  },
  adminListAds: {
    method: 'GET',
    path: '/api/admin/ads',
    query: P.AdminAdQuery,
    response: P.AdminAdListResponse,
    auth: 'admin',
    summary: 'Ads, optionally of one slot, in slot and sort order',
  },
  adminCreateAd: {
    method: 'POST',
    path: '/api/admin/ads',
    body: P.AdminAdBody,
    response: P.AdminAdResponse,
    auth: 'admin',
    summary: 'Create an ad',
  },
  adminUpdateAd: {
    method: 'PATCH',
    path: '/api/admin/ads/:id',
    params: P.AdminAdParams,
    body: P.AdminAdUpdate,
    response: P.AdminAdResponse,
    auth: 'admin',
    summary: 'Edit an ad',
  },
  adminDeleteAd: {
    method: 'DELETE',
    path: '/api/admin/ads/:id',
    params: P.AdminAdParams,
    response: OkResponse,
    auth: 'admin',
    summary: 'Delete an ad',
  },
} as const satisfies Record<string, Endpoint>;
