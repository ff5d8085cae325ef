/**
 * Toasts and confirm dialogs show inside the element in native fullscreen (the player box), since the browser shows
 * nothing outside it there; elsewhere on the body.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { overlayContainer, toast } from './feedback';
import { unmountOverlays } from './overlayRoots';

function setFullscreen(el: Element | null) {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => el });
}

afterEach(() => {
  setFullscreen(null);
  unmountOverlays();
  document.body.innerHTML = '';
});

describe('toast', () => {
  it('renders inside the fullscreen element while one is fullscreen', async () => {
    const player = document.createElement('div');
    document.body.append(player);
    setFullscreen(player);
    expect(overlayContainer()).toBe(player);
    toast('Sent');
    await expect.poll(() => player.querySelector('[data-testid="toast"]')?.textContent).toBe('Sent');
  });

  it('renders on the body otherwise', async () => {
    setFullscreen(null);
    expect(overlayContainer()).toBe(document.body);
    toast('Saved');
    await expect.poll(() => document.body.querySelector('[data-testid="toast"]')?.textContent).toBe('Saved');
  });
});
