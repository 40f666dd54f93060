// First screens of the order centre (member-only rows: the `auth` guard runs before these). The
// api module is loaded with the page's code rather than in the first bundle.
import type { QueryClient } from '@tanstack/react-query';
import { positiveIntParam } from '../../domain/params';
import { orderListSearch, orderPageSearch } from '../../features/orders/order-search';
import { settled, withSearch } from '../first-screen';
import type { RouteLocation } from '../types';

/** /order: the list the tabs and filters in the URL name. */
export const orderListData = withSearch(orderListSearch, async (queryClient, { search }) => {
  const { ordersQuery } = await import('../../api/orders');
  return queryClient.ensureQueryData(ordersQuery({ ...search, kind: 'normal' }));
});

/** /jfdd: one page of points orders. */
export const pointsOrdersData = withSearch(orderPageSearch, async (queryClient, { search }) => {
  const { ordersQuery } = await import('../../api/orders');
  return queryClient.ensureQueryData(ordersQuery({ tab: 'all', keywords: '', start: '', end: '', kind: 'points', page: search.page }));
});

/** /order/info/:id. */
export async function loadOrderDetail(queryClient: QueryClient, { params }: RouteLocation): Promise<unknown> {
  const id = positiveIntParam(params.id);
  if (id === null) return;
  const { orderDetailQuery } = await import('../../api/orders');
  return settled([queryClient.ensureQueryData(orderDetailQuery(id))]);
}
