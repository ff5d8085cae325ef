/**
 * Gesture math of the player overlay (spec §2 Player overlay): a drag is classified once it has moved
 * {@link DRAG_THRESHOLD_PX}; horizontal drags seek, vertical drags on the left half change the brightness and on the
 * right half the volume (xgplayer's mobile plugin layout). Pure functions, unit-tested.
 */

/** Movement (CSS px) after which a touch is a drag, not a tap. */
export const DRAG_THRESHOLD_PX = 10;
/** Two taps closer than this (ms) are a double tap; a single tap acts after it. */
export const DOUBLE_TAP_MS = 300;
/** Controls hide after this long (ms) without interaction while playing. */
export const CONTROLS_HIDE_MS = 4000;
/** A drag across the full width seeks this many seconds at most (shorter media: its duration). */
export const SEEK_SPAN_MAX_S = 180;

export type DragKind = 'seek' | 'volume' | 'brightness';

/**
 * What a drag that started at local `x` (0..width) and has moved (`dx`, `dy`) does, or null while it is still a tap
 * (moved less than the threshold). Horizontal when |dx| > |dy|.
 */
export function classifyDrag(x: number, width: number, dx: number, dy: number): DragKind | null {
  if (Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return null;
  if (Math.abs(dx) > Math.abs(dy)) return 'seek';
  return x < width / 2 ? 'brightness' : 'volume';
}

/** A percentage after a vertical drag of `dy` px (up is negative) over a box `height` px tall: full height = 100. */
export function dragPercent(start: number, dy: number, height: number): number {
  if (height <= 0) return start;
  return Math.min(100, Math.max(0, Math.round(start - (dy / height) * 100)));
}

/** The target second of a horizontal seek drag of `dx` px over `width` px, clamped to 0..duration. */
export function dragSeekTime(start: number, dx: number, width: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || width <= 0) return start;
  const span = Math.min(duration, SEEK_SPAN_MAX_S);
  return Math.min(duration, Math.max(0, start + (dx / width) * span));
}

/** The second under `clientX` on a seek bar spanning `left`..`left + width`. */
export function barTime(clientX: number, left: number, width: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || width <= 0) return 0;
  return Math.min(1, Math.max(0, (clientX - left) / width)) * duration;
}

/**
 * A point in the overlay's own coordinates. In the CSS fullscreen fallback on a portrait screen the box is rotated
 * 90° clockwise, so its local x runs down the screen and its local y runs right-to-left. `rect` is the element's
 * bounding client rect (of the rotated box when `rotated`).
 */
export function toLocal(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; right: number; width: number; height: number },
  rotated: boolean,
): { x: number; y: number; width: number; height: number } {
  if (!rotated) return { x: clientX - rect.left, y: clientY - rect.top, width: rect.width, height: rect.height };
  return { x: clientY - rect.top, y: rect.right - clientX, width: rect.height, height: rect.width };
}

/** `m:ss`, or `h:mm:ss` from an hour; `--:--` for an unknown time. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
