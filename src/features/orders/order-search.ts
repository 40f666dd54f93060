// The order list's URL (`/order?tab=unpaid&keywords=…&start=…&end=…&page=2`) as the pages read and
// write it; the schemas that parse it are in order-search-schema.ts. The router JSON-parses search
// values, so an all-digit order number must be written the router's way (quoted, via its own
// stringifier) or it would come back as a rounded number; hrefs are built with that stringifier and
// read back from the router's parsed search object.
import { defaultStringifySearch } from '@tanstack/react-router';
import { useRouteSearch } from '../../widgets/route-search';
import { orderListSearch, orderPageSearch, type OrderSearch } from './order-search-schema';

/** `path` plus the query the router itself would write for `search` (undefined keys left out). */
export function hrefWith(path: string, search: Readonly<Record<string, string | number | undefined>>): string {
  const defined = Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined));
  return path + defaultStringifySearch(defined);
}

/** Defaults are left out so the plain `/order` stays the plain URL. */
export function orderSearchHref(path: string, s: OrderSearch): string {
  return hrefWith(path, {
    tab: s.tab !== 'all' ? s.tab : undefined,
    keywords: s.keywords !== '' ? s.keywords : undefined,
    start: s.start !== '' ? s.start : undefined,
    end: s.end !== '' ? s.end : undefined,
    page: s.page > 1 ? s.page : undefined,
  });
}

export function useOrderSearch(): OrderSearch {
  return useRouteSearch(orderListSearch);
}

export function usePageFromUrl(): number {
  return useRouteSearch(orderPageSearch).page;
}

export function pageHref(path: string, page: number): string {
  return hrefWith(path, { page: page > 1 ? page : undefined });
}
