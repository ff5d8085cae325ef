import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { guardJump, paths } from './routes';
import { currentUserId } from './session';

/** Spec §2/§9: page transitions last 128 ms (slide in from the right; slide out to the right on back). */
export const NAV_ANIMATION_MS = 128;

/** The element that wraps the current page (see app/PageTransition). */
export const PAGE_ROOT_SELECTOR = '[data-page-root]';

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Play a page animation (CSS keyframes in global.css, keyed by `data-anim`) on `el`; resolves when it ends, at
 * once when motion is reduced or there is nothing to animate.
 */
export function playPageAnimation(el: Element | null | undefined, name: 'in' | 'out'): Promise<void> {
  if (!el || prefersReducedMotion()) return Promise.resolve();
  return new Promise((resolve) => {
    el.removeAttribute('data-anim');
    void (el as HTMLElement).offsetWidth; // restart the animation
    el.setAttribute('data-anim', name);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      el.removeEventListener('animationend', finish);
      // A page that slid out stays out: the next page replaces it (app/PageTransition clears the flag).
      if (name === 'in' && el.getAttribute('data-anim') === name) el.removeAttribute('data-anim');
      resolve();
    };
    el.addEventListener('animationend', finish);
    // Safety net: hidden tabs and some engines never fire animationend.
    setTimeout(finish, NAV_ANIMATION_MS + 60);
  });
}

/** This page's index in the app's history (React Router keeps it in `history.state.idx`); 0 for the first page. */
export function historyIndex(): number {
  return (globalThis.history?.state as { idx?: number } | null)?.idx ?? 0;
}

/**
 * Spec §2 navigation rule: back with only one page in history goes to the layout page, otherwise back by `delta`
 * (default 1) after a 128 ms slide-out.
 */
export function useBack(fallback: string = paths.layout): (delta?: unknown) => void {
  const navigate = useNavigate();
  return useCallback(
    // Usable as an onClick handler: anything but a positive number (a click event) means one step.
    (delta?: unknown) => {
      const steps = typeof delta === 'number' && delta > 0 ? Math.floor(delta) : 1;
      const idx = historyIndex();
      if (idx <= 0) {
        navigate(fallback, { replace: true });
        return;
      }
      const page = globalThis.document?.querySelector(PAGE_ROOT_SELECTOR);
      void playPageAnimation(page, 'out').then(() => navigate(-Math.min(steps, idx)));
    },
    [navigate, fallback],
  );
}

/** Navigate honouring the spec §2 login rule: a login-required jump with no stored user goes to the login page. */
export function useJump(): (to: string, options?: { login?: boolean; replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (to, options) => navigate(guardJump(to, currentUserId(), options?.login), { replace: options?.replace }),
    [navigate],
  );
}
