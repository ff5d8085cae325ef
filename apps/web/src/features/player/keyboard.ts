/**
 * Keyboard shortcuts of the player on desktop web (issue 5 item 1: every control of the overlay, here by key):
 * Space or K play/pause, ← / → seek 5 s, J / L seek 10 s, ↑ / ↓ volume ±10 %, M mute, F fullscreen, Esc closes an
 * open side panel. Keys typed into a text field, keys with Ctrl/Alt/Meta, and Space or Enter on a button (which the
 * button itself handles) are left alone. Pure function, unit-tested.
 */

export type KeyAction =
  | { kind: 'toggle' }
  | { kind: 'seek'; by: number }
  | { kind: 'volume'; by: number }
  | { kind: 'mute' }
  | { kind: 'fullscreen' }
  | { kind: 'close' };

/** Seconds an arrow key seeks; J/L seek twice as far. */
export const KEY_SEEK_S = 5;
/** Volume step of ↑/↓, percent. */
export const KEY_VOLUME_STEP = 10;

interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  target?: EventTarget | null;
}

function isTextField(target: EventTarget | null | undefined): boolean {
  const el = target as (HTMLElement & { type?: string }) | null | undefined;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || el.isContentEditable) return true;
  if (tag !== 'input') return false;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'image', 'color', 'file'].includes(
    (el.type ?? 'text').toLowerCase(),
  );
}

function isButtonLike(target: EventTarget | null | undefined): boolean {
  const el = target as HTMLElement | null | undefined;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toLowerCase();
  return tag === 'button' || tag === 'a' || tag === 'input' || el.getAttribute?.('role') === 'button';
}

/** The player action of a keydown, or null when the player should not handle it. */
export function keyAction(e: KeyLike): KeyAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey || isTextField(e.target)) return null;
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return isButtonLike(e.target) ? null : { kind: 'toggle' };
    case 'k':
    case 'K':
      return { kind: 'toggle' };
    case 'ArrowLeft':
      return { kind: 'seek', by: -KEY_SEEK_S };
    case 'ArrowRight':
      return { kind: 'seek', by: KEY_SEEK_S };
    case 'j':
    case 'J':
      return { kind: 'seek', by: -2 * KEY_SEEK_S };
    case 'l':
    case 'L':
      return { kind: 'seek', by: 2 * KEY_SEEK_S };
    case 'ArrowUp':
      return { kind: 'volume', by: KEY_VOLUME_STEP };
    case 'ArrowDown':
      return { kind: 'volume', by: -KEY_VOLUME_STEP };
    case 'm':
    case 'M':
      return { kind: 'mute' };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    case 'Escape':
    case 'Esc':
      return { kind: 'close' };
    default:
      return null;
  }
}
