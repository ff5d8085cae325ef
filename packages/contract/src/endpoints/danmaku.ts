/**
 * The danmaku operations of the endpoint table (spec/calls.md rows barrageList, barrageSend; issue 5 items 3 and 6).
 * The live channel (WebSocket, `DANMAKU_WS_PATH`) is not an HTTP operation and is registered by the server module.
 */
import { OkResponse } from '../admin.ts';
import { IdParams } from '../content.ts';
import * as D from '../danmaku.ts';
import type { Endpoint } from '../endpoint-type.ts';

export const danmakuEndpoints = {
  barrageList: {
    method: 'GET',
    path: '/api/barrage',
    query: D.BarrageListQuery,
    response: D.BarrageListResponse,
    summary: "An episode's danmaku by playback time: page 1, limit at most 1000 (spec §5), vodId, nid",
  },
  barrageSend: {
    method: 'POST',
    path: '/api/barrage',
    body: D.BarrageSendBody,
    response: D.BarrageSendResponse,
    auth: 'user',
    summary:
      'Post a danmaku (signed-in users; 1-50 characters; colour #rrggbb, default #ff0000; 20 per minute per user); ' +
      'published at once to every viewer of the episode on the live channel',
  },
  adminListDanmaku: {
    method: 'GET',
    path: '/api/admin/danmaku',
    query: D.AdminDanmakuQuery,
    response: D.AdminDanmakuListResponse,
    auth: 'admin',
    summary: 'Danmaku, newest first, searchable by text, user and title',
  },
  adminDeleteDanmaku: {
    method: 'DELETE',
    path: '/api/admin/danmaku/:id',
    params: IdParams,
    response: OkResponse,
    auth: 'admin',
    summary: 'Remove a danmaku (also from the screens of current viewers)',
  },
  adminListDanmakuBlocks: {
    method: 'GET',
    path: '/api/admin/danmaku-blocks',
    response: D.AdminDanmakuBlockListResponse,
    auth: 'admin',
    summary: 'Users blocked from sending danmaku',
  },
  adminBlockDanmakuUser: {
    method: 'PUT',
    path: '/api/admin/danmaku-blocks/:id',
    params: IdParams,
    body: D.AdminDanmakuBlockBody,
    response: D.AdminDanmakuBlockResponse,
    auth: 'admin',
    summary: 'Block a user (by user_id) from sending danmaku',
  },
  adminUnblockDanmakuUser: {
    method: 'DELETE',
    path: '/api/admin/danmaku-blocks/:id',
    params: IdParams,
    response: OkResponse,
    auth: 'admin',
    summary: 'Let a blocked user send danmaku again',
  },
} as const satisfies Record<string, Endpoint>;
