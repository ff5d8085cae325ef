/**
 * Setup of every console test file (vitest.config.ts `setupFiles`).
 *
 * - Testing Library's `findBy*` and `waitFor` wait up to 10 s instead of 1 s: antd's first render of a page is slow on
 *   a loaded 2-core CI machine. Tests still end as soon as their condition holds.
 * - jsdom lacks `matchMedia` and `ResizeObserver`, which antd's grid, table and select use; they get inert stand-ins.
 * - jsdom's getComputedStyle cannot read pseudo-elements (antd's scrollbar measure asks for them) and says so on
 *   every call: the element's own style is returned instead.
 * - Each test starts signed out, in Chinese, with an empty localStorage.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setLang } from './i18n.ts';

configure({ asyncUtilTimeout: 10_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class InertResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = InertResizeObserver;
}

const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

beforeEach(async () => {
  localStorage.clear();
  await setLang('zh-cn');
});

afterEach(() => {
  cleanup();
});
