/**
 * The React roots antd-mobile's imperative Toast and Dialog render in (ui/feedback.tsx `ensureRender`), until they
 * close. Kept apart from feedback.tsx (no antd-mobile import) so the web tests' setup, which also runs the engine's
 * node-environment tests, can unmount them.
 */
import type { Root } from 'react-dom/client';

export const openRoots = new Map<Element | DocumentFragment, Root>();

/**
 * Unmount every open toast and dialog at once (their roots are not the page's, so a page's unmount leaves them):
 * src/test-setup.ts calls it after each test, so no toast timer runs React work after the test's document is gone.
 */
export function unmountOverlays(): void {
  for (const [container, root] of openRoots) {
    openRoots.delete(container);
    root.unmount();
  }
}
