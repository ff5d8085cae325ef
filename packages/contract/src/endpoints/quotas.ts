/**
 * The quota operations of the endpoint table (spec/calls.md "quotas" rows checkBuyPopedom and ajaxBuyPopedom;
 * issue 7 item 2). ajaxUlog and plays are in player.ts (the free-view rule runs inside ajaxUlog `ac=set`).
 */
import type { Endpoint } from '../endpoint-type.ts';
import * as Q from '../quotas.ts';

export const quotaEndpoints = {
  checkBuyPopedom: {
    method: 'GET',
    path: '/api/popedom',
    query: Q.PopedomQuery,
    response: Q.CheckBuyPopedomResponse,
    summary:
      'May the caller play (type 4) or download (type 5) this title now: group rights of its category, points ' +
      'price and purchase, then the free-view rule of spec §4 (authorcode optional; nothing is consumed)',
  },
  ajaxBuyPopedom: {
    method: 'GET',
    path: '/api/popedom/buy',
    query: Q.PopedomQuery,
    response: Q.BuyPopedomResponse,
    auth: 'user',
    summary:
      'Buy play or download access to a title with points (its vod_points_play / vod_points_down): once per user, ' +
      'title and type; a repeat takes nothing and answers already bought',
  },
} as const satisfies Record<string, Endpoint>;
