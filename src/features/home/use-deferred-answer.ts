// A below-the-fold section's answer, drawn in a transition (issue 36). An answer reaches React
// through the query cache's store, whose updates React renders at once and whole: 为你推荐 mounting
// its twelve goods tiles was one 136 ms task at 4× CPU after the home page was drawn. Deferred, the
// render runs in slices between frames; only its commit is one task.
import { useDeferredValue } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

export interface DeferredAnswer<T> {
  data: T | undefined;
  isPending: boolean;
}

export function useDeferredAnswer<T>(query: UseQueryResult<T>): DeferredAnswer<T> {
  // Two primitives, not one object: a new object every render would defer every render.
  const data = useDeferredValue(query.data);
  const isPending = useDeferredValue(query.isPending);
  return { data, isPending };
}
