import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type KeyCommands, usePlayerKeys } from './usePlayerKeys';

function commands(over: Partial<KeyCommands> = {}): KeyCommands {
  return {
    off: false,
    closeOnly: false,
    panelOpen: false,
    closePanel: vi.fn(),
    toggle: vi.fn(),
    fullscreen: vi.fn(),
    seekBy: vi.fn(),
    toggleMute: vi.fn(),
    volumeBy: vi.fn(),
    ...over,
  };
}

/** A keydown on `target` (the body by default); returns whether its default was prevented. */
function press(key: string, target: EventTarget = document.body): boolean {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(e);
  return e.defaultPrevented;
}

// Testing Library's automatic cleanup needs Vitest globals: unmount each test's hooks here.
afterEach(cleanup);

describe('usePlayerKeys', () => {
  it('dispatches the shortcut keys and prevents their default', () => {
    const c = commands();
    renderHook(() => usePlayerKeys(c));
    expect(press(' ')).toBe(true);
    expect(c.toggle).toHaveBeenCalledTimes(1);
    press('l');
    expect(c.seekBy).toHaveBeenLastCalledWith(10);
    press('ArrowLeft');
    expect(c.seekBy).toHaveBeenLastCalledWith(-5);
    press('ArrowDown');
    expect(c.volumeBy).toHaveBeenLastCalledWith(-10);
    press('m');
    expect(c.toggleMute).toHaveBeenCalledTimes(1);
    press('f');
    expect(c.fullscreen).toHaveBeenCalledTimes(1);
    expect(press('x')).toBe(false);
  });

  it('leaves Esc alone without a panel, closes one with it', () => {
    const { rerender } = renderHook((c: KeyCommands) => usePlayerKeys(c), { initialProps: commands() });
    expect(press('Escape')).toBe(false);
    const open = commands({ panelOpen: true });
    rerender(open);
    expect(press('Escape')).toBe(true);
    expect(open.closePanel).toHaveBeenCalledTimes(1);
  });

  it('takes only Esc while nothing plays, nothing while off, nothing typed in a field; stops on unmount', () => {
    const closeOnly = commands({ closeOnly: true, panelOpen: true });
    const { rerender, unmount } = renderHook((c: KeyCommands) => usePlayerKeys(c), { initialProps: closeOnly });
    expect(press('k')).toBe(false);
    expect(press('Escape')).toBe(true);
    const off = commands({ off: true, panelOpen: true });
    rerender(off);
    expect(press('Escape')).toBe(false);
    expect(press('k')).toBe(false);
    const on = commands();
    rerender(on);
    const input = document.createElement('input');
    document.body.appendChild(input);
    expect(press('ArrowRight', input)).toBe(false);
    input.remove();
    unmount();
    press('k');
    expect(on.toggle).not.toHaveBeenCalled();
  });
});
