// /ddgl URL state: the store whose orders are shown, and their page. The route's search schema.
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';
import { useRouteSearch } from '../../widgets/route-search';

export interface StoresSearch {
  /** Company id of the store whose orders are open. */
  store?: number;
  page: number;
}

export const storesSearch: SearchSchema<StoresSearch> = (raw) => {
  const r = searchRecord(raw);
  const store = positiveIntParam(r.store) ?? undefined;
  return { store, page: positiveIntParam(r.page, 10_000) ?? 1 };
};

export function storesHref(s: StoresSearch): string {
  const p = new URLSearchParams();
  if (s.store !== undefined) p.set('store', String(s.store));
  if (s.page > 1) p.set('page', String(s.page));
  const q = p.toString();
  return q === '' ? '/ddgl' : `/ddgl?${q}`;
}

export function useStoresSearch(): StoresSearch {
  return useRouteSearch(storesSearch);
}
