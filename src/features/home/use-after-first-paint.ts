// True once the browser is idle after the first paint: what the home page does then (loading
// the below-the-fold chunk, requesting the other carousel pictures) cannot delay the LCP picture.
import { startTransition, useEffect, useState } from 'react';

/** Upper bound on waiting for an idle period (a busy main thread must not starve the page). */
const IDLE_TIMEOUT_MS = 2_000;

export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    // What renders then (the below-the-fold sections) renders in slices, not one long task.
    const markReady = () => startTransition(() => setReady(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(markReady, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(markReady, 0);
    return () => clearTimeout(id);
  }, [ready]);
  return ready;
}
