/**
 * The web's rewarded own video ad (rewarded.ts + rewardedOverlay.tsx) with the server calls mocked: the result is
 * 'rewarded' only when the server confirmed the grant, the reward is asked for only after the ad's length of real
 * playback (counted after the server recorded the start), closing early gives 'closed', failures give 'failed'.
 */
import type { RewardGrantInfo, RewardNonceInfo } from '@openvod/contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { initI18n } from '../../lib/i18n';

vi.mock('./rewardedApi', () => ({
  requestRewardNonce: vi.fn(),
  reportRewardProgress: vi.fn(),
  fetchRewardStatus: vi.fn(),
}));
vi.mock('../../ui/feedback', () => ({ toast: vi.fn(), confirm: vi.fn() }));

const api = await import('./rewardedApi');
const feedback = await import('../../ui/feedback');
const { watchRewardedAd } = await import('./rewarded');

const nonceInfo = (n: string): RewardNonceInfo => ({
  nonce: n,
  purpose: 'view',
  network: 'own',
  status: 'issued',
  duration_s: 3,
  expires_at: '2030-01-01T00:00:00.000Z',
  ad: { ad_id: 5, ad_name: 'Ad', ad_video_url: '/media/ads/a.webm', ad_pic_url: '', ad_url: '', ad_duration: 3 },
  today: 0,
  cap: 10,
});
const grant = (granted: boolean, remaining = 0): RewardGrantInfo => ({
  nonce: 'n',
  status: granted ? 'granted' : 'started',
  granted,
  remaining_s: remaining,
  balance: granted ? 1 : null,
});

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.mocked(api.requestRewardNonce).mockReset();
  vi.mocked(api.reportRewardProgress).mockReset();
  vi.mocked(feedback.toast).mockReset();
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** Wait for the overlay, then make its video "play" (jsdom does not play media). */
async function startPlaying() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1);
  });
  const video = screen.getByTestId('rewarded-video') as HTMLVideoElement;
  Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
  await act(async () => {
    fireEvent.playing(video);
    await vi.advanceTimersByTimeAsync(1);
  });
  return video;
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('watchRewardedAd', () => {
  it("resolves 'rewarded' only after the ad length was played and the server granted", async () => {
    vi.mocked(api.requestRewardNonce).mockResolvedValue(nonceInfo('n1'));
    vi.mocked(api.reportRewardProgress).mockImplementation(async (_n, event) =>
      event === 'start' ? grant(false, 3) : grant(true),
    );
    const result = watchRewardedAd({ purpose: 'view', vodId: 9 });
    await startPlaying();
    expect(api.requestRewardNonce).toHaveBeenCalledWith({ purpose: 'view', vod_id: 9 });
    expect(api.reportRewardProgress).toHaveBeenCalledWith('n1', 'start');
    await advance(2200);
    expect(screen.getByTestId('rewarded-countdown').textContent).toBe('Reward in 1 s');
    expect(api.reportRewardProgress).not.toHaveBeenCalledWith('n1', 'ended');
    await advance(1000);
    expect(api.reportRewardProgress).toHaveBeenCalledWith('n1', 'ended');
    await advance(10);
    await expect(result).resolves.toBe('rewarded');
    expect(feedback.toast).toHaveBeenCalledWith('You got 1 more view', 'success');
  });

  it('does not count time while the video is paused', async () => {
    vi.mocked(api.requestRewardNonce).mockResolvedValue(nonceInfo('n2'));
    vi.mocked(api.reportRewardProgress).mockResolvedValue(grant(true));
    const result = watchRewardedAd({ purpose: 'view' });
    const video = await startPlaying();
    Object.defineProperty(video, 'paused', { configurable: true, get: () => true });
    await advance(10_000);
    expect(api.reportRewardProgress).not.toHaveBeenCalledWith('n2', 'ended');
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
    await advance(3300);
    expect(api.reportRewardProgress).toHaveBeenCalledWith('n2', 'ended');
    await advance(10);
    await expect(result).resolves.toBe('rewarded');
  });

  it("closing before the end resolves 'closed' and never reports the end", async () => {
    vi.mocked(api.requestRewardNonce).mockResolvedValue(nonceInfo('n3'));
    vi.mocked(api.reportRewardProgress).mockResolvedValue(grant(false, 3));
    const result = watchRewardedAd({ purpose: 'view' });
    await startPlaying();
    await advance(1000);
    await act(async () => {
      fireEvent.click(screen.getByTestId('rewarded-close'));
    });
    await expect(result).resolves.toBe('closed');
    expect(api.reportRewardProgress).not.toHaveBeenCalledWith('n3', 'ended');
    expect(feedback.toast).toHaveBeenCalledWith('Watch the ad to the end to get the reward');
  });

  it("resolves 'failed' when the server does not grant, with the server's message when it refuses", async () => {
    vi.mocked(api.requestRewardNonce).mockResolvedValue(nonceInfo('n4'));
    vi.mocked(api.reportRewardProgress).mockImplementation(async (_n, event) =>
      event === 'start' ? grant(false, 3) : grant(false, 1),
    );
    const result = watchRewardedAd({ purpose: 'download' });
    await startPlaying();
    await advance(3300);
    await advance(5000); // the client asks again after remaining_s, three times at most
    await expect(result).resolves.toBe('failed');
    expect(vi.mocked(api.reportRewardProgress).mock.calls.filter((c) => c[1] === 'ended')).toHaveLength(4);

    vi.mocked(api.requestRewardNonce).mockRejectedValue(new ApiError('Daily limit reached', 0, 400, 'server'));
    await expect(watchRewardedAd({ purpose: 'view' })).resolves.toBe('failed');
    expect(api.requestRewardNonce).toHaveBeenCalledTimes(3); // the first load and its one retry
    expect(feedback.toast).toHaveBeenLastCalledWith('Daily limit reached', 'fail');
  });

  it('stops asking at once when the server says the nonce expired', async () => {
    vi.mocked(api.requestRewardNonce).mockResolvedValue(nonceInfo('n7'));
    vi.mocked(api.reportRewardProgress).mockImplementation(async (_n, event) =>
      event === 'start' ? grant(false, 3) : { ...grant(false, 0), status: 'expired' },
    );
    const result = watchRewardedAd({ purpose: 'view' });
    await startPlaying();
    await advance(3300);
    await expect(result).resolves.toBe('failed');
    expect(vi.mocked(api.reportRewardProgress).mock.calls.filter((c) => c[1] === 'ended')).toHaveLength(1);
    expect(feedback.toast).toHaveBeenLastCalledWith(
      'The ad cannot be played right now. Please try again later',
      'fail',
    );
  });

  it('a video that fails to load is reloaded once (a new nonce), then reported as failed', async () => {
    vi.mocked(api.requestRewardNonce).mockResolvedValueOnce(nonceInfo('n5')).mockResolvedValueOnce(nonceInfo('n6'));
    const result = watchRewardedAd({ purpose: 'view' });
    for (let i = 0; i < 2; i++) {
      await advance(1);
      const video = screen.getByTestId('rewarded-video');
      await act(async () => {
        fireEvent.error(video);
        await vi.advanceTimersByTimeAsync(1);
      });
    }
    await expect(result).resolves.toBe('failed');
    expect(api.requestRewardNonce).toHaveBeenCalledTimes(2);
    expect(api.reportRewardProgress).not.toHaveBeenCalled();
  });
});
