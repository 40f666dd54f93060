// First screens of the order centre (member-only rows: the `auth` guard runs before these). Not in
// the first bundle: the manifest loads this module on a route's first call (`lazyLoader`), and the
// api module with it.
import type { QueryClient } from '@tanstack/react-query';
import { orderDetailQuery, ordersQuery } from '../../api/orders';
import { positiveIntParam } from '../../domain/params';
import { orderListSearch, orderPageSearch } from '../../features/orders/order-search-schema';
import { settled, withSearch } from '../first-screen';
import type { RouteLocation } from '../types';

/** /order: the list the tabs and filters in the URL name. */
export const loadOrderList = withSearch(orderListSearch, (queryClient, { search }) =>
  queryClient.ensureQueryData(ordersQuery({ ...search, kind: 'normal' })),
).loader;

/** /jfdd: one page of points orders. */
export const loadPointsOrders = withSearch(orderPageSearch, (queryClient, { search }) =>
  queryClient.ensureQueryData(
    ordersQuery({ tab: 'all', keywords: '', start: '', end: '', kind: 'points', page: search.page }),
  ),
).loader;

/** /order/info/:id. */
export async function loadOrderDetail(queryClient: QueryClient, { params }: RouteLocation): Promise<unknown> {
  const id = positiveIntParam(params.id);
  if (id === null) return;
  return settled([queryClient.ensureQueryData(orderDetailQuery(id))]);
}
