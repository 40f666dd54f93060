// A render counter for tests (the 300-line check: one quantity change re-renders one row and the
// totals). Without a provider it is one context read per render and nothing else.
import { createContext, useContext } from 'react';

export type RenderPart = 'row' | 'group' | 'totals' | 'list';
export type RenderProbe = (part: RenderPart, id?: number) => void;

export const RenderProbeContext = createContext<RenderProbe | null>(null);

export function useRenderProbe(part: RenderPart, id?: number): void {
  const probe = useContext(RenderProbeContext);
  probe?.(part, id);
}
