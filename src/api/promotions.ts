// 每日特价, 满额返现, 全场94折 and 领券中心 (docs/api.md "Promotions"): the day's specials, the running
// cashback offer (its tiers also drive the cart's and checkout's "再买¥x返¥y"), the claimable
// coupons and the claim, and the centre's 我的可用券 (GET /api/user/availableCoupon; with `cart=1`
// the 可用于当前购物车 filter). Online only: prices and caps are the server's of the moment.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Page } from '../domain/envelope';
import type { CompanyCoupon } from '../domain/orders';
import type { GoodsListItem } from '../domain/catalog';
import type { DailySpecialState } from '../domain/daily-special';
import type { CashbackOffer } from '../domain/cashback';
import type { CouponClaimResult, CouponOffer } from '../domain/coupon-centre';
import type { WelfarePage } from '../domain/welfare';
import { http } from '../http/client';
import { successNotice } from './success-notice';
import { WALLET_ROOT_KEY } from './wallet-keys';

/** A short trust window so the route's loader and the page share one request (route-loaders.md). */
const PROMOTION_STALE_MS = 10_000;

export const promotionKeys = {
  all: ['promotion'] as const,
  dailySpecials: () => [...promotionKeys.all, 'everyday'] as const,
  cashback: () => [...promotionKeys.all, 'cashback'] as const,
  couponOffers: () => [...promotionKeys.all, 'coupons'] as const,
  welfare: () => [...promotionKeys.all, 'welfare'] as const,
};

export interface CashbackPageData {
  offer: CashbackOffer | null;
  goods: GoodsListItem[];
}

export const dailySpecialsQuery = () =>
  queryOptions({
    queryKey: promotionKeys.dailySpecials(),
    queryFn: () => http.get<DailySpecialState>('activity/everyday_price'),
    staleTime: PROMOTION_STALE_MS,
  });

export const cashbackQuery = () =>
  queryOptions({
    queryKey: promotionKeys.cashback(),
    queryFn: () => http.get<CashbackPageData>('activity/cashback'),
    staleTime: PROMOTION_STALE_MS,
  });

export const welfareQuery = () =>
  queryOptions({
    queryKey: promotionKeys.welfare(),
    queryFn: () => http.get<WelfarePage>('activity/welfare'),
    staleTime: PROMOTION_STALE_MS,
  });

export const couponOffersQuery = () =>
  queryOptions({
    queryKey: promotionKeys.couponOffers(),
    queryFn: () => http.get<CouponOffer[]>('activity/coupons'),
    staleTime: PROMOTION_STALE_MS,
  });

/** A company holds a handful of coupons: one page of this size shows them all. */
export const USABLE_COUPONS_PAGE_SIZE = 50;

/**
 * The coupons the company holds and may still use (GET /api/user/availableCoupon?type=coupon);
 * `forCart`: only those the selected cart lines can use, the largest saving first (`cart=1`,
 * priced by the server as checkout prices them). Under the wallet's key, so a claim refreshes it.
 * The cart filter's refusal (a line that cannot be ordered) is shown in place, not as an alert.
 */
export const usableCouponsQuery = (forCart: boolean) =>
  queryOptions({
    queryKey: [...WALLET_ROOT_KEY, 'available', forCart ? 'cart' : 'all'] as const,
    queryFn: () =>
      http.get<Page<CompanyCoupon>>('user/availableCoupon', {
        type: 'coupon',
        page: 1,
        page_size: USABLE_COUPONS_PAGE_SIZE,
        ...(forCart ? { cart: 1 } : {}),
      }),
    meta: { silentErrors: forCart },
  });

export function useClaimCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...promotionKeys.all, 'claim'] as const,
    mutationFn: (id: number) => http.post<CouponClaimResult>(`activity/coupons/${id}/claim`, {}, { envelope: true }),
    meta: successNotice((e: Envelope<CouponClaimResult>) => ({ message: e.msg, tone: 'success' })),
    onSettled: () => {
      // A refusal also means the list is out of date (someone took the last one).
      void queryClient.invalidateQueries({ queryKey: promotionKeys.couponOffers() });
      void queryClient.invalidateQueries({ queryKey: WALLET_ROOT_KEY });
    },
  });
}
