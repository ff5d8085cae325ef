import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mediaStore, NO_MEDIA, useMediaState } from './useMediaState';

/** A video element whose read-only media fields a test can set. */
function fakeVideo(fields: Partial<Record<'paused' | 'ended' | 'duration' | 'readyState' | 'seeking', unknown>> = {}) {
  const video = document.createElement('video');
  const values: Record<string, unknown> = {
    paused: true,
    ended: false,
    duration: Number.NaN,
    readyState: 0,
    ...fields,
  };
  for (const key of Object.keys(values))
    Object.defineProperty(video, key, { configurable: true, get: () => values[key] });
  return { video, values };
}

// Testing Library's automatic cleanup needs Vitest globals: unmount each test's hooks here.
afterEach(cleanup);

describe('useMediaState', () => {
  it('gives the empty state without an element', () => {
    const { result } = renderHook(() => useMediaState(null));
    expect(result.current).toBe(NO_MEDIA);
  });

  it("follows the element's events: play, pause, time, duration, ended", () => {
    const { video, values } = fakeVideo();
    const { result } = renderHook(() => useMediaState(video));
    expect(result.current.paused).toBe(true);
    expect(result.current.duration).toBe(0);

    values.paused = false;
    act(() => {
      video.dispatchEvent(new Event('play'));
    });
    expect(result.current.paused).toBe(false);

    values.duration = 100;
    video.currentTime = 12;
    act(() => {
      video.dispatchEvent(new Event('durationchange'));
      video.dispatchEvent(new Event('timeupdate'));
    });
    expect(result.current).toMatchObject({ duration: 100, currentTime: 12 });

    values.paused = true;
    values.ended = true;
    act(() => {
      video.dispatchEvent(new Event('ended'));
    });
    expect(result.current).toMatchObject({ paused: true, ended: true });
  });

  it('keeps the same snapshot while nothing changed (no re-render)', () => {
    const { video } = fakeVideo();
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useMediaState(video);
    });
    const first = result.current;
    const before = renders;
    act(() => {
      video.dispatchEvent(new Event('timeupdate'));
      video.dispatchEvent(new Event('progress'));
    });
    expect(result.current).toBe(first);
    expect(renders).toBe(before);
  });

  it('re-renders for the chosen fields only', () => {
    const { video, values } = fakeVideo();
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useMediaState(video, ['paused', 'currentTime']);
    });
    const before = renders;
    act(() => {
      video.volume = 0.5;
      video.dispatchEvent(new Event('volumechange'));
    });
    expect(renders).toBe(before);
    values.paused = false;
    act(() => {
      video.dispatchEvent(new Event('play'));
    });
    expect(renders).toBe(before + 1);
    expect(result.current).toMatchObject({ paused: false, volume: 0.5 });
  });

  it('is waiting from `waiting` until `playing` or `seeked`', () => {
    const { video } = fakeVideo();
    const { result } = renderHook(() => useMediaState(video));
    act(() => {
      video.dispatchEvent(new Event('waiting'));
    });
    expect(result.current.waiting).toBe(true);
    act(() => {
      video.dispatchEvent(new Event('playing'));
    });
    expect(result.current.waiting).toBe(false);
    act(() => {
      video.dispatchEvent(new Event('waiting'));
    });
    act(() => {
      video.dispatchEvent(new Event('seeked'));
    });
    expect(result.current.waiting).toBe(false);
  });

  it('reads volume, muted and rate on their change events, and the time on refresh', () => {
    const { video } = fakeVideo();
    const { result } = renderHook(() => useMediaState(video));
    // jsdom fires the change events itself.
    act(() => {
      video.volume = 0.4;
      video.muted = true;
      video.dispatchEvent(new Event('volumechange'));
    });
    expect(result.current).toMatchObject({ volume: 0.4, muted: true });
    act(() => {
      video.playbackRate = 1.5;
      video.dispatchEvent(new Event('ratechange'));
    });
    expect(result.current.playbackRate).toBe(1.5);
    video.currentTime = 30;
    act(() => mediaStore(video).refresh());
    expect(result.current.currentTime).toBe(30);
  });

  it('gives the end of the buffered range around the position', () => {
    const { video } = fakeVideo();
    const ranges = [
      [0, 10],
      [20, 35],
    ] as const;
    Object.defineProperty(video, 'buffered', {
      configurable: true,
      value: { length: 2, start: (i: number) => ranges[i]?.[0], end: (i: number) => ranges[i]?.[1] },
    });
    const { result } = renderHook(() => useMediaState(video));
    video.currentTime = 22;
    act(() => {
      video.dispatchEvent(new Event('progress'));
    });
    expect(result.current.buffered).toBe(35);
    video.currentTime = 15;
    act(() => {
      video.dispatchEvent(new Event('timeupdate'));
    });
    expect(result.current.buffered).toBe(0);
  });

  it('stops listening when the last subscriber leaves', () => {
    const { video, values } = fakeVideo();
    const { unmount } = renderHook(() => useMediaState(video));
    unmount();
    const store = mediaStore(video);
    const before = store.getSnapshot();
    values.paused = false;
    video.dispatchEvent(new Event('play'));
    expect(store.getSnapshot()).toBe(before);
  });
});
