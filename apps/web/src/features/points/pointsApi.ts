/**
 * The points calls of the viewer app (issue 7 item 5; spec §7 plogList, setPlog, getTask, setDuration,
 * durationList, exchangeNumber, plus exchangeRates) over the typed {@link call} (lib/client.ts). Points are integers, durations seconds.
 */
import { call, type Res } from '../../lib/client';

type PointsOp =
  | 'plogList'
  | 'setPlog'
  | 'getTask'
  | 'setDuration'
  | 'durationList'
  | 'exchangeNumber'
  | 'exchangeRates';
export type PointsRes<K extends PointsOp> = Res<K>;

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
