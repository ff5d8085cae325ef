/**
 * Fullscreen for the player box (spec §2: fullscreen is landscape; danmaku and controls stay). The box itself goes
 * fullscreen (so every layer inside it stays), with `screen.orientation.lock('landscape')` where the browser allows
 * it. Where the element cannot go fullscreen (iPhone Safari has no element Fullscreen API; a refused request), the
 * player uses its CSS fallback instead: a fixed full-viewport box, rotated to landscape on a portrait screen.
 */

export type FullscreenMode = 'none' | 'native' | 'css';

type OrientationWithLock = ScreenOrientation & { lock?: (o: string) => Promise<void> };

/** Try the element's own fullscreen; resolves 'native' on success, 'css' when the fallback must be used. */
export async function enterFullscreen(el: HTMLElement): Promise<FullscreenMode> {
  if (typeof el.requestFullscreen === 'function' && document.fullscreenEnabled !== false) {
    try {
      await el.requestFullscreen({ navigationUI: 'hide' });
      const orientation = globalThis.screen?.orientation as OrientationWithLock | undefined;
      // Refused on desktop browsers and where the page may not lock it: the fullscreen box still fills the screen.
      await orientation?.lock?.('landscape').catch(() => undefined);
      return 'native';
    } catch {
      // Not allowed here (no user activation, an iframe without allowfullscreen, ...): the CSS fallback.
    }
  }
  return 'css';
}

/** Leave whatever fullscreen the document is in (the CSS fallback is left by the caller's state). */
export function exitFullscreen(): void {
  try {
    globalThis.screen?.orientation?.unlock?.();
  } catch {
    // Not locked, or not supported.
  }
  if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
}
