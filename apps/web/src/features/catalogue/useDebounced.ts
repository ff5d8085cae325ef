import { useEffect, useState } from 'react';

/** `value`, updated only after it stayed unchanged for `ms` milliseconds (typing suggestions, issue 4 item 2). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
