// The console's orders: the list (URL state in order-search.ts), one order, and the moves —
// ship, complete (仓库), cancel with refund (财务). The printouts are plain links to PDFs.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { OrderSearch } from './order-search.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminOrderDetail, AdminOrderRow, ShipLineInput } from '@domain/admin-orders.ts';

export const ordersKey = ['admin', 'orders'] as const;

export const orderListQuery = (s: OrderSearch) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', s] as const,
    queryFn: () =>
      adminGet<Paged<AdminOrderRow>>('/orders', {
        status: s.status,
        company: s.company,
        order_no: s.order_no,
        start: s.start,
        end: s.end,
        page: s.page,
        page_size: 20,
      }),
    placeholderData: (previous) => previous,
  });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'one', id] as const,
    queryFn: () => adminGet<AdminOrderDetail>(`/orders/${id}`),
  });

export const shipOrder = (id: number, body: { carrier: string; tracking_no: string; lines: ShipLineInput[] }) =>
  adminPost<AdminOrderDetail>(`/orders/${id}/ship`, body);
export const completeOrder = (id: number) => adminPost<AdminOrderDetail>(`/orders/${id}/complete`);
export const cancelOrder = (id: number, reason: string) =>
  adminPost<AdminOrderDetail>(`/orders/${id}/cancel`, { reason });

export const deliveryNoteHref = (id: number) => `/api/admin/orders/${id}/delivery-note`;
export const pickingListHref = (id: number) => `/api/admin/orders/${id}/picking-list`;

export async function afterOrderMoved(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ordersKey }),
    client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  ]);
}
