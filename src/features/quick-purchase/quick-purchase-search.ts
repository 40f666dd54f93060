// The /kjcg route's search schema (`?tab=&order=&keywords=&page=`): pure and tiny, imported by the
// route manifest (first bundle). The page's hooks and href builders live in quick-purchase-urls.ts.
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';
import { HISTORY_ORDER_DEFAULT, isHistoryOrder, type HistoryOrder } from '../../domain/quick-purchase-order';

export type QuickPurchaseTab = 'history' | 'paste' | 'lists';

export interface QuickPurchaseSearch {
  tab: QuickPurchaseTab;
  order: HistoryOrder;
  keywords: string;
  page: number;
}

const TABS: readonly QuickPurchaseTab[] = ['history', 'paste', 'lists'];
const KEYWORDS_MAX = 50;

export const quickPurchaseSearch: SearchSchema<QuickPurchaseSearch> = (raw) => {
  const r = searchRecord(raw);
  const tab = TABS.find((t) => t === r.tab) ?? 'history';
  const order = isHistoryOrder(r.order) ? r.order : HISTORY_ORDER_DEFAULT;
  const keywords = typeof r.keywords === 'string' ? Array.from(r.keywords.trim()).slice(0, KEYWORDS_MAX).join('') : '';
  return { tab, order, keywords, page: positiveIntParam(r.page, 100_000) ?? 1 };
};
