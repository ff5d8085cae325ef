import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { adFreeUser, drawable, landingUrl } from './adsApi';
import { PauseAd } from './PauseAd';
import { PrerollAd, prerollLength } from './PrerollAd';
import { testAd } from './testAd';

const ad = testAd;

beforeAll(async () => {
  await initI18n('en-us');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('PrerollAd', () => {
  it('counts down from 5 s and closes at zero', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<PrerollAd ad={ad()} onDone={onDone} />);
    expect(screen.getByTestId('preroll-countdown').textContent).toBe('5 s');
    expect(screen.queryByTestId('preroll-skip')).toBeNull();
    for (const left of [4, 3, 2, 1]) {
      tick(1000);
      expect(screen.getByTestId('preroll-countdown').textContent).toBe(`${left} s`);
      expect(onDone).not.toHaveBeenCalled();
    }
    tick(1000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the skip control at zero for a longer ad, and skipping ends it once', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<PrerollAd ad={ad({ ad_duration: 15 })} onDone={onDone} />);
    tick(4000);
    expect(screen.queryByTestId('preroll-skip')).toBeNull();
    tick(1000);
    const skip = screen.getByTestId('preroll-skip');
    expect(skip.textContent).toBe('Skip');
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(skip);
    expect(onDone).toHaveBeenCalledTimes(1);
    tick(20_000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('closes a longer ad by itself when its time is up', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<PrerollAd ad={ad({ ad_duration: 8 })} onDone={onDone} />);
    tick(7000);
    expect(onDone).not.toHaveBeenCalled();
    tick(1000);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(prerollLength({ ad_duration: 0 })).toBe(5);
  });

  it('plays a video ad muted and inline, ending it when the video ends', () => {
    const onDone = vi.fn();
    render(<PrerollAd ad={ad({ ad_type: 2, ad_video_url: '/media/ads/demo.mp4', ad_duration: 30 })} onDone={onDone} />);
    const video = screen.getByTestId('preroll-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    fireEvent.ended(video);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('links only to http(s) landing pages', () => {
    render(<PrerollAd ad={ad({ ad_url: 'https://example.com/landing' })} onDone={() => {}} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://example.com/landing');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(landingUrl(ad({ ad_url: 'javascript:alert(1)' }))).toBeUndefined();
  });
});

describe('PauseAd', () => {
  const state = (paused: boolean, extra: { ended?: boolean; locked?: boolean } = {}) => ({
    paused,
    ended: extra.ended ?? false,
    locked: extra.locked ?? false,
  });

  it('shows after the viewer pauses a playing episode, hides on resume, and can be closed', () => {
    const { rerender } = render(<PauseAd ad={ad()} player={state(true)} />);
    // Paused before anything played: no pause ad.
    expect(screen.queryByTestId('pause-ad')).toBeNull();
    rerender(<PauseAd ad={ad()} player={state(false)} />);
    expect(screen.queryByTestId('pause-ad')).toBeNull();
    rerender(<PauseAd ad={ad()} player={state(true)} />);
    expect(screen.getByTestId('pause-ad')).toBeTruthy();
    rerender(<PauseAd ad={ad()} player={state(true, { locked: true })} />);
    expect(screen.queryByTestId('pause-ad')).toBeNull();
    rerender(<PauseAd ad={ad()} player={state(true)} />);
    fireEvent.click(screen.getByTestId('pause-ad-close'));
    expect(screen.queryByTestId('pause-ad')).toBeNull();
    rerender(<PauseAd ad={ad()} player={state(false)} />);
    rerender(<PauseAd ad={ad()} player={state(true)} />);
    expect(screen.getByTestId('pause-ad')).toBeTruthy();
    rerender(<PauseAd ad={ad()} player={state(true, { ended: true })} />);
    expect(screen.queryByTestId('pause-ad')).toBeNull();
  });

  it('has no close control when the ad is not closable', () => {
    const { rerender } = render(<PauseAd ad={ad({ ad_closable: 0 })} player={state(false)} />);
    rerender(<PauseAd ad={ad({ ad_closable: 0 })} player={state(true)} />);
    expect(screen.getByTestId('pause-ad')).toBeTruthy();
    expect(screen.queryByTestId('pause-ad-close')).toBeNull();
  });
});

describe('ad rules on the client', () => {
  it('skips VIP and ad-free users and undrawable ads', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(adFreeUser(null, now)).toBe(false);
    expect(adFreeUser({ group_id: 2, user_noad_time: 0 }, now)).toBe(false);
    expect(adFreeUser({ group_id: 3, user_noad_time: 0 }, now)).toBe(true);
    expect(adFreeUser({ group_id: 2, user_noad_time: now / 1000 + 60 }, now)).toBe(true);
    expect(drawable(ad())).toBe(true);
    expect(drawable(ad({ ad_pic_url: '' }))).toBe(false);
    expect(drawable(ad({ ad_type: 3 }))).toBe(false);
    expect(drawable(ad({ ad_type: 2, ad_pic_url: '', ad_video_url: '/a.mp4' }))).toBe(true);
  });
});
