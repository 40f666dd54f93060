// The current time, ticking every CLOCK_TICK_MS (SPEC §4 clock) while `active`: the one clock hook
// for countdowns (flash sales, group buys, the payment window).
import { useEffect, useState } from 'react';
import { CLOCK_TICK_MS } from '../domain/constants';

export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    // Re-read at once: the value from the first render is stale after a pause.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
