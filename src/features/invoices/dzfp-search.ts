// /dzfp URL state: which tab, its page, and an order whose request form should open (the order
// centre's 申请发票 links here with ?order=<id>). Read from the raw query string.
import { useMemo } from 'react';
import { useRouterState } from '@tanstack/react-router';

export type DzfpTab = 'orders' | 'mine';

export interface DzfpSearch {
  tab: DzfpTab;
  page: number;
  /** Order to open the request form for. */
  order?: number;
}

const MAX_PAGE = 10_000;

export function parseDzfpSearch(searchStr: string): DzfpSearch {
  const p = new URLSearchParams(searchStr);
  const pageRaw = p.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) >= 1 && Number(pageRaw) <= MAX_PAGE ? Number(pageRaw) : 1;
  const orderRaw = p.get('order') ?? '';
  const order = /^\d{1,10}$/.test(orderRaw) && Number(orderRaw) >= 1 ? Number(orderRaw) : undefined;
  return { tab: p.get('tab') === 'mine' ? 'mine' : 'orders', page, order };
}

export function dzfpHref(s: DzfpSearch): string {
  const p = new URLSearchParams();
  if (s.tab === 'mine') p.set('tab', 'mine');
  if (s.page > 1) p.set('page', String(s.page));
  if (s.order !== undefined) p.set('order', String(s.order));
  const q = p.toString();
  return q === '' ? '/dzfp' : `/dzfp?${q}`;
}

export function useDzfpSearch(): DzfpSearch {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  return useMemo(() => parseDzfpSearch(searchStr), [searchStr]);
}
