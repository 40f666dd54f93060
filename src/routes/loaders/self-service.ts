// First screens of the self-service pages (品种求购, 意见反馈, 到货/降价提醒; member-only rows: the
// `auth` guard runs first). Not in the first bundle: the manifest loads this module on a route's
// first call (`lazyLoader`), and the api modules with it.
import { feedbackListQuery } from '../../api/feedback';
import { goodsAlertsQuery } from '../../api/goods-alerts';
import { productRequestQuery, productRequestsQuery } from '../../api/product-requests';
import { feedbackSearch } from '../../features/feedback/feedback-search';
import { goodsAlertsSearch } from '../../features/goods-alerts/goods-alerts-search';
import { requestDetailSearch, requestListSearch } from '../../features/product-requests/product-request-search';
import { withSearch } from '../first-screen';

/** /pzqg: the status tab and page in the URL. */
export const loadProductRequests = withSearch(requestListSearch, (queryClient, { search }) =>
  queryClient.ensureQueryData(productRequestsQuery(search.status, search.page)),
).loader;

/** /pzqg/info?id=. */
export const loadProductRequest = withSearch(requestDetailSearch, async (queryClient, { search }) =>
  search.id === null ? undefined : queryClient.ensureQueryData(productRequestQuery(search.id)),
).loader;

/** /yjfk: 我的反馈's page. */
export const loadFeedback = withSearch(feedbackSearch, (queryClient, { search }) =>
  queryClient.ensureQueryData(feedbackListQuery(search.page)),
).loader;

/** /alerts. */
export const loadGoodsAlerts = withSearch(goodsAlertsSearch, (queryClient, { search }) =>
  queryClient.ensureQueryData(goodsAlertsQuery(search.page)),
).loader;
