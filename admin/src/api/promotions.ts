// Flash sales and group buys for 运营: list by kind, create, stop (/api/admin/promotions).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged } from '../../../src/domain/admin.ts';
import { CONSOLE_PROMOTION_KINDS, type ConsolePromotion, type ConsolePromotionKind } from '../../../src/domain/admin-promotions.ts';

export const promotionsKey = ['admin', 'promotions'] as const;

export interface PromotionSearch {
  kind: ConsolePromotionKind;
  page: number;
}

export const promotionListQuery = ({ kind, page }: PromotionSearch) =>
  queryOptions({
    queryKey: [...promotionsKey, kind, page] as const,
    queryFn: () => adminGet<Paged<ConsolePromotion>>('/promotions', { kind, page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export interface PromotionDraft {
  kind: ConsolePromotionKind;
  name: string;
  description: string;
  starts_at: number;
  ends_at: number;
  goods: { goods_id: number; price: number; quantity?: number; stock_limit?: number; per_company_limit?: number }[];
}

export const createPromotion = (draft: PromotionDraft) => adminPost<{ id: number }>('/promotions', draft);
export const stopPromotion = (id: number) => adminPost<{ id: number }>(`/promotions/${id}/stop`);

export const afterPromotionChange = (client: QueryClient) => client.invalidateQueries({ queryKey: promotionsKey });

/** ?kind=&page= of the promotions list. */
export function parsePromotionSearch(raw: Record<string, unknown>): PromotionSearch {
  const n = Number(raw.page);
  const kind = (CONSOLE_PROMOTION_KINDS as readonly unknown[]).includes(raw.kind) ? (raw.kind as ConsolePromotionKind) : 'flash';
  return { kind, page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1 };
}
