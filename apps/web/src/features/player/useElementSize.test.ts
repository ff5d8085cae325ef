import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useElementSize } from './useElementSize';

afterEach(() => vi.unstubAllGlobals());

// Testing Library's automatic cleanup needs Vitest globals: unmount each test's hooks here.
afterEach(cleanup);

describe('useElementSize', () => {
  it('measures on mount and on every resize the observer reports; disconnects on unmount', () => {
    let notify: () => void = () => undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: () => void) {
          notify = cb;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const el = document.createElement('div');
    let [w, h] = [320, 180];
    Object.defineProperty(el, 'clientWidth', { get: () => w });
    Object.defineProperty(el, 'clientHeight', { get: () => h });
    const ref = { current: el };
    const { result, unmount } = renderHook(() => useElementSize(ref));
    expect(result.current).toEqual({ width: 320, height: 180 });
    [w, h] = [640, 360];
    act(() => notify());
    expect(result.current).toEqual({ width: 640, height: 360 });
    unmount();
    expect(disconnect).toHaveBeenCalledTimes(1);
  });
});
