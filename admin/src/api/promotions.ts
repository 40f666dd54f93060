// Flash sales and group buys for 运营: list by kind, create, stop (/api/admin/promotions).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged } from '@domain/admin.ts';
import { CONSOLE_PROMOTION_KINDS, type ConsolePromotion, type ConsolePromotionKind } from '@domain/admin-promotions.ts';
import { RULE_PROMOTION_KINDS, type RulePromotionKind } from '@domain/admin-promotion-rules.ts';
import { pointsGoodsListQuery, ruleListQuery } from './promotion-rules.ts';

export const promotionsKey = ['admin', 'promotions'] as const;

/** The page's tabs: flash/group, the rule-priced kinds, and the points mall ('points'). */
export const PROMOTION_TABS = [...CONSOLE_PROMOTION_KINDS, ...RULE_PROMOTION_KINDS, 'points'] as const;
export type PromotionTab = (typeof PROMOTION_TABS)[number];
export const isFlashOrGroup = (tab: PromotionTab): tab is ConsolePromotionKind =>
  (CONSOLE_PROMOTION_KINDS as readonly string[]).includes(tab);
export const isRuleKind = (tab: PromotionTab): tab is RulePromotionKind =>
  (RULE_PROMOTION_KINDS as readonly string[]).includes(tab);

export interface PromotionSearch {
  kind: PromotionTab;
  page: number;
}

/** Starts loading what the tab shows (the route's loader). */
export function prefetchPromotionTab(client: QueryClient, { kind, page }: PromotionSearch): void {
  if (isFlashOrGroup(kind)) void client.prefetchQuery(promotionListQuery({ kind, page }));
  else if (isRuleKind(kind)) void client.prefetchQuery(ruleListQuery(kind, page));
  else void client.prefetchQuery(pointsGoodsListQuery(page));
}

export const promotionListQuery = ({ kind, page }: { kind: ConsolePromotionKind; page: number }) =>
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
  const kind = (PROMOTION_TABS as readonly unknown[]).includes(raw.kind) ? (raw.kind as PromotionTab) : 'flash';
  return { kind, page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1 };
}
