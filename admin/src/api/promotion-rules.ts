// 每日特价, 全场94折, 满减/满折, 满额返现, 组合套餐, 满赠 and activity pages (/api/admin/promotion-rules)
// and the points mall's goods (/api/admin/points-goods) for 运营: list, create, edit, stop / on-off.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged } from '@domain/admin.ts';
import type { RulePromotionKind, RulePromotionRow } from '@domain/admin-promotion-rules.ts';
import type { AdminPointsGoodsRow } from '@domain/admin-points-goods.ts';

export const ruleKey = ['admin', 'promotion-rules'] as const;
export const pointsGoodsKey = ['admin', 'points-goods'] as const;

export const ruleListQuery = (kind: RulePromotionKind, page: number) =>
  queryOptions({
    queryKey: [...ruleKey, kind, page] as const,
    queryFn: () => adminGet<Paged<RulePromotionRow>>('/promotion-rules', { kind, page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

/** The body of a create or edit: the shape src/domain/admin-promotion-rules.ts parses. */
export type RulePromotionDraft = Record<string, unknown>;

export const createRulePromotion = (draft: RulePromotionDraft) => adminPost<{ id: number }>('/promotion-rules', draft);
export const updateRulePromotion = (id: number, draft: RulePromotionDraft) =>
  adminPost<{ id: number }>(`/promotion-rules/${id}`, draft);
export const stopRulePromotion = (id: number) => adminPost<{ id: number }>(`/promotion-rules/${id}/stop`);
export const afterRuleChange = (client: QueryClient) => client.invalidateQueries({ queryKey: ruleKey });

export const pointsGoodsListQuery = (page: number) =>
  queryOptions({
    queryKey: [...pointsGoodsKey, page] as const,
    queryFn: () => adminGet<Paged<AdminPointsGoodsRow>>('/points-goods', { page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export const createPointsGoods = (draft: Record<string, unknown>) => adminPost<{ id: number }>('/points-goods', draft);
export const updatePointsGoods = (id: number, draft: Record<string, unknown>) =>
  adminPost<{ id: number }>(`/points-goods/${id}`, draft);
export const setPointsGoodsOnSale = (id: number, onSale: boolean) =>
  adminPost<{ id: number }>(`/points-goods/${id}/${onSale ? 'on' : 'off'}`);
export const afterPointsGoodsChange = (client: QueryClient) => client.invalidateQueries({ queryKey: pointsGoodsKey });
