// Drives the suggestion state: debounces each pending request (SPEC §4, 500 ms), answers from the
// query cache when fresh (5000 ms), shows a stale answer while refreshing, and drops answers that
// no longer match the box. The cache itself is react-query's, keyed per (type, keyword).
import { useEffect, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../http/client';
import { searchSuggestQuery } from '../../../api/goods-search';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import type { SearchType } from '../../../domain/contracts';
import { initSuggestState, suggestCacheStatus, suggestReducer } from './suggest-state';

export function useSearchSuggest(init: { text?: string; type?: SearchType }) {
  const [state, dispatch] = useReducer(suggestReducer, init, initSuggestState);
  const queryClient = useQueryClient();
  const pending = state.pending;

  useEffect(() => {
    if (!pending) return;
    const request = { type: pending.type, keyword: pending.keyword };
    let live = true;
    const timer = setTimeout(() => {
      const options = searchSuggestQuery(request.type, request.keyword);
      const cached = queryClient.getQueryState(options.queryKey);
      const cachedAt = cached?.data !== undefined ? cached.dataUpdatedAt : undefined;
      const status = suggestCacheStatus(cachedAt, Date.now());
      if (status !== 'miss') {
        dispatch({ type: 'results', request, items: cached?.data ?? [], final: status === 'fresh' });
        if (status === 'fresh') return;
      }
      queryClient.fetchQuery({ ...options, staleTime: 0 }).then(
        (items) => {
          if (live) dispatch({ type: 'results', request, items, final: true });
        },
        (err: unknown) => {
          // A newer request to the same path aborted this one; its own answer will follow.
          if (isApiError(err) && err.kind === 'aborted') return;
          if (live) dispatch({ type: 'failed', request });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `seq` identifies the request; type/keyword are read from the same object.
  }, [pending, queryClient]);

  return [state, dispatch] as const;
}
