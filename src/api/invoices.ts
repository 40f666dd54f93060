// E-invoices (/dzfp, docs/api.md "Invoices"): the company's invoice list, a request for a
// completed order, and the PDF address of an issued invoice.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../domain/envelope';
import type { Invoice } from '../domain/orders';
import { http } from './client';
import { orderKeys } from './orders';

export interface InvoiceCreateInput {
  order_id: number;
  kind: Invoice['kind'];
  title: string;
  tax_no: string;
  email: string;
}

export const invoiceKeys = {
  all: ['invoice'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (page: number) => [...invoiceKeys.lists(), page] as const,
};

export const getInvoices = (page: number): Promise<Page<Invoice>> => http.get<Page<Invoice>>('invoice', { page });
export const postInvoice = (input: InvoiceCreateInput, idempotencyKey?: string): Promise<Invoice> =>
  http.post<Invoice>('invoice', { ...input }, { idempotencyKey });

/** The server generates the PDF on request; a plain link lets the browser download it with the session cookie. */
export const invoicePdfHref = (id: number): string => `/api/invoice/${id}/pdf`;

export const invoicesQuery = (page: number) =>
  queryOptions({ queryKey: invoiceKeys.list(page), queryFn: () => getInvoices(page) });

/** A request changes the invoice list and the order's `can.invoice`, so both are refreshed. */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...invoiceKeys.all, 'create'] as const,
    mutationFn: ({ input, idempotencyKey }: { input: InvoiceCreateInput; idempotencyKey: string }) =>
      postInvoice(input, idempotencyKey),
    // Not awaited: the page moves on (closes the form) at once; the lists refresh behind it.
    onSuccess: (_invoice, { input }) => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(input.order_id) });
    },
  });
}
