import { describe, expect, it } from 'vitest';
import { KEY_SEEK_S, KEY_VOLUME_STEP, keyAction } from './keyboard';

const el = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.firstElementChild as HTMLElement;
};

describe('keyAction', () => {
  it('maps the player keys', () => {
    expect(keyAction({ key: ' ', target: document.body })).toEqual({ kind: 'toggle' });
    expect(keyAction({ key: 'k' })).toEqual({ kind: 'toggle' });
    expect(keyAction({ key: 'ArrowLeft' })).toEqual({ kind: 'seek', by: -KEY_SEEK_S });
    expect(keyAction({ key: 'ArrowRight' })).toEqual({ kind: 'seek', by: KEY_SEEK_S });
    expect(keyAction({ key: 'j' })).toEqual({ kind: 'seek', by: -2 * KEY_SEEK_S });
    expect(keyAction({ key: 'L' })).toEqual({ kind: 'seek', by: 2 * KEY_SEEK_S });
    expect(keyAction({ key: 'ArrowUp' })).toEqual({ kind: 'volume', by: KEY_VOLUME_STEP });
    expect(keyAction({ key: 'ArrowDown' })).toEqual({ kind: 'volume', by: -KEY_VOLUME_STEP });
    expect(keyAction({ key: 'm' })).toEqual({ kind: 'mute' });
    expect(keyAction({ key: 'f' })).toEqual({ kind: 'fullscreen' });
    expect(keyAction({ key: 'Escape' })).toEqual({ kind: 'close' });
    expect(keyAction({ key: 'x' })).toBeNull();
  });

  it('leaves typing, browser shortcuts and a focused button alone', () => {
    expect(keyAction({ key: 'k', target: el('<input type="text">') })).toBeNull();
    expect(keyAction({ key: ' ', target: el('<textarea></textarea>') })).toBeNull();
    expect(keyAction({ key: 'f', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(keyAction({ key: 'l', metaKey: true })).toBeNull();
    // Space on a button presses the button; arrows still seek.
    expect(keyAction({ key: ' ', target: el('<button>x</button>') })).toBeNull();
    expect(keyAction({ key: 'ArrowRight', target: el('<button>x</button>') })).toEqual({ kind: 'seek', by: 5 });
    expect(keyAction({ key: 'm', target: el('<input type="range">') })).toEqual({ kind: 'mute' });
  });
});
