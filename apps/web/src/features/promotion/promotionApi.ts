/**
 * The promotion calls of the viewer app (spec §7 visit, rewardList, checkActive; the promotion centre, earnings log
 * and level rules) over {@link api}. Method and path mirror the contract's endpoint table at the type level (a wrong
 * one fails tsc). Money is integer fen.
 */
import type { endpoints } from '@openvod/contract';
import { api, type QueryValue } from '../../lib/api';

type Table = typeof endpoints;
type PromotionOp =
  | 'visit'
  | 'rewardList'
  | 'checkActive'
  | 'promotionCenter'
  | 'revenueList'
  | 'promotionLevels'
  | 'exchangePointsCash';
const routes: { [K in PromotionOp]: Pick<Table[K], 'method' | 'path'> & { auth?: true } } = {
  visit: { method: 'GET', path: '/api/promotion/visit' },
  rewardList: { method: 'GET', path: '/api/promotion/rewards', auth: true },
  checkActive: { method: 'POST', path: '/api/promotion/check-active', auth: true },
  promotionCenter: { method: 'GET', path: '/api/promotion/center', auth: true },
  revenueList: { method: 'GET', path: '/api/promotion/earnings', auth: true },
  promotionLevels: { method: 'GET', path: '/api/promotion/levels' },
  exchangePointsCash: { method: 'POST', path: '/api/promotion/points-cash', auth: true },
};
type Output<S> = S extends { _output: infer O } ? O : never;
export type PromotionRes<K extends PromotionOp> = Output<Table[K]['response']>;

function call<K extends PromotionOp>(
  op: K,
  opts: { body?: unknown; query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<PromotionRes<K>> {
  const r: { method: string; path: string; auth?: true } = routes[op];
  return api.request<PromotionRes<K>>(r.path, {
    method: r.method as 'GET' | 'POST',
    auth: r.auth,
    body: opts.body,
    query: opts.query,
    signal: opts.signal,
  });
}

export const promotionApi = {
  /** Count a visit of the promotion link of `code` (once per IP per promoter per day, decided by the server). */
  visit: (code: string) => call('visit', { query: { code } }),
  rewardList: (depth: number, page: number, signal?: AbortSignal) =>
    call('rewardList', { query: { depth, page, limit: 20 }, signal }),
  checkActive: () => call('checkActive'),
  center: (signal?: AbortSignal) => call('promotionCenter', { signal }),
  revenueList: (page: number, signal?: AbortSignal) => call('revenueList', { query: { page, limit: 20 }, signal }),
  levels: (signal?: AbortSignal) => call('promotionLevels', { signal }),
  /** Points into held promotion money at the operator's rate; `key` is the attempt's idempotency key. */
  exchangePoints: (points: number, key: string) => call('exchangePointsCash', { body: { points, key } }),
};
export type CenterInfo = PromotionRes<'promotionCenter'>['info'];
export type LevelItem = PromotionRes<'promotionLevels'>['list'][number];
