/**
 * The player's keyboard shortcuts on desktop web (the key map is `keyboard.ts`): one `keydown` listener on the
 * document per player, dispatching to the latest `commands`. A handled key's default action is prevented; keys the
 * player leaves alone (typing in a field, Esc with no panel open, any key while off) keep theirs.
 */
import { useEffect, useRef } from 'react';
import { keyAction } from './keyboard';

export interface KeyCommands {
  /** Every shortcut is off: the screen lock is on, a pre-roll holds playback, or there is no element yet. */
  off: boolean;
  /** Nothing plays (the mobile-data notice, 'Play failed'): only Esc works. */
  closeOnly: boolean;
  /** A side panel is open: Esc closes it. */
  panelOpen: boolean;
  closePanel: () => void;
  toggle: () => void;
  fullscreen: () => void;
  /** Seek by this many seconds (negative: back). */
  seekBy: (seconds: number) => void;
  toggleMute: () => void;
  /** Change the volume by this many percent points. */
  volumeBy: (points: number) => void;
}

/** Runs `commands` on the player's shortcut keys while mounted. */
export function usePlayerKeys(commands: KeyCommands): void {
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const c = latest.current;
      const action = keyAction(e);
      if (!action || c.off) return;
      if (action.kind === 'close') {
        if (!c.panelOpen) return;
        c.closePanel();
      } else if (c.closeOnly) return;
      else if (action.kind === 'toggle') c.toggle();
      else if (action.kind === 'fullscreen') c.fullscreen();
      else if (action.kind === 'seek') c.seekBy(action.by);
      else if (action.kind === 'mute') c.toggleMute();
      else c.volumeBy(action.by);
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
