import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFullscreen } from './useFullscreen';

/** jsdom has no Fullscreen API: `document.fullscreenElement` and `exitFullscreen` as a browser keeps them. */
function fakeDocumentFullscreen() {
  let current: Element | null = null;
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
  const exit = vi.fn(() => {
    current = null;
    return Promise.resolve();
  });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  return {
    exit,
    enter: (el: Element) => {
      current = el;
    },
  };
}

function windowSize(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

const [width, height] = [window.innerWidth, window.innerHeight];
afterEach(() => {
  windowSize(width, height);
  delete (document as { fullscreenElement?: unknown }).fullscreenElement;
  delete (document as { exitFullscreen?: unknown }).exitFullscreen;
  vi.unstubAllGlobals();
});

// Testing Library's automatic cleanup needs Vitest globals: unmount each test's hooks here.
afterEach(cleanup);

describe('useFullscreen', () => {
  it("enters the box's own fullscreen with a landscape lock, leaves it when the browser does, and on unmount", async () => {
    const doc = fakeDocumentFullscreen();
    const box = document.createElement('div');
    const request = vi.fn(async () => doc.enter(box));
    box.requestFullscreen = request;
    const lock = vi.fn(() => Promise.resolve());
    vi.stubGlobal('screen', { orientation: { lock, unlock: vi.fn() } });
    const ref = { current: box };
    const { result, unmount } = renderHook(() => useFullscreen(ref));
    expect(result.current.mode).toBe('none');
    await act(async () => result.current.toggle());
    expect(request).toHaveBeenCalledTimes(1);
    expect(lock).toHaveBeenCalledWith('landscape');
    expect(result.current.mode).toBe('native');
    // Esc: the browser leaves fullscreen.
    await act(async () => {
      await document.exitFullscreen();
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(result.current.mode).toBe('none');
    await act(async () => result.current.toggle());
    doc.exit.mockClear();
    unmount();
    expect(doc.exit).toHaveBeenCalledTimes(1);
  });

  it('falls back to the CSS fullscreen, rotated on a portrait window; toggles back', async () => {
    windowSize(390, 844);
    const box = document.createElement('div');
    box.requestFullscreen = vi.fn(() => Promise.reject(new TypeError('not allowed')));
    const ref = { current: box };
    const { result } = renderHook(() => useFullscreen(ref));
    expect(result.current.portrait).toBe(true);
    await act(async () => result.current.toggle());
    expect(result.current).toMatchObject({ mode: 'css', rotated: true });
    act(() => {
      windowSize(844, 390);
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toMatchObject({ mode: 'css', portrait: false, rotated: false });
    act(() => result.current.toggle());
    expect(result.current.mode).toBe('none');
  });
});
