/**
 * The ad system's operations (issue 7 items 4 and 6): the show and tap reports of the app (adImpression, adClick)
 * and the console's numbers and per-slot order (adminAdStats, adminReorderAds). adList and the ad editor are in
 * endpoints/player.ts.
 */
import * as A from '../ads.ts';
import type { Endpoint } from '../endpoint-type.ts';
import * as P from '../player.ts';

export const adsEndpoints = {
  adImpression: {
    method: 'POST',
    path: '/api/ads/impression',
    body: A.AdTokenBody,
    response: A.AdImpressionResponse,
    summary:
      'Report that an ad adList served was shown (its ad_token): counted once per token per ad and operator day; ' +
      'feeds the banner caps (ad_show_num a day, ad_show_times minutes apart)',
  },
  adClick: {
    method: 'POST',
    path: '/api/ads/click',
    body: A.AdTokenBody,
    response: A.AdClickResponse,
    summary:
      'Report a tap on a served ad (its ad_token): counted once per token; pays the ad-click reward (setPlog type ' +
      '13) only to the signed-in viewer the ad was served to, once per token, within the daily cap',
  },
  adminAdStats: {
    method: 'GET',
    path: '/api/admin/ads/stats',
    query: A.AdminAdStatsQuery,
    response: A.AdminAdStatsResponse,
    auth: 'admin',
    summary: 'Impressions, clicks, paid clicks and completed rewarded views per ad over operator days',
  },
  adminReorderAds: {
    method: 'POST',
    path: '/api/admin/ads/order',
    body: A.AdminReorderAdsBody,
    response: P.AdminAdListResponse,
    auth: 'admin',
    summary: "Set the order of a slot's ads (ad_sort follows the ids given); answers the slot's ads",
  },
} satisfies Record<string, Endpoint>;
