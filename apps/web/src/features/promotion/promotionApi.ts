/**
 * The promotion calls of the viewer app (spec §7 visit, rewardList, checkActive; the promotion centre, earnings log
 * and level rules) over the typed {@link call} (lib/client.ts). Money is integer fen.
 */
import { call, type Res } from '../../lib/client';

type PromotionOp =
  | 'visit'
  | 'rewardList'
  | 'checkActive'
  | 'promotionCenter'
  | 'revenueList'
  | 'promotionLevels'
  | 'exchangePointsCash';
export type PromotionRes<K extends PromotionOp> = Res<K>;

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
