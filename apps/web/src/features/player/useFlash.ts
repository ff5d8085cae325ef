/**
 * A value shown for a moment: the player's alert text box and its keyboard pop-ups (`VideoPlayer`). `show(value, ms)`
 * replaces the current value and clears it after `ms` (no `ms`: it stays until the next `show`); the pending timer
 * is cancelled by every `show` and on unmount.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useFlash<T>(): [value: T | null, show: (value: T | null, ms?: number) => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: T | null, ms?: number) => {
    clearTimeout(timer.current);
    setValue(next);
    if (next !== null && ms !== undefined) timer.current = setTimeout(() => setValue(null), ms);
  }, []);
  return [value, show];
}
