// Marks #root once React has committed the hydration of a server-drawn page: from then on every
// drawn control answers; what the buyer tapped or typed before is replayed then. The browser
// tests wait for it (tests/e2e/harness.ts). The attribute is on the container, outside the tree
// React owns, so hydration never compares it; a wrapper with one child changes no `useId`.
import { useEffect, type ReactNode } from 'react';
import { replayEarlyTaps } from './early-taps';

export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/**
 * A user-timing mark at the same moment: a Lighthouse report lists it ("User Timing marks") only
 * when the hydration happened inside its trace, which bench/lighthouse.ts checks (issue 36).
 */
export const HYDRATED_MARK = 'shop:hydrated';

export function HydratedMark({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.setAttribute(HYDRATED_ATTRIBUTE, '');
    performance.mark(HYDRATED_MARK);
    void replayEarlyTaps();
  }, [root]);
  return children;
}
