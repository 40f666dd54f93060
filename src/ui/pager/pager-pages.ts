// Which page numbers the pager shows: first, last and a window around the current page, with
// gaps ('gap') where numbers are skipped, so 1 … 4 5 [6] 7 8 … 40 never grows with the catalogue.

export type PagerItem = number | 'gap';

/** Pages either side of the current one. */
const WINDOW = 2;

export function pagerItems(current: number, totalPages: number): PagerItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const from = Math.max(2, current - WINDOW);
  const to = Math.min(totalPages - 1, current + WINDOW);
  const items: PagerItem[] = [1];
  if (from > 2) items.push(from === 3 ? 2 : 'gap');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < totalPages - 1) items.push(to === totalPages - 2 ? totalPages - 1 : 'gap');
  items.push(totalPages);
  return items;
}

export function totalPagesOf(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(Math.max(0, total) / pageSize) : 0;
}

/** Pages of a list whose page 1 always exists (an empty list is one empty page). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, totalPagesOf(total, pageSize));
}
