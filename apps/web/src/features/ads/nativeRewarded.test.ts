/**
 * The native rewarded-ad provider (nativeRewarded.ts) driven through the spec §4 wrapper by a fake shell bridge
 * that follows the docs/native-shells.md contract, with the server calls mocked (like rewarded.test.tsx). The fake
 * "network" pays, after a delay, only the nonce the shell got as custom data, and only when the ad ended: the
 * client says 'rewarded' only once the server's status says granted.
 */
import type { RewardGrantInfo, RewardNonceInfo, RewardStatus } from '@openvod/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { initI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import type { NativeRewardedLoadRequest, OpenVodShellRewardedAd } from './nativeRewarded';

vi.mock('./rewardedApi', () => ({
  requestRewardNonce: vi.fn(),
  reportRewardProgress: vi.fn(),
  fetchRewardStatus: vi.fn(),
}));
vi.mock('../../ui/feedback', () => ({ toast: vi.fn(), confirm: vi.fn() }));

const api = await import('./rewardedApi');
const feedback = await import('../../ui/feedback');
const {
  CONFIRM_TIMEOUT_MS,
  LOAD_TIMEOUT_MS,
  NATIVE_ERROR,
  RECHECK_AFTER_MS,
  isNativeRewardedAvailable,
  nativeRewardedProvider,
  watchNativeRewardedAd,
} = await import('./nativeRewarded');
const { RewardedAdWrapper } = await import('./wrapper');

/** Milliseconds after the ad ended at which the fake network's verified callback reaches the server. */
const CALLBACK_DELAY_MS = 1500;

/** The fake server: issued nonces, their status, and which were paid by the (fake) network callback. */
let issued: string[];
let statusOf: Map<string, RewardStatus>;
let nonceSeq: number;

function nonceInfo(nonce: string): RewardNonceInfo {
  return {
    nonce,
    purpose: 'view',
    network: 'admob',
    status: 'issued',
    duration_s: 0,
    expires_at: '2030-01-01T00:00:00.000Z',
    ad: null,
    today: 0,
    cap: 10,
  };
}
const grantInfo = (nonce: string, status: RewardStatus): RewardGrantInfo => ({
  nonce,
  status,
  granted: status === 'granted',
  remaining_s: 0,
  balance: status === 'granted' ? 1 : null,
});

type LoadStep = 'ok' | 'hang' | { code?: number; errCode?: number; errMsg?: string; message?: string };
type ShowStep = 'ended' | 'closed' | 'fail';

/** A bridge implementing the shell contract; `pays: false` models a network whose callback never arrives. */
function installBridge(script: { loads?: LoadStep[]; shows?: ShowStep[]; pays?: boolean; networks?: string[] } = {}) {
  const loads = [...(script.loads ?? [])];
  const shows = [...(script.shows ?? [])];
  const calls = { load: [] as NativeRewardedLoadRequest[], show: 0 };
  let loaded: NativeRewardedLoadRequest | undefined;
  const bridge: OpenVodShellRewardedAd = {
    version: 1,
    networks: (script.networks ?? ['admob']) as OpenVodShellRewardedAd['networks'],
    load(req) {
      calls.load.push({ ...req });
      loaded = undefined;
      const next = loads.shift() ?? 'ok';
      if (next === 'hang') return new Promise(() => {});
      if (next !== 'ok') return Promise.reject(next);
      loaded = req;
      return Promise.resolve({});
    },
    show() {
      calls.show++;
      const ad = loaded;
      loaded = undefined;
      const next = shows.shift() ?? 'ended';
      if (!ad || next === 'fail') return Promise.reject({ code: 1, message: 'show failed' });
      if (next === 'ended' && script.pays !== false) {
        // The network's server callback (custom_data = the nonce, user_id) reaches the server a bit later.
        setTimeout(() => {
          if (ad.userId === '7' && statusOf.get(ad.customData) === 'issued') statusOf.set(ad.customData, 'granted');
        }, CALLBACK_DELAY_MS);
      }
      return Promise.resolve({ isEnded: next === 'ended' });
    },
  };
  window.OpenVodShell = { rewardedAd: bridge };
  return { bridge, calls };
}

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  issued = [];
  statusOf = new Map();
  nonceSeq = 0;
  vi.mocked(api.requestRewardNonce).mockReset();
  vi.mocked(api.requestRewardNonce).mockImplementation(async () => {
    const n = `nonce-${++nonceSeq}-abcdefghijklmnop`;
    issued.push(n);
    statusOf.set(n, 'issued');
    return nonceInfo(n);
  });
  vi.mocked(api.fetchRewardStatus).mockReset();
  vi.mocked(api.fetchRewardStatus).mockImplementation(async (n) => {
    const s = statusOf.get(n);
    if (!s) throw new ApiError('Not found', 0, 404, 'server');
    return grantInfo(n, s);
  });
  vi.mocked(api.reportRewardProgress).mockReset();
  vi.mocked(feedback.toast).mockReset();
  useSession.getState().signIn('tok-7', { user_id: 7, user_name: 'bob' } as never);
});
afterEach(() => {
  delete window.OpenVodShell;
  useSession.getState().clear();
  vi.useRealTimers();
});

/** Let the watch run `ms` of (fake) time, then give its outcome. */
async function run<T>(p: Promise<T>, ms = CONFIRM_TIMEOUT_MS + 5000): Promise<T> {
  await vi.advanceTimersByTimeAsync(ms);
  return p;
}
const statusCalls = () => vi.mocked(api.fetchRewardStatus).mock.calls.map((c) => c[0]);

describe('isNativeRewardedAvailable', () => {
  it('is true only when the shell injected a usable bridge with a known network', () => {
    expect(isNativeRewardedAvailable()).toBe(false);
    window.OpenVodShell = {};
    expect(isNativeRewardedAvailable()).toBe(false);
    window.OpenVodShell = { rewardedAd: { networks: ['admob'] } as unknown as OpenVodShellRewardedAd };
    expect(isNativeRewardedAvailable()).toBe(false);
    installBridge({ networks: ['facebook'] });
    expect(isNativeRewardedAvailable()).toBe(false);
    installBridge({ networks: ['uniad'] });
    expect(isNativeRewardedAvailable()).toBe(true);
  });
});

describe('watchNativeRewardedAd', () => {
  it("load ok, show, ended, the server's status says granted: 'rewarded'", async () => {
    const { calls } = installBridge();
    const result = watchNativeRewardedAd({ purpose: 'view', vodId: 9 });
    await expect(run(result)).resolves.toBe('rewarded');
    expect(api.requestRewardNonce).toHaveBeenCalledWith({ purpose: 'view', network: 'admob', vod_id: 9 });
    // The nonce is the SSV custom data and the signed-in user's id the SSV user id.
    expect(calls.load).toEqual([{ network: 'admob', userId: '7', customData: issued[0] }]);
    expect(calls.show).toBe(1);
    expect(new Set(statusCalls())).toEqual(new Set([issued[0]]));
    // Granted by the (fake) network callback, which arrives after the ad closed: at least one poll saw it pending.
    expect(statusCalls().length).toBeGreaterThan(1);
    expect(api.reportRewardProgress).not.toHaveBeenCalled();
    expect(feedback.toast).toHaveBeenCalledWith('You got 1 more view', 'success');
  });

  it('uses the network and ad unit asked for (uni-ad adpid)', async () => {
    const { calls } = installBridge({ networks: ['admob', 'uniad'] });
    const result = watchNativeRewardedAd({ purpose: 'download', network: 'uniad', adUnitId: '1507000689' });
    await expect(run(result)).resolves.toBe('rewarded');
    expect(api.requestRewardNonce).toHaveBeenCalledWith({ purpose: 'download', network: 'uniad', vod_id: undefined });
    expect(calls.load).toEqual([{ network: 'uniad', adUnitId: '1507000689', userId: '7', customData: issued[0] }]);
    expect(feedback.toast).toHaveBeenCalledWith('You got 1 more download', 'success');
  });

  it("an early close gives 'closed' and polls nothing", async () => {
    const { calls } = installBridge({ shows: ['closed'] });
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('closed');
    expect(calls.show).toBe(1);
    expect(api.fetchRewardStatus).not.toHaveBeenCalled();
    expect(feedback.toast).toHaveBeenCalledWith('Watch the ad to the end to get the reward');
  });

  it('a load error is retried once with the same (never shown) nonce; a second error fails', async () => {
    const first = installBridge({ loads: [{ code: 3, message: 'no fill' }, 'ok'] });
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('rewarded');
    expect(first.calls.load.map((r) => r.customData)).toEqual([issued[0], issued[0]]);
    expect(api.requestRewardNonce).toHaveBeenCalledTimes(1);

    const second = installBridge({ loads: [{ code: 3 }, { code: 2 }] });
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('failed');
    expect(second.calls.load).toHaveLength(2);
    expect(second.calls.show).toBe(0);
    expect(feedback.toast).toHaveBeenLastCalledWith(
      'The ad cannot be played right now. Please try again later',
      'fail',
    );
  });

  it('-5008 (uni-ad errCode) reloads silently, without using up the one retry', async () => {
    const { calls } = installBridge({
      loads: [{ errCode: -5008, errMsg: 'reload' }, { errCode: -5008 }, { code: 2 }, 'ok'],
      networks: ['uniad'],
    });
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('rewarded');
    expect(calls.load).toHaveLength(4);
    expect(new Set(calls.load.map((r) => r.customData))).toEqual(new Set([issued[0]]));
  });

  it("status never granted within the bound: 'failed' with the translated message, and polling stops", async () => {
    installBridge({ pays: false });
    const result = watchNativeRewardedAd({ purpose: 'view' });
    await vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS - 1000);
    expect(feedback.toast).not.toHaveBeenCalled(); // still waiting for the network's callback
    await expect(run(result, 2000)).resolves.toBe('failed');
    expect(feedback.toast).toHaveBeenLastCalledWith(
      'You watched the ad, but the reward is not confirmed yet. It will be added once the ad network confirms it',
      'fail',
    );
    const polled = statusCalls().length;
    expect(polled).toBeGreaterThan(3);
    expect(polled).toBeLessThan(15);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statusCalls()).toHaveLength(polled);
  });

  it('stops polling at once when the server says the nonce can no longer pay', async () => {
    installBridge({ pays: false });
    vi.mocked(api.fetchRewardStatus).mockImplementation(async (n) => grantInfo(n, 'capped'));
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }), 100)).resolves.toBe('failed');
    expect(statusCalls()).toHaveLength(1);
  });

  it('a nonce is never used again after a show: a failed show reloads with a new nonce', async () => {
    const { calls } = installBridge({ shows: ['fail', 'ended'] });
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('rewarded');
    expect(issued).toHaveLength(2);
    expect(calls.load.map((r) => r.customData)).toEqual([issued[0], issued[1]]);
    expect(new Set(statusCalls())).toEqual(new Set([issued[1]]));
    expect(statusOf.get(issued[0] as string)).toBe('issued');

    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('rewarded');
    expect(issued).toHaveLength(3);
    expect(calls.load.at(-1)?.customData).toBe(issued[2]);
  });

  it('a shell that never answers load times out, is retried once, then fails', async () => {
    const { calls } = installBridge({ loads: ['hang', 'hang'] });
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }), 2 * LOAD_TIMEOUT_MS + 10)).resolves.toBe('failed');
    expect(calls.load).toHaveLength(2);
    expect(calls.show).toBe(0);
  });

  it('refused nonces and signed-out users fail without showing anything', async () => {
    const { calls } = installBridge();
    vi.mocked(api.requestRewardNonce).mockRejectedValue(new ApiError('Daily limit reached', 0, 400, 'server'));
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('failed');
    expect(feedback.toast).toHaveBeenLastCalledWith('Daily limit reached', 'fail');
    expect(calls.load).toHaveLength(0);

    vi.mocked(api.requestRewardNonce).mockClear();
    useSession.getState().clear();
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('failed');
    expect(api.requestRewardNonce).not.toHaveBeenCalled();
    expect(calls.load).toHaveLength(0);
  });

  it('without a bridge it fails and asks the server nothing', async () => {
    await expect(run(watchNativeRewardedAd({ purpose: 'view' }))).resolves.toBe('failed');
    expect(api.requestRewardNonce).not.toHaveBeenCalled();
  });
});

describe('nativeRewardedProvider', () => {
  it('a loaded ad whose nonce expired on the server is not shown: the wrapper reloads with a new nonce', async () => {
    const { calls } = installBridge();
    const { provider, state } = nativeRewardedProvider({ purpose: 'view' });
    const wrapper = new RewardedAdWrapper(provider);
    await wrapper.load();
    expect(wrapper.loaded).toBe(true);
    await vi.advanceTimersByTimeAsync(RECHECK_AFTER_MS + 1000);
    statusOf.set(issued[0] as string, 'expired'); // the server's clock says the nonce's lifetime is over
    const shown = wrapper.show();
    await vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS);
    await expect(shown).resolves.toEqual({ status: 'ended' });
    expect(state.granted).toBe(true);
    expect(state.shownNonce).toBe(issued[1]);
    expect(calls.show).toBe(1);
    expect(calls.load.map((r) => r.customData)).toEqual([issued[0], issued[1]]);
  });

  it('show without a load is refused with the not-loaded code', async () => {
    installBridge();
    const { provider } = nativeRewardedProvider({ purpose: 'view' });
    await expect(provider.show()).rejects.toMatchObject({ code: NATIVE_ERROR.notLoaded });
  });
});
