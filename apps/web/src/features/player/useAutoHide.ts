/**
 * The overlay's controls auto-hide (spec §2 Player overlay): shown, they hide after {@link CONTROLS_HIDE_MS} without
 * interaction while `active` (the caller's condition: playing, no panel or pop-up open); every `touch()` restarts the
 * wait.
 */
import { useCallback, useEffect, useState } from 'react';
import { CONTROLS_HIDE_MS } from './gestures';

export interface AutoHide {
  visible: boolean;
  /** Show if hidden, hide if shown (a tap on the video). */
  toggle: () => void;
  /** An interaction: restarts the hide timer. */
  touch: () => void;
}

export function useAutoHide(active: boolean, hideAfterMs = CONTROLS_HIDE_MS): AutoHide {
  const [visible, setVisible] = useState(true);
  /** Bumped on every interaction: restarts the timer. */
  const [touched, setTouched] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `touched` restarts the timer
  useEffect(() => {
    if (!visible || !active) return;
    const timer = setTimeout(() => setVisible(false), hideAfterMs);
    return () => clearTimeout(timer);
  }, [visible, active, hideAfterMs, touched]);
  const toggle = useCallback(() => setVisible((v) => !v), []);
  const touch = useCallback(() => setTouched((n) => n + 1), []);
  return { visible, toggle, touch };
}
