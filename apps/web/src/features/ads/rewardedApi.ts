/**
 * The rewarded-ad calls over the app's API client (issue 7 item 3; contract endpoints rewardNonce, rewardProgress,
 * rewardStatus in packages/contract/src/endpoints/rewards.ts) over the typed {@link call} (lib/client.ts).
 */
import type { RewardGrantInfo, RewardNetwork, RewardNonceInfo, RewardPurpose } from '@openvod/contract';
import { call } from '../../lib/client';

/** A single-use nonce (and for 'own' the ad to show). Rejects with the server's ApiError (cap, no ad, 401). */
export async function requestRewardNonce(body: {
  purpose: RewardPurpose;
  network?: RewardNetwork;
  vod_id?: number;
}): Promise<RewardNonceInfo> {
  const res = await call('rewardNonce', { body: { network: 'own', ...body } });
  return res.info;
}

/** Report the own ad's start (recorded once by the server) or end (granted when watched long enough). */
export async function reportRewardProgress(nonce: string, event: 'start' | 'ended'): Promise<RewardGrantInfo> {
  const res = await call('rewardProgress', { body: { nonce, event } });
  return res.info;
}

/** Whether a nonce was granted (network ads: after the network's server callback). */
export async function fetchRewardStatus(nonce: string): Promise<RewardGrantInfo> {
  const res = await call('rewardStatus', { params: { nonce } });
  return res.info;
}
