// Hrefs of /kjcg: one builder, so tabs, sort, filter and pager write the same URL shape.
import { HISTORY_ORDER_DEFAULT } from '../../domain/quick-purchase-order';
import type { QuickPurchaseSearch } from './quick-purchase-search';

export function quickPurchaseHref(s: Partial<QuickPurchaseSearch>): string {
  const q = new URLSearchParams();
  if (s.tab && s.tab !== 'history') q.set('tab', s.tab);
  if (s.order && s.order !== HISTORY_ORDER_DEFAULT) q.set('order', s.order);
  if (s.keywords) q.set('keywords', s.keywords);
  if (s.page && s.page > 1) q.set('page', String(s.page));
  const qs = q.toString();
  return qs ? `/kjcg?${qs}` : '/kjcg';
}
