// First screen of /ddgl (member-only row): the stores, and the orders of the store the URL opens.
// Loaded on the route's first call (lazyLoader).
import { storeOrdersQuery, storesOverviewQuery } from '../../api/stores';
import { storesSearch } from '../../features/stores/stores-search';
import { settled, withSearch } from '../first-screen';

export const loadStores = withSearch(storesSearch, (queryClient, { search }) =>
  settled([
    queryClient.ensureQueryData(storesOverviewQuery()),
    ...(search.store === undefined ? [] : [queryClient.ensureQueryData(storeOrdersQuery(search.store, search.page))]),
  ]),
).loader;
