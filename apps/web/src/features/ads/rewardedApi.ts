/**
 * The rewarded-ad calls over the app's API client (issue 7 item 3; contract endpoints rewardNonce, rewardProgress,
 * rewardStatus in packages/contract/src/endpoints/rewards.ts). Paths mirror the contract at the type level.
 */
import type { endpoints, RewardGrantInfo, RewardNetwork, RewardNonceInfo, RewardPurpose } from '@openvod/contract';
import { api } from '../../lib/api';

const nonceRoute: Pick<(typeof endpoints)['rewardNonce'], 'method' | 'path'> = {
  method: 'POST',
  path: '/api/rewards/nonce',
};
const progressRoute: Pick<(typeof endpoints)['rewardProgress'], 'method' | 'path'> = {
  method: 'POST',
  path: '/api/rewards/progress',
};

/** A single-use nonce (and for 'own' the ad to show). Rejects with the server's ApiError (cap, no ad, 401). */
export async function requestRewardNonce(body: {
  purpose: RewardPurpose;
  network?: RewardNetwork;
  vod_id?: number;
}): Promise<RewardNonceInfo> {
  const res = await api.request<{ info: RewardNonceInfo }>(nonceRoute.path, {
    method: nonceRoute.method,
    body: { network: 'own', ...body },
    auth: true,
  });
  return res.info;
}

/** Report the own ad's start (recorded once by the server) or end (granted when watched long enough). */
export async function reportRewardProgress(nonce: string, event: 'start' | 'ended'): Promise<RewardGrantInfo> {
  const res = await api.request<{ info: RewardGrantInfo }>(progressRoute.path, {
    method: progressRoute.method,
    body: { nonce, event },
    auth: true,
  });
  return res.info;
}

/** Whether a nonce was granted (network ads: after the network's server callback). */
export async function fetchRewardStatus(nonce: string): Promise<RewardGrantInfo> {
  const res = await api.request<{ info: RewardGrantInfo }>(`/api/rewards/nonce/${encodeURIComponent(nonce)}`, {
    auth: true,
  });
  return res.info;
}
