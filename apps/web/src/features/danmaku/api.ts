/**
 * The danmaku calls of spec §7 over the typed {@link call} (lib/client.ts): barrageList (page 1, limit 1000, vodId,
 * nid) and barrageSend (the posted fields of spec §3). Also the address of the live channel (WebSocket) of an episode.
 */
import { DANMAKU_FETCH_LIMIT, DANMAKU_WS_PATH } from '@openvod/contract';
import { buildUrl } from '../../lib/api';
import { call, type Res } from '../../lib/client';
import { useSettings } from '../../lib/settings';

/** barrageList's answer: the episode's items by playback time and their total. */
export type BarrageListResult = Res<'barrageList'>;

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
  list: (vodId: number, nid: number, signal?: AbortSignal): Promise<BarrageListResult> =>
    call('barrageList', { query: { vodId, nid, page: 1, limit: DANMAKU_FETCH_LIMIT }, signal }),
  /** code 1 answers the stored item; any other code throws an ApiError carrying the server's message. */
  send: (fields: SendFields) => call('barrageSend', { body: fields }),
};

export const danmakuListKey = (vodId: number, nid: number) => ['danmaku', 'list', vodId, nid] as const;

/** ws(s):// address of the live channel of an episode, on the API's origin. */
export function danmakuSocketUrl(vodId: number, nid: number): string {
  const base = useSettings.getState().apiBase || import.meta.env.VITE_API_BASE || globalThis.location.origin;
  const http = buildUrl(base, DANMAKU_WS_PATH, { vodId, nid });
  return http.replace(/^http/, 'ws');
}
