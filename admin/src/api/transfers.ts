// 对公转账 waiting for the money, and finance's confirmation (amount in fen, the bank reference).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged, TransferConfirmation, TransferRow } from '@domain/admin.ts';

export const transfersKey = ['admin', 'transfers'] as const;

export const transferListQuery = (page: number) =>
  queryOptions({
    queryKey: [...transfersKey, page] as const,
    queryFn: () => adminGet<Paged<TransferRow>>('/transfers', { page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export const confirmTransfer = (orderId: number, amount: number, bankReference: string) =>
  adminPost<TransferConfirmation>(`/transfers/${orderId}/confirm`, { amount, bank_reference: bankReference });

export async function afterTransferConfirmed(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: transfersKey }),
    client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  ]);
}

/** ?page= of the transfers list. */
export function parseTransferSearch(raw: Record<string, unknown>): { page: number } {
  const n = Number(raw.page);
  return { page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1 };
}
