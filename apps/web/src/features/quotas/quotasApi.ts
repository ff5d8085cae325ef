/**
 * The quota calls of the viewer app (issue 7 item 2; spec §7 checkBuyPopedom, ajaxBuyPopedom, ajaxUlog `ac=set`)
 * over {@link api}. Method and path mirror the contract's endpoint table at the type level (a wrong one fails tsc).
 */
import type { BuyPopedomResponse, CheckBuyPopedomResponse, endpoints, UlogResponse } from '@openvod/contract';
import { ULOG_TYPE } from '@openvod/contract';
import { api } from '../../lib/api';

type Table = typeof endpoints;
const routes: {
  checkBuyPopedom: Pick<Table['checkBuyPopedom'], 'method' | 'path'>;
  ajaxBuyPopedom: Pick<Table['ajaxBuyPopedom'], 'method' | 'path'>;
  ajaxUlog: Pick<Table['ajaxUlog'], 'method' | 'path'>;
} = {
  checkBuyPopedom: { method: 'GET', path: '/api/popedom' },
  ajaxBuyPopedom: { method: 'GET', path: '/api/popedom/buy' },
  ajaxUlog: { method: 'GET', path: '/api/user/ulog' },
};

/** 4 play, 5 download. */
export type QuotaKind = 4 | 5;

export const quotasApi = {
  /** May the caller play / download the title now, and why (nothing is consumed). */
  check: (id: number, type: QuotaKind = 4, signal?: AbortSignal) =>
    api.request<CheckBuyPopedomResponse>(routes.checkBuyPopedom.path, {
      method: routes.checkBuyPopedom.method,
      query: { id, type },
      signal,
    }),
  /** Buy the title's play / download access with points (once; a repeat takes nothing). */
  buy: (id: number, type: QuotaKind = 4) =>
    api.request<BuyPopedomResponse>(routes.ajaxBuyPopedom.path, {
      method: routes.ajaxBuyPopedom.method,
      query: { id, type },
      auth: true,
    }),
  /**
   * Write the watch entry of the episode about to play (spec §4: "otherwise a log entry is set"): the server takes
   * the free or extra view in the same call, or refuses with 403 (QUOTA_CODE).
   */
  claimView: (id: number, sid: number, nid: number) =>
    api.request<UlogResponse>(routes.ajaxUlog.path, {
      method: routes.ajaxUlog.method,
      query: { ac: 'set', mid: 1, type: ULOG_TYPE.watch, id, sid, nid },
      auth: true,
    }),
};
