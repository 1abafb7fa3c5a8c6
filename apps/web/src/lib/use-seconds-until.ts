// A countdown for the screens that wait before a code may be sent again (DESIGN §4: 60 s).
import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `time` (ms since the epoch), counting down each second; 0 when it has
 * passed or is null. Never more than `atMost`, so a new `time` shows right before the first tick.
 */
export function useSecondsUntil(time: number | null, atMost: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (time === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= time) clearInterval(timer);
    }, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [time]);
  if (time === null) return 0;
  return Math.min(atMost, Math.max(0, Math.ceil((time - now) / 1000)));
}
