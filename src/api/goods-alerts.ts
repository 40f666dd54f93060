// 到货通知 / 降价提醒 (docs/api.md "Goods alerts"): the company's alerts (all, or one goods'), set
// one, delete one. Online only: an alert is about the live catalogue.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Page } from '../domain/envelope';
import type { GoodsAlert, GoodsAlertKind } from '../domain/goods-alerts';
import { http } from '../http/client';
import { successNotice } from './success-notice';

/** A short trust window so the route's loader and the page share one request (route-loaders.md). */
export const GOODS_ALERT_STALE_MS = 10_000;

export const goodsAlertKeys = {
  all: ['goods-alert'] as const,
  list: (page: number) => [...goodsAlertKeys.all, 'list', page] as const,
  ofGoods: (goodsId: number) => [...goodsAlertKeys.all, 'goods', goodsId] as const,
};

export const getGoodsAlerts = (page: number): Promise<Page<GoodsAlert>> =>
  http.get<Page<GoodsAlert>>('user/alerts', { page });
export const goodsAlertsQuery = (page: number) =>
  queryOptions({
    queryKey: goodsAlertKeys.list(page),
    queryFn: () => getGoodsAlerts(page),
    staleTime: GOODS_ALERT_STALE_MS,
  });
export const goodsAlertsOfGoodsQuery = (goodsId: number) =>
  queryOptions({
    queryKey: goodsAlertKeys.ofGoods(goodsId),
    staleTime: GOODS_ALERT_STALE_MS,
    queryFn: () => http.get<Page<GoodsAlert>>('user/alerts', { goods_id: goodsId, page_size: 10 }).then((p) => p.list),
    // The goods page works without it (the buttons then offer a new alert): no alert for a failure.
    meta: { silentErrors: true },
  });

export interface GoodsAlertSet {
  goods_id: number;
  kind: GoodsAlertKind;
  /** Yuan as typed, for 降价提醒. */
  target_price?: string;
}

export function useSetGoodsAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...goodsAlertKeys.all, 'set'] as const,
    mutationFn: (input: GoodsAlertSet) => http.post<GoodsAlert>('user/alerts', { ...input }, { envelope: true }),
    meta: successNotice((e: Envelope<GoodsAlert>) => ({ message: e.msg, tone: 'success' })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: goodsAlertKeys.all }),
  });
}

export function useDeleteGoodsAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...goodsAlertKeys.all, 'delete'] as const,
    mutationFn: (id: number) => http.delete<null>(`user/alerts/${id}`, undefined, { envelope: true }),
    meta: successNotice((e: Envelope<null>) => ({ message: e.msg, tone: 'success' })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: goodsAlertKeys.all }),
  });
}
