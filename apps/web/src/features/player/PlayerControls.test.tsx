import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { DOUBLE_TAP_MS } from './gestures';
import { GestureLayer } from './PlayerControls';

/**
 * A pointer event as a touch screen delivers it: `timeStamp` is when the finger moved (ms on the performance.now()
 * clock), which can be well before the handler runs on a busy main thread.
 */
function pointer(el: Element, type: 'pointerdown' | 'pointerup', timeStamp: number) {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperties(event, {
    pointerId: { value: 1 },
    clientX: { value: 100 },
    clientY: { value: 50 },
    timeStamp: { value: timeStamp },
  });
  act(() => {
    el.dispatchEvent(event);
  });
}

/** When the handlers run (performance.now()), ms. */
let handledAt = 0;

/** A tap whose finger lifted at `at` and whose events the page handles at `handled` (both ms). */
function tap(el: Element, at: number, handled = at) {
  handledAt = handled;
  pointer(el, 'pointerdown', at - 40);
  pointer(el, 'pointerup', at);
}

describe('GestureLayer taps', () => {
  beforeAll(() => initI18n('zh-cn'));
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockImplementation(() => handledAt);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function renderLayer() {
    const onTap = vi.fn();
    const onDoubleTap = vi.fn();
    render(
      <GestureLayer
        video={null}
        rotated={false}
        locked={false}
        duration={12}
        onTap={onTap}
        onDoubleTap={onDoubleTap}
        onPopup={() => undefined}
        onSeek={() => undefined}
      />,
    );
    return { layer: screen.getByTestId('player-gestures'), onTap, onDoubleTap };
  }

  it('two lifts 100 ms apart are a double tap even when the second is handled late (busy main thread)', () => {
    const { layer, onTap, onDoubleTap } = renderLayer();
    tap(layer, 1000, 1010);
    // The page was busy: the second tap's events reach the handlers 400 ms after the first's (the single-tap timer
    // has not run yet either: it is queued behind the same busy thread).
    tap(layer, 1100, 1410);
    act(() => {
      vi.advanceTimersByTime(DOUBLE_TAP_MS * 2);
    });
    expect(onDoubleTap).toHaveBeenCalledTimes(1);
    expect(onTap).not.toHaveBeenCalled();
  });

  it('two lifts further apart than DOUBLE_TAP_MS are two taps', () => {
    const { layer, onTap, onDoubleTap } = renderLayer();
    tap(layer, 1000);
    act(() => {
      vi.advanceTimersByTime(DOUBLE_TAP_MS);
    });
    tap(layer, 1000 + DOUBLE_TAP_MS + 50);
    act(() => {
      vi.advanceTimersByTime(DOUBLE_TAP_MS);
    });
    expect(onTap).toHaveBeenCalledTimes(2);
    expect(onDoubleTap).not.toHaveBeenCalled();
  });
});
