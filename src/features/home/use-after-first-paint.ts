// True once the browser is idle after the first paint: what the home page does then (loading
// the below-the-fold chunk, requesting the other carousel pictures) cannot delay the LCP picture.
import { useEffect, useState } from 'react';

/** Upper bound on waiting for an idle period (a busy main thread must not starve the page). */
const IDLE_TIMEOUT_MS = 2_000;

export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(id);
  }, [ready]);
  return ready;
}
