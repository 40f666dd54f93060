// /dzfp URL state: which tab, its page, and an order whose request form should open (the order
// centre's 申请发票 links here with ?order=<id>). The route's search schema.
import { searchRecord, type SearchSchema } from '../../domain/params';
import { useRouteSearch } from '../../widgets/route-search';

export type DzfpTab = 'orders' | 'mine';

export interface DzfpSearch {
  tab: DzfpTab;
  page: number;
  /** Order to open the request form for. */
  order?: number;
}

const MAX_PAGE = 10_000;

/** A value as the query string spelled it: the router hands over `page=2` as 2; repeated keys: the first. */
function textOf(raw: unknown): string {
  const v = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (typeof v === 'string') return v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

export const dzfpSearch: SearchSchema<DzfpSearch> = (raw) => {
  const r = searchRecord(raw);
  const pageRaw = textOf(r.page);
  const page = /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) >= 1 && Number(pageRaw) <= MAX_PAGE ? Number(pageRaw) : 1;
  const orderRaw = textOf(r.order);
  const order = /^\d{1,10}$/.test(orderRaw) && Number(orderRaw) >= 1 ? Number(orderRaw) : undefined;
  return { tab: textOf(r.tab) === 'mine' ? 'mine' : 'orders', page, order };
};

export function dzfpHref(s: DzfpSearch): string {
  const p = new URLSearchParams();
  if (s.tab === 'mine') p.set('tab', 'mine');
  if (s.page > 1) p.set('page', String(s.page));
  if (s.order !== undefined) p.set('order', String(s.order));
  const q = p.toString();
  return q === '' ? '/dzfp' : `/dzfp?${q}`;
}

export function useDzfpSearch(): DzfpSearch {
  return useRouteSearch(dzfpSearch);
}
