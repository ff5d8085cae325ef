/**
 * Pure paging logic of the full-screen swipe views (small-video feed, playlet episodes, wallpaper viewer): where a
 * drag settles, how far a drag may pull past the ends, and when a mouse wheel / trackpad gesture turns a page.
 * Distances are CSS pixels, times milliseconds.
 */

/** A drag shorter than this (px) is a tap, not a swipe; it also never captures the pointer. */
export const DRAG_START_PX = 8;
/** Fraction of the page size a slow drag must cover to turn the page. */
export const SETTLE_FRACTION = 0.18;
/** A flick faster than this (px/ms) turns the page once it has moved at least {@link FLICK_MIN_PX}. */
export const FLICK_VELOCITY = 0.45;
export const FLICK_MIN_PX = 24;
/** Pull past the first or last page moves at this fraction of the finger. */
export const EDGE_RESISTANCE = 0.3;

/** Clamp `index` into `0 .. count-1` (0 when empty). */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/**
 * The visual offset of a drag of `delta` px (positive = towards the previous page): full at inner pages, damped by
 * {@link EDGE_RESISTANCE} when pulling past the first or last page.
 */
export function dragOffset(delta: number, index: number, count: number): number {
  const pastStart = index <= 0 && delta > 0;
  const pastEnd = index >= count - 1 && delta < 0;
  return pastStart || pastEnd ? delta * EDGE_RESISTANCE : delta;
}

export interface SettleInput {
  /** Finger travel along the paging axis, px; positive = towards the previous page (down / right). */
  delta: number;
  /** Travel speed at release, px/ms, same sign convention. */
  velocity: number;
  /** Page size along the axis, px. */
  size: number;
  index: number;
  count: number;
}

/** The page a released drag settles on: the next/previous one for a long drag or a flick, else the same one. */
export function settleIndex({ delta, velocity, size, index, count }: SettleInput): number {
  const far = Math.abs(delta) >= Math.max(1, size) * SETTLE_FRACTION;
  const flick =
    Math.abs(velocity) >= FLICK_VELOCITY && Math.abs(delta) >= FLICK_MIN_PX && Math.sign(velocity) === Math.sign(delta);
  if (!far && !flick) return clampIndex(index, count);
  return clampIndex(delta < 0 ? index + 1 : index - 1, count);
}

/** Wheel travel (px, after line/page units are converted) that turns one page. */
export const WHEEL_STEP_PX = 60;
/** After a page turn, wheel events are ignored for this long (trackpad inertia would otherwise turn several). */
export const WHEEL_LOCK_MS = 650;

export interface WheelState {
  /** Travel gathered since the last turn, px. */
  acc: number;
  /** `now` of the last turn (ms), or -Infinity. */
  lockedAt: number;
}

export const initialWheel: WheelState = { acc: 0, lockedAt: Number.NEGATIVE_INFINITY };

/**
 * Feed one wheel event (`deltaY` px, positive = scroll down = next page) at time `now` (ms): returns the new state and
 * the page step (+1 next, -1 previous, 0 none). A turn locks further turns for {@link WHEEL_LOCK_MS}.
 */
export function wheelStep(state: WheelState, deltaY: number, now: number): { state: WheelState; step: -1 | 0 | 1 } {
  if (now - state.lockedAt < WHEEL_LOCK_MS) return { state: { ...state, acc: 0 }, step: 0 };
  const acc = Math.sign(deltaY) !== Math.sign(state.acc) ? deltaY : state.acc + deltaY;
  if (Math.abs(acc) < WHEEL_STEP_PX) return { state: { acc, lockedAt: state.lockedAt }, step: 0 };
  return { state: { acc: 0, lockedAt: now }, step: acc > 0 ? 1 : -1 };
}

/** `WheelEvent.deltaMode` units to px (0 pixels, 1 lines of ~16 px, 2 pages of `pageSize`). */
export function wheelPixels(delta: number, mode: number, pageSize: number): number {
  if (mode === 1) return delta * 16;
  if (mode === 2) return delta * pageSize;
  return delta;
}

/** Keys that turn pages: +1 next, -1 previous, 0 other. Vertical pagers use up/down, horizontal left/right. */
export function keyStep(key: string, vertical: boolean): -1 | 0 | 1 {
  const next = vertical ? ['ArrowDown', 'PageDown', 'j'] : ['ArrowRight', 'PageDown'];
  const prev = vertical ? ['ArrowUp', 'PageUp', 'k'] : ['ArrowLeft', 'PageUp'];
  if (next.includes(key)) return 1;
  if (prev.includes(key)) return -1;
  return 0;
}
