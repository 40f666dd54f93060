// First screens of 每日特价 /mrtj, 满额返现 /hb, 全场94折 /welfare and 领券中心 /lqzx: one query each, open to visitors
// (prices hidden, nothing claimed). Not in the first bundle: loaded on the route's first call.
import type { QueryClient } from '@tanstack/react-query';
import { cashbackQuery, couponOffersQuery, dailySpecialsQuery, welfareQuery } from '../../api/promotions';

export const loadDailySpecials = (queryClient: QueryClient): Promise<unknown> =>
  queryClient.ensureQueryData(dailySpecialsQuery());
export const loadCashback = (queryClient: QueryClient): Promise<unknown> =>
  queryClient.ensureQueryData(cashbackQuery());
export const loadCouponCentre = (queryClient: QueryClient): Promise<unknown> =>
  queryClient.ensureQueryData(couponOffersQuery());
export const loadWelfare = (queryClient: QueryClient): Promise<unknown> => queryClient.ensureQueryData(welfareQuery());
