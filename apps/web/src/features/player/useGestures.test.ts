import { act, cleanup, renderHook } from '@testing-library/react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { DOUBLE_TAP_MS } from './gestures';
import { usePlayerSettings } from './playerSettings';
import { type GestureOptions, POPUP_LINGER_MS, useGestures } from './useGestures';

/** A 400 × 200 layer at the page's origin. */
const layer = {
  getBoundingClientRect: () => ({ left: 0, top: 0, right: 400, bottom: 200, width: 400, height: 200 }),
  setPointerCapture: () => undefined,
};

/** A pointer event at (x, y) lifted/moved at `timeStamp` ms. */
const at = (x: number, y: number, timeStamp = 1) =>
  ({
    pointerId: 1,
    clientX: x,
    clientY: y,
    timeStamp,
    currentTarget: layer,
  }) as unknown as ReactPointerEvent<HTMLElement>;

function gestures(over: Partial<GestureOptions> = {}) {
  const video = document.createElement('video');
  const options: GestureOptions = {
    video,
    rotated: false,
    locked: false,
    duration: 600,
    onTap: vi.fn(),
    onDoubleTap: vi.fn(),
    onPopup: vi.fn(),
    onSeek: vi.fn(),
    ...over,
  };
  const { result } = renderHook(() => useGestures(options));
  const drag = (from: [number, number], to: [number, number]) =>
    act(() => {
      result.current.onPointerDown(at(...from));
      result.current.onPointerMove(at(...to));
      result.current.onPointerUp(at(...to));
    });
  return { options, video, handlers: () => result.current, drag };
}

beforeAll(() => initI18n('en-us'));
beforeEach(() => {
  vi.useFakeTimers();
  usePlayerSettings.setState({ volume: 20, brightness: 20 });
});
afterEach(() => vi.useRealTimers());

// Testing Library's automatic cleanup needs Vitest globals: unmount each test's hooks here.
afterEach(cleanup);

describe('useGestures', () => {
  it('a tap acts after the double-tap wait; two quick taps are one double tap', () => {
    const { options, handlers } = gestures();
    const tap = (t: number) =>
      act(() => {
        handlers().onPointerDown(at(100, 100, t - 40));
        handlers().onPointerUp(at(100, 100, t));
      });
    tap(1000);
    act(() => vi.advanceTimersByTime(DOUBLE_TAP_MS));
    expect(options.onTap).toHaveBeenCalledTimes(1);
    tap(2000);
    tap(2100);
    act(() => vi.advanceTimersByTime(DOUBLE_TAP_MS));
    expect(options.onDoubleTap).toHaveBeenCalledTimes(1);
    expect(options.onTap).toHaveBeenCalledTimes(1);
  });

  it('seeks by a horizontal drag with a time pop-up, hidden a moment after the lift', () => {
    const { options, video, drag } = gestures();
    video.currentTime = 60;
    // A full width spans 180 s at most: 100 px of 400 is 45 s.
    drag([100, 100], [200, 105]);
    expect(options.onSeek).toHaveBeenCalledWith(105);
    expect(options.onPopup).toHaveBeenCalledWith({ kind: 'seek', text: '1:45 / 10:00' });
    act(() => vi.advanceTimersByTime(POPUP_LINGER_MS));
    expect(options.onPopup).toHaveBeenLastCalledWith(null);
  });

  it('sets the volume on the right half and the brightness on the left by a vertical drag (up raises)', () => {
    const { options, video, drag } = gestures();
    video.muted = true;
    drag([300, 150], [300, 50]);
    expect(usePlayerSettings.getState().volume).toBe(70);
    expect(video.muted).toBe(false);
    expect(options.onPopup).toHaveBeenCalledWith({ kind: 'volume', text: 'Volume 70%' });
    drag([100, 50], [100, 150]);
    expect(usePlayerSettings.getState().brightness).toBe(0);
    expect(options.onPopup).toHaveBeenCalledWith({ kind: 'brightness', text: 'Brightness 0%' });
  });

  it('follows the picture in the rotated fullscreen fallback', () => {
    const { options, video, drag } = gestures({ rotated: true });
    video.currentTime = 60;
    // Rotated 90° clockwise: down the screen is the picture's right.
    drag([100, 50], [105, 150]);
    expect(options.onSeek).toHaveBeenCalled();
    expect(usePlayerSettings.getState().volume).toBe(20);
  });

  it('ignores everything while locked', () => {
    const { options, drag, handlers } = gestures({ locked: true });
    drag([300, 150], [300, 50]);
    act(() => {
      handlers().onPointerDown(at(100, 100));
      handlers().onPointerUp(at(100, 100));
      vi.advanceTimersByTime(DOUBLE_TAP_MS);
    });
    expect(usePlayerSettings.getState().volume).toBe(20);
    expect(options.onTap).not.toHaveBeenCalled();
    expect(options.onPopup).not.toHaveBeenCalled();
  });
});
