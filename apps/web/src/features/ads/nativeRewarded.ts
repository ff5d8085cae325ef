/**
 * Rewarded ads of a native ad network (AdMob, uni-ad) shown by an app shell around the web app (issue 7 item 3;
 * spec §4 "Rewarded ad wrapper", §5 "when views run out"; the bridge contract for shell authors: docs/native-shells.md).
 *
 * When the web app runs inside an Android / iOS / uni-app shell (a WebView wrapper), the shell injects
 * `window.OpenVodShell.rewardedAd` ({@link OpenVodShellRewardedAd}). {@link nativeRewardedProvider} drives it through
 * the spec §4 wrapper (wrapper.ts: one retry, -5008 silent reload, 30-minute expiry, a failed show reloads once):
 *
 * 1. load: asks the server for a single-use nonce (`rewardNonce`: purpose, network `admob` | `uniad`, vod_id), then
 *    has the shell load an ad with the nonce as the network's server-side-verification custom data (AdMob
 *    `ServerSideVerificationOptions.customData`, uni-ad `urlCallback.extra`) and the signed-in user's id as its user
 *    id (AdMob `userId`, uni-ad `urlCallback.userId`) — the server's callbacks (rewardAdmobSsv: `custom_data`,
 *    `user_id`; rewardUniadCallback: `extra`, `user_id`) find the nonce by them. A nonce whose native load failed was
 *    never shown and is reused by the retry; a nonce is never used again once a show was attempted.
 * 2. show: the shell shows the ad and resolves `{ isEnded }`. Closed early: 'closed', nothing is asked. Ended: the
 *    provider polls `rewardStatus` for that nonce until the server says granted (the network's verified callback
 *    arrived), the nonce can no longer pay (expired, capped), or {@link CONFIRM_TIMEOUT_MS} passed.
 *
 * Nothing is granted on the client: `isEnded` only decides whether asking the server is worth it.
 */
import type { RewardNetwork, RewardStatus } from '@openvod/contract';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { currentUserId } from '../../lib/session';
import { fetchRewardStatus, requestRewardNonce } from './rewardedApi';
import { type RewardedOutcome, type RewardedPurpose, settleRewarded } from './rewardedOutcome';
import { RewardedAdWrapper, type RewardedError, type RewardedProvider } from './wrapper';

/** The networks a shell can show (the server's RewardNetwork without the web's own ad). */
export type NativeRewardedNetwork = Exclude<RewardNetwork, 'own'>;
const NATIVE_NETWORKS: readonly NativeRewardedNetwork[] = ['admob', 'uniad'];

/** What the web app asks the shell to load (docs/native-shells.md "load"). */
export interface NativeRewardedLoadRequest {
  /** The network to load from; one of the shell's `networks`. */
  network: NativeRewardedNetwork;
  /** AdMob ad unit id / uni-ad `adpid`; undefined = the shell's own configured rewarded unit. */
  adUnitId?: string;
  /** The signed-in user's id (decimal string): AdMob SSV `userId`, uni-ad `urlCallback.userId`. */
  userId: string;
  /** The single-use reward nonce: AdMob SSV `customData`, uni-ad `urlCallback.extra`. Pass it through unchanged. */
  customData: string;
}

/** A successful load. `expiresAt`: the SDK's own expiry of the loaded ad (epoch ms, device clock), if known. */
export interface NativeRewardedLoadResult {
  expiresAt?: number;
}

/** How a shown ad closed: `isEnded` true when the user earned the reward (watched to the end). */
export interface NativeRewardedCloseResult {
  isEnded: boolean;
}

/**
 * The bridge a shell injects as `window.OpenVodShell.rewardedAd` (docs/native-shells.md). Promises reject with
 * `{ code: number, message?: string }` (or uni-style `{ errCode, errMsg }`); code -5008 = reload silently.
 */
export interface OpenVodShellRewardedAd {
  /** Contract version (1). */
  version?: number;
  /** The networks this shell can show, preferred first. */
  networks: readonly NativeRewardedNetwork[];
  /** Load one ad for `req`, replacing any loaded one. */
  load(req: NativeRewardedLoadRequest): Promise<NativeRewardedLoadResult | undefined>;
  /** Show the loaded ad; resolves when it closed. Rejects when nothing is loaded or it cannot be shown. */
  show(): Promise<NativeRewardedCloseResult>;
}

/** The object a shell injects as `window.OpenVodShell`. */
export interface OpenVodShell {
  rewardedAd?: OpenVodShellRewardedAd;
}

declare global {
  interface Window {
    OpenVodShell?: OpenVodShell;
  }
}

/** Error codes the provider itself produces (the SDKs' codes are passed through unchanged). */
export const NATIVE_ERROR = {
  /** No usable `window.OpenVodShell.rewardedAd` (or the asked network is not among its `networks`). */
  noBridge: -10,
  /** The shell did not answer `load` within {@link LOAD_TIMEOUT_MS}. */
  loadTimeout: -11,
  /** `show` without a loaded ad. */
  notLoaded: -12,
  /** The loaded ad's nonce cannot pay any more (expired on the server): the wrapper reloads with a new one. */
  staleNonce: -13,
  /** Nobody is signed in (the nonce and the network's user id need a user). */
  notSignedIn: -14,
} as const;

/** Milliseconds to wait for the shell's `load` answer. */
export const LOAD_TIMEOUT_MS = 30_000;
/** Milliseconds after the ad ended to wait for the server's grant (the network's callback). */
export const CONFIRM_TIMEOUT_MS = 20_000;
/** First and longest pause between two status polls (ms); the pause grows by half each time. */
const POLL_FIRST_MS = 1000;
const POLL_MAX_MS = 3000;
/** A nonce older than this (ms) is checked with the server before its ad is shown (it may have expired). */
export const RECHECK_AFTER_MS = 60_000;

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The shell's rewarded-ad bridge when it is usable (functions present, at least one known network). */
export function nativeRewardedBridge(): OpenVodShellRewardedAd | undefined {
  if (typeof window === 'undefined') return undefined;
  const b = window.OpenVodShell?.rewardedAd;
  if (!b || typeof b.load !== 'function' || typeof b.show !== 'function' || !Array.isArray(b.networks)) return;
  return b.networks.some((n) => NATIVE_NETWORKS.includes(n)) ? b : undefined;
}

/** Whether the app runs in a shell that can show native rewarded ads (then {@link watchNativeRewardedAd} is used). */
export function isNativeRewardedAvailable(): boolean {
  return nativeRewardedBridge() !== undefined;
}

export interface NativeRewardedOptions {
  purpose: RewardedPurpose;
  vodId?: number;
  /** Default: the first of the shell's `networks` this app knows. */
  network?: NativeRewardedNetwork;
  /** Default: the shell's own configured unit. */
  adUnitId?: string;
  /** Clock for the timeouts (ms); default Date.now. */
  now?: () => number;
  confirmTimeoutMs?: number;
  loadTimeoutMs?: number;
}

/** What the provider learned; read by {@link watchNativeRewardedAd} after the wrapper's show. */
export interface NativeRewardedState {
  /** The server confirmed the grant of the shown nonce. */
  granted: boolean;
  /** The nonce whose ad was shown last (its grant is what was polled). */
  shownNonce?: string;
  /** The last status the server gave for it. */
  status?: RewardStatus;
  /** The ad ended but the server did not confirm within the bound. */
  timedOut: boolean;
  /** The last failure (an ApiError carries the server's translated message). */
  lastError?: unknown;
}

interface Ticket {
  nonce: string;
  userId: number;
  network: NativeRewardedNetwork;
  issuedAt: number;
  loaded: boolean;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject({ code: NATIVE_ERROR.loadTimeout, message: 'native load timed out' } satisfies RewardedError),
      ms,
    );
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * The {@link RewardedProvider} over the shell's bridge. `load` rejects with the server's ApiError (nonce refused:
 * cap, network off, 401) or the bridge's `{ code }` error; `show` resolves 'ended' only after the confirmation poll
 * (granted or not: see `state`), 'closed' on an early close, and rejects when the shell cannot show.
 */
export function nativeRewardedProvider(opts: NativeRewardedOptions): {
  provider: RewardedProvider;
  state: NativeRewardedState;
} {
  const now = opts.now ?? Date.now;
  const state: NativeRewardedState = { granted: false, timedOut: false };
  let ticket: Ticket | undefined;

  const fail = (code: number, message: string): RewardedError => ({ code, message });

  async function confirm(nonce: string): Promise<void> {
    const deadline = now() + (opts.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS);
    let pause = POLL_FIRST_MS;
    for (;;) {
      try {
        const s = await fetchRewardStatus(nonce);
        state.status = s.status;
        if (s.granted) {
          state.granted = true;
          return;
        }
        if (s.status === 'expired' || s.status === 'capped') return; // this nonce will never pay
      } catch (err) {
        state.lastError = err;
        // 4xx: unknown nonce or signed out, asking again will not help; network errors are retried.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) return;
      }
      const left = deadline - now();
      if (left <= 0) {
        state.timedOut = true;
        return;
      }
      await wait(Math.min(pause, left));
      pause = Math.min(Math.round(pause * 1.5), POLL_MAX_MS);
    }
  }

  const provider: RewardedProvider = {
    async load() {
      const bridge = nativeRewardedBridge();
      const network = opts.network ?? bridge?.networks.find((n) => NATIVE_NETWORKS.includes(n));
      if (!bridge || !network || !bridge.networks.includes(network)) {
        throw fail(NATIVE_ERROR.noBridge, 'no native rewarded ad bridge');
      }
      const userId = currentUserId();
      if (!userId) throw fail(NATIVE_ERROR.notSignedIn, 'not signed in');
      // A nonce whose ad never got to a show is reused (its load failed or it was never shown); another user's not.
      if (!ticket || ticket.userId !== userId || ticket.network !== network) {
        ticket = undefined;
        try {
          const info = await requestRewardNonce({ purpose: opts.purpose, network, vod_id: opts.vodId });
          ticket = { nonce: info.nonce, userId, network, issuedAt: now(), loaded: false };
        } catch (err) {
          state.lastError = err;
          throw err;
        }
      }
      const t = ticket;
      t.loaded = false;
      const req: NativeRewardedLoadRequest = { network, userId: String(userId), customData: t.nonce };
      if (opts.adUnitId) req.adUnitId = opts.adUnitId;
      const r = await withTimeout(bridge.load(req), opts.loadTimeoutMs ?? LOAD_TIMEOUT_MS);
      t.loaded = true;
      return r && typeof r.expiresAt === 'number' ? { expiresAt: r.expiresAt } : undefined;
    },

    async show() {
      const t = ticket;
      ticket = undefined; // shown at most once: any later load gets a new nonce
      const bridge = nativeRewardedBridge();
      if (!t?.loaded || !bridge) throw fail(NATIVE_ERROR.notLoaded, 'not loaded');
      if (now() - t.issuedAt >= RECHECK_AFTER_MS) {
        // The server's clock decides whether the nonce can still pay; a stale one makes the wrapper reload.
        let status: RewardStatus;
        try {
          status = (await fetchRewardStatus(t.nonce)).status;
        } catch (err) {
          state.lastError = err;
          throw err;
        }
        if (status !== 'issued') throw fail(NATIVE_ERROR.staleNonce, `nonce ${status}`);
      }
      const closed = await bridge.show();
      if (!closed?.isEnded) return 'closed';
      state.shownNonce = t.nonce;
      await confirm(t.nonce);
      return 'ended';
    },
  };
  return { provider, state };
}

/**
 * Show one native rewarded ad through the shell (same outcomes and toasts as `watchRewardedAd` in rewarded.ts):
 * 'rewarded' only when the server confirmed the grant; 'closed' when closed early; 'failed' otherwise (no bridge,
 * not signed in, nonce refused, no fill after the retry, show failed twice, or no confirmation within the bound).
 * Never rejects.
 */
export async function watchNativeRewardedAd(opts: NativeRewardedOptions): Promise<RewardedOutcome> {
  const { provider, state } = nativeRewardedProvider(opts);
  const outcome = await new RewardedAdWrapper(provider, opts.now ? { now: opts.now } : {}).show();
  return settleRewarded(outcome, state, opts.purpose, state.timedOut ? i18n.t('rewarded.unconfirmed') : undefined);
}
