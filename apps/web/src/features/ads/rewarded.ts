/**
 * Rewarded ads on the web (issue 7 item 3; spec §4 "Rewarded ad wrapper", §5 "when views run out").
 *
 * `watchRewardedAd` is the single entry the rest of the app calls (the quotas blocked screen's "watch an ad"
 * choice, the task list...). It asks the server for a single-use reward nonce (tied to the signed-in user, the
 * purpose and the ad), shows the operator's own rewarded video ad full screen (no skip: closing before the end gives
 * 'closed'), reports the start and the end to the server, and resolves 'rewarded' only once the SERVER confirmed
 * the grant (the server times the view itself and credits +1 `views` or `downloads` through the ledger, once per
 * nonce). Load and show go through the spec §4 wrapper (wrapper.ts: one retry, -5008 silent reload, 30-minute
 * expiry, reward only when playback ended, a failed show reloads once).
 *
 * Resolves (never rejects):
 *  - 'rewarded': the server granted the reward (the caller may now retry the play / download);
 *  - 'closed':   the viewer closed the ad before it ended (nothing granted);
 *  - 'failed':   not signed in, no rewarded ad, the daily cap reached, the ad could not be shown (after the retry),
 *                or the server refused the grant. The server's message is shown as a toast.
 */
import type { RewardNonceInfo } from '@openvod/contract';
import { isNativeRewardedAvailable, watchNativeRewardedAd } from './nativeRewarded';
import { reportRewardProgress, requestRewardNonce } from './rewardedApi';
import { type RewardedOutcome, type RewardedPurpose, settleRewarded } from './rewardedOutcome';
import { mountRewardedOverlay } from './rewardedOverlay';
import { RewardedAdWrapper, type RewardedError, type RewardedProvider } from './wrapper';

export type { RewardedOutcome, RewardedPurpose } from './rewardedOutcome';

/** Times the client asks again when the server says the ad's length has not passed yet (clock rounding). */
const ENDED_RETRIES = 3;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The provider of the operator's own video ad: `load` gets a nonce (and the ad) from the server, `show` plays it
 * full screen and reports start / end. `granted` tells whether the server paid the shown nonce.
 */
export function ownVideoProvider(opts: { purpose: RewardedPurpose; vodId?: number }) {
  let current: RewardNonceInfo | undefined;
  const state = { granted: false, lastError: undefined as unknown };
  const provider: RewardedProvider = {
    async load() {
      try {
        current = await requestRewardNonce({ purpose: opts.purpose, vod_id: opts.vodId });
      } catch (err) {
        state.lastError = err;
        throw err;
      }
      if (!current.ad) throw { code: -4, message: 'no rewarded ad' } satisfies RewardedError;
      return undefined;
    },
    show() {
      const info = current;
      current = undefined; // a nonce is shown once: a retry loads a new one
      if (!info?.ad) return Promise.reject({ code: -4, message: 'not loaded' } satisfies RewardedError);
      const ad = info.ad;
      return new Promise<'ended' | 'closed'>((resolve, reject) => {
        const unmount = mountRewardedOverlay({
          ad,
          onStart: async () => {
            await reportRewardProgress(info.nonce, 'start');
          },
          onEnded: async () => {
            for (let i = 0; i <= ENDED_RETRIES; i++) {
              try {
                const r = await reportRewardProgress(info.nonce, 'ended');
                if (r.granted) {
                  state.granted = true;
                  return;
                }
                if (r.status !== 'started') return; // expired or capped: nothing will be paid
                await wait(Math.max(1, r.remaining_s) * 1000);
              } catch (err) {
                state.lastError = err;
                return;
              }
            }
          },
          onDone: (result) => {
            unmount();
            resolve(result);
          },
          onFail: (error) => {
            unmount();
            reject(error);
          },
        });
      });
    },
  };
  return { provider, state };
}

export async function watchRewardedAd(opts: { purpose: RewardedPurpose; vodId?: number }): Promise<RewardedOutcome> {
  // Inside an app shell with a native rewarded-ad bridge (docs/native-shells.md) the network's ad is shown and only
  // its verified server callback pays; on the web, the operator's own video ad.
  if (isNativeRewardedAvailable()) return watchNativeRewardedAd(opts);
  const { provider, state } = ownVideoProvider(opts);
  const wrapper = new RewardedAdWrapper(provider);
  return settleRewarded(await wrapper.show(), state, opts.purpose);
}
