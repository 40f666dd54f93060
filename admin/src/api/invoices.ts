// The console's invoice requests (?status=&page=): issue or reject.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminInvoiceRow } from '@domain/admin-orders.ts';
import type { Invoice } from '@domain/orders.ts';

export const invoicesKey = ['admin', 'invoices'] as const;
const STATUSES: readonly Invoice['status'][] = ['requested', 'issued', 'rejected'];

export interface InvoiceSearch {
  status?: Invoice['status'];
  page: number;
}

export function parseInvoiceSearch(raw: Record<string, unknown>): InvoiceSearch {
  const n = Number(raw.page);
  return {
    status: STATUSES.find((s) => s === raw.status),
    page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1,
  };
}

export const invoiceListQuery = (s: InvoiceSearch) =>
  queryOptions({
    queryKey: [...invoicesKey, s] as const,
    queryFn: () => adminGet<Paged<AdminInvoiceRow>>('/invoices', { status: s.status, page: s.page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export const issueInvoice = (id: number) => adminPost<Invoice>(`/invoices/${id}/issue`);
export const rejectInvoice = (id: number, reason: string) => adminPost<Invoice>(`/invoices/${id}/reject`, { reason });

export async function afterInvoiceDecided(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: invoicesKey });
}
