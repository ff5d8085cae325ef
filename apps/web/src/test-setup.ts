/**
 * Setup of every web test file (vitest.config.ts `setupFiles`).
 *
 * - Testing Library's `findBy*` and `waitFor` wait for a condition up to a ceiling, 1 s by default: on a loaded
 *   2-core CI machine a lazily imported page (the Leaflet maps, hls.js) can take longer than that to mount, so the
 *   ceiling is 10 s. Tests still end as soon as their condition holds.
 * - Toasts and dialogs (ui/feedback.tsx, ui/overlayRoots.ts) render in React roots of their own, which Testing Library's cleanup does not
 *   unmount: a toast's close timer could then run React work after the file's jsdom is torn down ("window is not
 *   defined"). They are unmounted after each test.
 */
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { unmountOverlays } from './ui/overlayRoots';

configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  unmountOverlays();
});
