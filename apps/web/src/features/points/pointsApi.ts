/**
 * The points calls of the viewer app (issue 7 item 5; spec §7 plogList, setPlog, getTask, setDuration,
 * durationList, exchangeNumber, plus exchangeRates) over {@link api}. Method and path mirror the contract's endpoint
 * table at the type level (a wrong one fails tsc). Points are integers, durations seconds.
 */
import type { endpoints } from '@openvod/contract';
import { api, type QueryValue } from '../../lib/api';

type Table = typeof endpoints;
type PointsOp =
  | 'plogList'
  | 'setPlog'
  | 'getTask'
  | 'setDuration'
  | 'durationList'
  | 'exchangeNumber'
  | 'exchangeRates';
const routes: { [K in PointsOp]: Pick<Table[K], 'method' | 'path'> & { auth?: true } } = {
  plogList: { method: 'GET', path: '/api/points/log', auth: true },
  setPlog: { method: 'GET', path: '/api/points/plog', auth: true },
  getTask: { method: 'GET', path: '/api/points/task', auth: true },
  setDuration: { method: 'GET', path: '/api/points/duration', auth: true },
  durationList: { method: 'GET', path: '/api/points/duration/list', auth: true },
  exchangeNumber: { method: 'POST', path: '/api/points/exchange', auth: true },
  exchangeRates: { method: 'GET', path: '/api/points/exchange/rates' },
};
type Output<S> = S extends { _output: infer O } ? O : never;
export type PointsRes<K extends PointsOp> = Output<Table[K]['response']>;

function call<K extends PointsOp>(
  op: K,
  opts: { body?: unknown; query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<PointsRes<K>> {
  const r: { method: string; path: string; auth?: true } = routes[op];
  return api.request<PointsRes<K>>(r.path, {
    method: r.method as 'GET' | 'POST',
    auth: r.auth,
    body: opts.body,
    query: opts.query,
    signal: opts.signal,
  });
}

export const pointsApi = {
  plogList: (page: number, signal?: AbortSignal) => call('plogList', { query: { page, limit: 20 }, signal }),
  /** type 10 = check-in (once per operator day); `point` 0 = already done / cap reached. */
  setPlog: (type: number, id = 0) => call('setPlog', { query: { type, id } }),
  getTask: (signal?: AbortSignal) => call('getTask', { signal }),
  /** Seconds watched since the last report. */
  setDuration: (duration: number) => call('setDuration', { query: { duration } }),
  durationList: (page: number, signal?: AbortSignal) => call('durationList', { query: { page, limit: 20 }, signal }),
  exchange: (body: { type: 'view' | 'download' | 'vip'; count: number; group_id?: number; key: string }) =>
    call('exchangeNumber', { body }),
  rates: (signal?: AbortSignal) => call('exchangeRates', { signal }),
};
export type TaskItem = PointsRes<'getTask'>['tasks'][number];
