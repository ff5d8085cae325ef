import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTROLS_HIDE_MS } from './gestures';
import { useAutoHide } from './useAutoHide';
import { useFlash } from './useFlash';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// Testing Library's automatic cleanup needs Vitest globals: unmount each test's hooks here.
afterEach(cleanup);

describe('useAutoHide', () => {
  it('hides after the delay while active; a touch restarts the wait', () => {
    const { result } = renderHook(() => useAutoHide(true));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 100));
    act(() => result.current.touch());
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 100));
    expect(result.current.visible).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.visible).toBe(false);
  });

  it('stays while inactive (paused, a panel open); a toggle shows and hides', () => {
    const { result, rerender } = renderHook(({ active }) => useAutoHide(active), { initialProps: { active: false } });
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS * 3));
    expect(result.current.visible).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.visible).toBe(false);
    act(() => result.current.toggle());
    rerender({ active: true });
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS));
    expect(result.current.visible).toBe(false);
  });
});

describe('useFlash', () => {
  it('shows a value for its time, a later one replacing it, or until the next when no time is given', () => {
    const { result } = renderHook(() => useFlash<string>());
    act(() => result.current[1]('a', 800));
    expect(result.current[0]).toBe('a');
    act(() => vi.advanceTimersByTime(500));
    act(() => result.current[1]('b', 800));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current[0]).toBe('b');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]('kept'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current[0]).toBe('kept');
    act(() => result.current[1](null));
    expect(result.current[0]).toBeNull();
  });
});
