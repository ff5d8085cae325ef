/**
 * The danmaku calls of spec §7 over the app's client (lib/api): barrageList (page 1, limit 1000, vodId, nid) and
 * barrageSend (the posted fields of spec §3). Method and path mirror the contract's endpoint table at the type level.
 * Also the address of the live channel (WebSocket) of an episode.
 */
import { type BarrageItem, DANMAKU_FETCH_LIMIT, DANMAKU_WS_PATH, type endpoints } from '@openvod/contract';
import { api, buildUrl } from '../../lib/api';
import { useSettings } from '../../lib/settings';

type Table = typeof endpoints;
const routes: { [K in 'barrageList' | 'barrageSend']: Pick<Table[K], 'method' | 'path'> } = {
  barrageList: { method: 'GET', path: '/api/barrage' },
  barrageSend: { method: 'POST', path: '/api/barrage' },
};

export interface BarrageListResult {
  code: 1;
  msg: string;
  list: BarrageItem[];
  total: number;
}

/** Spec §3 posted fields. `userId`, `userName` and `avatar` are informative: the server uses the session's user. */
export interface SendFields {
  vodId: number;
  sid: number;
  nid: number;
  userId: number;
  userName: string;
  /** Playback position, seconds. */
  time: number;
  text: string;
  color: string;
  /** The client's clock (ms), as the original client sends it. */
  current: number;
  avatar: string;
}

export const danmakuApi = {
  list: (vodId: number, nid: number, signal?: AbortSignal) =>
    api.request<BarrageListResult>(routes.barrageList.path, {
      query: { vodId, nid, page: 1, limit: DANMAKU_FETCH_LIMIT },
      signal,
    }),
  /** code 1 answers the stored item; any other code throws an ApiError carrying the server's message. */
  send: (fields: SendFields) =>
    api.request<{ code: 1; msg: string; info: BarrageItem }>(routes.barrageSend.path, {
      method: routes.barrageSend.method,
      body: fields,
      auth: true,
    }),
};

export const danmakuListKey = (vodId: number, nid: number) => ['danmaku', 'list', vodId, nid] as const;

/** ws(s):// address of the live channel of an episode, on the API's origin. */
export function danmakuSocketUrl(vodId: number, nid: number): string {
  const base = useSettings.getState().apiBase || import.meta.env.VITE_API_BASE || globalThis.location.origin;
  const http = buildUrl(base, DANMAKU_WS_PATH, { vodId, nid });
  return http.replace(/^http/, 'ws');
}
