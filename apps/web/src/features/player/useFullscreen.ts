/**
 * Fullscreen and orientation of the player box (spec §2: fullscreen is landscape). Entering asks for the box's own
 * fullscreen with a landscape orientation lock, else the CSS fallback (see `fullscreen.ts`); leaving the element's
 * fullscreen from outside (Esc, the system's back) ends ours; unmounting leaves it. `portrait` follows the window's
 * shape (the CSS fallback is rotated 90° on a portrait screen).
 */
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { enterFullscreen, exitFullscreen, type FullscreenMode } from './fullscreen';

export interface Fullscreen {
  mode: FullscreenMode;
  /** The window is taller than wide. */
  portrait: boolean;
  /** The CSS fallback on a portrait screen: the box is drawn rotated 90° clockwise. */
  rotated: boolean;
  /** Enter when not fullscreen, else leave. */
  toggle: () => void;
}

export function useFullscreen(box: RefObject<HTMLElement | null>): Fullscreen {
  const [mode, setMode] = useState<FullscreenMode>('none');
  const [portrait, setPortrait] = useState(false);
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setMode((m) => (m === 'native' ? 'none' : m));
    };
    const onResize = () => setPortrait(window.innerHeight > window.innerWidth);
    onResize();
    document.addEventListener('fullscreenchange', onChange);
    window.addEventListener('resize', onResize);
    const el = box.current;
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.removeEventListener('resize', onResize);
      if (el && document.fullscreenElement === el) exitFullscreen();
    };
  }, [box]);
  const toggle = useCallback(() => {
    const el = box.current;
    if (!el) return;
    if (mode !== 'none') {
      exitFullscreen();
      setMode('none');
      return;
    }
    enterFullscreen(el).then(setMode);
  }, [box, mode]);
  return { mode, portrait, rotated: mode === 'css' && portrait, toggle };
}
