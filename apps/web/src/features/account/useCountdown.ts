import { useEffect, useState } from 'react';

/** Seconds left before a code may be asked for again (spec: 60 s), ticking once a second. */
export function useCountdown(): [left: number, start: (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}
