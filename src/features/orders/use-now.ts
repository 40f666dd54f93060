// The current time, ticking every CLOCK_TICK_MS (SPEC §4 clock) while `active`.
import { useEffect, useState } from 'react';
import { CLOCK_TICK_MS } from '../../domain/constants';

export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
