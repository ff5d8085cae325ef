/**
 * The rewarded-ad operations (issue 7 item 3; schemas in ../rewards.ts): the viewer's nonce and own-ad progress,
 * the ad networks' server callbacks (AdMob SSV, uni-ad) and the console's settings and report.
 */
import { z } from 'zod';
import type { Endpoint } from '../endpoint-type.ts';
import * as R from '../rewards.ts';

export const rewardsEndpoints = {
  rewardNonce: {
    method: 'POST',
    path: '/api/rewards/nonce',
    body: R.RewardNonceBody,
    response: R.RewardNonceResponse,
    auth: 'user',
    summary:
      'A single-use reward nonce for one rewarded ad (purpose view|download; network own|admob|uniad). own: the ' +
      'rewarded video ad to show. 400 reward_cap when the daily cap is reached, 404 reward_no_ad when no own ad exists',
  },
  rewardProgress: {
    method: 'POST',
    path: '/api/rewards/progress',
    body: R.RewardProgressBody,
    response: R.RewardProgressResponse,
    auth: 'user',
    summary:
      "Own video ad: 'start' records the server time once; 'ended' grants +1 view/download when at least the " +
      "ad's length passed since the start (server clock), once per nonce; early: granted false with remaining_s",
  },
  rewardStatus: {
    method: 'GET',
    path: '/api/rewards/nonce/:nonce',
    params: R.RewardNonceParams,
    response: R.RewardStatusResponse,
    auth: 'user',
    summary: "A nonce of the caller: whether it was granted (network ads: after the network's server callback)",
  },
  rewardAdmobSsv: {
    method: 'GET',
    path: '/api/rewards/callback/admob',
    query: R.AdmobSsvQuery,
    response: z.string(),
    summary:
      'AdMob server-side verification callback: ECDSA signature over the query up to &signature= checked with the ' +
      'key server key key_id; custom_data = nonce. 200 when handled (granted or a replay), 400 on a bad signature',
  },
  rewardUniadCallback: {
    method: 'GET',
    path: '/api/rewards/callback/uniad',
    query: R.UniadCallbackQuery,
    response: R.UniadCallbackResponse,
    summary:
      'uni-ad rewarded video server callback: sign = sha256(appSecurityKey:trans_id); extra = nonce. Answers ' +
      '{"isValid": true} when granted now or before, false otherwise',
  },
  adminGetRewardSettings: {
    method: 'GET',
    path: '/api/admin/rewards/settings',
    response: R.RewardSettingsResponse,
    auth: 'admin',
    summary: 'Rewarded-ad settings: daily caps per user (views, downloads) and nonce lifetime (minutes)',
  },
  adminUpdateRewardSettings: {
    method: 'PUT',
    path: '/api/admin/rewards/settings',
    body: R.RewardSettings,
    response: R.RewardSettingsResponse,
    auth: 'admin',
    summary: 'Change the rewarded-ad settings',
  },
  adminRewardsReport: {
    method: 'GET',
    path: '/api/admin/rewards/report',
    query: R.AdminRewardsReportQuery,
    response: R.AdminRewardsReportResponse,
    auth: 'admin',
    summary:
      'Nonces issued and rewards granted by network, ad and purpose (operator days from..to) and the latest 50 nonces',
  },
} as const satisfies Record<string, Endpoint>;
