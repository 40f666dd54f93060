// First screen of /kjcg (member-only: the `auth` guard runs first): the tab's data — the purchase
// history page or the saved lists; the paste pad needs none. Loaded on the route's first call
// (`lazyLoader`), with its api module, so it costs the first paint nothing.
import { historyQuery, savedListsQuery } from '../../api/quick-purchase';
import { quickPurchaseSearch } from '../../features/quick-purchase/quick-purchase-search';
import { withSearch } from '../first-screen';

export const loadQuickPurchase = withSearch(quickPurchaseSearch, async (queryClient, { search }) => {
  if (search.tab === 'history')
    return queryClient.ensureQueryData(
      historyQuery({ order: search.order, keywords: search.keywords, page: search.page }),
    );
  if (search.tab === 'lists') return queryClient.ensureQueryData(savedListsQuery());
  return undefined;
}).loader;
