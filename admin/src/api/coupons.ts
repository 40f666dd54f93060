// 领券中心 coupons (运营): the list, a new coupon, stopping one. Money in fen, times in seconds.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { CouponTemplateRow, Paged } from '@domain/admin.ts';

export const couponsKey = ['admin', 'coupons'] as const;

export const couponListQuery = (page: number) =>
  queryOptions({
    queryKey: [...couponsKey, page] as const,
    queryFn: () => adminGet<Paged<CouponTemplateRow>>('/coupons', { page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export interface NewCoupon {
  name: string;
  threshold: number;
  amount: number;
  total: number;
  per_company: number;
  valid_days: number;
  starts_at: number;
  ends_at: number;
}

export const createCoupon = (input: NewCoupon) => adminPost<CouponTemplateRow>('/coupons', input);
export const stopCoupon = (id: number) => adminPost<CouponTemplateRow>(`/coupons/${id}/stop`);

export const afterCouponChange = (client: QueryClient) => client.invalidateQueries({ queryKey: couponsKey });

/** ?page= of the coupon list. */
export function parseCouponSearch(raw: Record<string, unknown>): { page: number } {
  const n = Number(raw.page);
  return { page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1 };
}
