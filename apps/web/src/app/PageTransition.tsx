import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { playPageAnimation } from '../lib/navigation';

/**
 * Spec §2: a forward jump to another page slides in from the right in 128 ms (the back slide-out is played by
 * `useBack`). Tab switches and other replacements do not animate; reduced motion turns it off.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname, key } = useLocation();
  const type = useNavigationType();
  const previous = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry (`key`)
  useLayoutEffect(() => {
    const el = ref.current;
    const samePage = previous.current === pathname;
    previous.current = pathname;
    if (type === 'PUSH' && !samePage) void playPageAnimation(el, 'in');
    // The page that slid out stays out until the next one is here; this is it.
    else if (el?.getAttribute('data-anim') === 'out') el.removeAttribute('data-anim');
  }, [key]);
  return (
    <div ref={ref} data-page-root="">
      {children}
    </div>
  );
}
