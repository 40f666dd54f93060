// The list page number lives in the URL (`/star?page=2`) so reload, back and shared links keep it.
import { useCallback } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { searchRecord } from '../../domain/params';
import { useRouteSearch } from '../../widgets/route-search';
import { favoritesSearch } from './favorites-search-schema';

export function usePageParam(): [number, (page: number) => void] {
  const router = useRouter();
  const { page } = useRouteSearch(favoritesSearch);
  const setPage = useCallback(
    (next: number) => {
      const { pathname, search } = router.state.location;
      const rest = { ...searchRecord(search) };
      delete rest.page;
      void router.navigate({ to: pathname, search: next > 1 ? { ...rest, page: next } : rest });
    },
    [router],
  );
  return [page, setPage];
}

/** `pathname?…&page=n` of the current list (page 1 without the parameter), other parameters kept. */
export function pageHrefFor(pathname: string, search: Record<string, unknown>, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search))
    if (k !== 'page' && v !== undefined && v !== null) params.set(k, String(v));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function usePageHref(): (page: number) => string {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useRouterState({ select: (s) => searchRecord(s.location.search) });
  return useCallback((page: number) => pageHrefFor(pathname, search, page), [pathname, search]);
}
