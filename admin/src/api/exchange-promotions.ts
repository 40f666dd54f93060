// 换购 promotions for 运营: list, create, edit tiers, stop (/api/admin/exchange_promotions).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged } from '@domain/admin.ts';
import type { ConsoleExchangePromotion, ExchangePromotionInput, ExchangeTiersInput } from '@domain/admin-exchange.ts';

export const exchangePromotionsKey = ['admin', 'exchange_promotions'] as const;

export const exchangePromotionListQuery = (page: number) =>
  queryOptions({
    queryKey: [...exchangePromotionsKey, page] as const,
    queryFn: () => adminGet<Paged<ConsoleExchangePromotion>>('/exchange_promotions', { page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export const createExchangePromotion = (draft: ExchangePromotionInput) =>
  adminPost<{ id: number }>('/exchange_promotions', draft);
export const saveExchangeTiers = (id: number, tiers: ExchangeTiersInput) =>
  adminPost<{ id: number }>(`/exchange_promotions/${id}/tiers`, { tiers });
export const stopExchangePromotion = (id: number) => adminPost<{ id: number }>(`/exchange_promotions/${id}/stop`);

export const afterExchangeChange = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: exchangePromotionsKey });

/** ?page= of the list. */
export function parseExchangeSearch(raw: Record<string, unknown>): { page: number } {
  const n = Number(raw.page);
  return { page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1 };
}
