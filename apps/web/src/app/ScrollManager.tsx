import { useEffect, useLayoutEffect, useRef } from 'react';
import { type NavigationType, useLocation, useNavigationType } from 'react-router';
import { paths } from '../lib/routes';

/** Longest wait for a restored page's content to grow tall enough (lazy chunk, images, a refetch), in ms. */
const RESTORE_PATIENCE_MS = 5000;

/**
 * The page a pathname shows, for remembering its position: the app's root (`/`, as a newcomer opens it, or empty) and
 * the spec's layout route show the home page (router.tsx), so they share home's position with the home tab.
 */
export function pageOf(pathname: string): string {
  return pathname === '' || pathname === '/' || pathname === paths.layout ? paths.home : pathname;
}

/**
 * Where a page opens (window scroll, px), or undefined to leave the scroll as it is:
 * - back / forward (`POP`): where the viewer was on that history entry (`byKey`), else the top;
 * - a tab switch or another replacement by a different page (`REPLACE`, pathname changes): that page's own last
 *   position (`byPath`; tabs replace each other, so they have no history entry of their own), else the top;
 * - a replacement by the same page (its query changed): unchanged;
 * - a new page (`PUSH`): the top.
 */
export function scrollTarget(
  type: NavigationType,
  from: string,
  to: string,
  byKey: number | undefined,
  byPath: number | undefined,
): number | undefined {
  if (type === 'POP') return byKey ?? 0;
  if (type === 'REPLACE') return from === to ? undefined : (byPath ?? 0);
  return 0;
}

/**
 * Scroll to `y` now and again whenever the page grows (content still arriving) until it is there, the viewer
 * scrolls by hand, or {@link RESTORE_PATIENCE_MS} passed; then `onDone`. Returns a cancel (no `onDone`: the page is
 * being left, its position is already saved).
 */
function restoreScroll(y: number, onDone: () => void): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) <= 2) {
    onDone();
    return () => undefined;
  }
  let finished = false;
  const inputs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const stop = () => {
    if (finished) return false;
    finished = true;
    observer?.disconnect();
    clearTimeout(timer);
    for (const e of inputs) window.removeEventListener(e, finish);
    return true;
  };
  const finish = () => {
    if (stop()) onDone();
  };
  const retry = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) <= 2) finish();
  };
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(retry);
  observer?.observe(document.body);
  const timer = setTimeout(finish, RESTORE_PATIENCE_MS);
  for (const e of inputs) window.addEventListener(e, finish, { passive: true });
  return () => void stop();
}

/**
 * Each route keeps its own scroll position: new pages start at the top, back restores where the viewer was on that
 * entry, a tab opens where the viewer left that tab (see {@link scrollTarget}). The browser's own restoration is
 * off: it restores before the page is rendered and leaves a clamped position.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const byKey = useRef(new Map<string, number>());
  const byPath = useRef(new Map<string, number>());
  const current = useRef({ key: location.key, pathname: pageOf(location.pathname) });
  const previousPath = useRef<string | undefined>(undefined);
  // While a position is being restored, scroll events are ours (clamped steps), not the viewer's.
  const restoring = useRef(false);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (restoring.current) return;
      byKey.current.set(current.current.key, window.scrollY);
      byPath.current.set(current.current.pathname, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry (`key`)
  useLayoutEffect(() => {
    const { key } = location;
    const pathname = pageOf(location.pathname);
    const from = previousPath.current ?? pathname;
    previousPath.current = pathname;
    current.current = { key, pathname };
    const target = scrollTarget(navigationType, from, pathname, byKey.current.get(key), byPath.current.get(pathname));
    if (target === undefined) return;
    restoring.current = true;
    const cancel = restoreScroll(target, () => {
      restoring.current = false;
      byKey.current.set(key, window.scrollY);
      byPath.current.set(pathname, window.scrollY);
    });
    return () => {
      cancel();
      restoring.current = false;
    };
  }, [location.key, navigationType]);

  return null;
}
