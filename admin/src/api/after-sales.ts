// The console's after-sales: the list (?status=&page=) and the steps.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminAfterSaleRow, AfterSaleStep, RefundRoute } from '@domain/admin-orders.ts';
import type { AfterSale, AfterSaleStatus } from '@domain/orders.ts';

export const afterSalesKey = ['admin', 'after_sales'] as const;
const STATUSES: readonly AfterSaleStatus[] = ['submitted', 'approved', 'rejected', 'returning', 'refunded', 'closed'];

export interface AfterSaleSearch {
  status?: AfterSaleStatus;
  page: number;
}

export function parseAfterSaleSearch(raw: Record<string, unknown>): AfterSaleSearch {
  const n = Number(raw.page);
  return {
    status: STATUSES.find((s) => s === raw.status),
    page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1,
  };
}

export const afterSaleListQuery = (s: AfterSaleSearch) =>
  queryOptions({
    queryKey: [...afterSalesKey, s] as const,
    queryFn: () =>
      adminGet<Paged<AdminAfterSaleRow>>('/after_sales', { status: s.status, page: s.page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export const stepAfterSale = (id: number, step: AfterSaleStep, extra: { reason?: string; route?: RefundRoute } = {}) =>
  adminPost<AfterSale>(`/after_sales/${id}/${step}`, extra);

export async function afterAfterSaleStep(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: afterSalesKey }),
    client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  ]);
}
