// URL state of the 品种求购 pages (the routes' search schemas; pure and tiny, docs/decisions/
// route-loaders.md): the list's status tab and page, the form's pre-filled name, the request id.
import { searchRecord, positiveIntParam, type SearchSchema } from '../../domain/params';
import type { ProductRequestStatus } from '../../domain/product-requests';
import { searchPage, searchText } from '../../domain/search-text';

const STATUSES: readonly string[] = ['pending', 'replied', 'listed'] satisfies readonly ProductRequestStatus[];

export interface RequestListSearch {
  status?: ProductRequestStatus;
  page: number;
}

export const requestListSearch: SearchSchema<RequestListSearch> = (raw) => {
  const r = searchRecord(raw);
  const status = searchText(r.status);
  return { status: STATUSES.includes(status) ? (status as ProductRequestStatus) : undefined, page: searchPage(r.page) };
};

export function requestListHref(s: RequestListSearch): string {
  const p = new URLSearchParams();
  if (s.status) p.set('status', s.status);
  if (s.page > 1) p.set('page', String(s.page));
  const q = p.toString();
  return q === '' ? '/pzqg' : `/pzqg?${q}`;
}

/** `/pzqg/add?keyword=` (the search page's "没找到想要的？" link, src/domain/product-request-href.ts). */
export const requestFormSearch: SearchSchema<{ keyword: string }> = (raw) => ({
  keyword: searchText(searchRecord(raw).keyword).trim().slice(0, 50),
});

/** `/pzqg/info?id=` */
export const requestDetailSearch: SearchSchema<{ id: number | null }> = (raw) => ({
  id: positiveIntParam(searchText(searchRecord(raw).id)),
});

export const requestDetailHref = (id: number): string => `/pzqg/info?id=${id}`;
