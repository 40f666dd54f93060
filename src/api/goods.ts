// Goods area (SPEC §7 "Goods and activities"): detail and activities of one goods. Keys live under
// ['goods'] so a favourite toggle (src/api/favorites.ts) refreshes every goods view at once; list
// queries belong under goodsKeys.lists() for the same reason.
import { queryOptions } from '@tanstack/react-query';
import type { GoodsActivity, GoodsDetail, GoodsListQuery } from '../domain/catalog';
import { http } from '../http/client';
import { warmImage } from './warm-image';
import { isServerUnreachable } from './reachability';

export const goodsKeys = {
  all: ['goods'] as const,
  lists: () => [...goodsKeys.all, 'list'] as const,
  list: (query: GoodsListQuery) => [...goodsKeys.lists(), query] as const,
  details: () => [...goodsKeys.all, 'detail'] as const,
  detail: (id: number) => [...goodsKeys.details(), id] as const,
  activities: (id: number) => [...goodsKeys.all, 'activities', id] as const,
};

/**
 * The detail from the server; with the server unreachable and no stored answer, the goods as the
 * catalogue pack on this device has it (price, stock, rules, 批准文号; no description or pictures
 * beyond the main one until online).
 */
export async function getGoodsDetail(id: number): Promise<GoodsDetail> {
  try {
    return await http.get<GoodsDetail>(`goods/detail/${id}`);
  } catch (err) {
    if (!isServerUnreachable(err)) throw err;
    const item = await (await import('../local')).goodsOffline(id);
    if (item === null) throw err;
    return {
      ...item,
      images: item.goods_image ? [item.goods_image] : [],
      description: '',
      storage: '',
      dosage_form: '',
      barcode: '',
      category_path: [],
      brand: null,
    };
  }
}
export const getGoodsActivities = (id: number): Promise<GoodsActivity[]> =>
  http.get<GoodsActivity[]>('goods/activities', { goods_id: id });

/** Stock and prices move during the day; a detail copy older than this is refetched on return. */
const GOODS_DETAIL_STALE_MS = 30_000;

/**
 * The detail page renders its own "商品不存在或已下架" state for the 404 envelope (and a retry for
 * other failures), so the shared presenter must not also alert.
 */
export const goodsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: goodsKeys.detail(id),
    queryFn: () => getGoodsDetail(id),
    meta: { silentErrors: true },
    staleTime: GOODS_DETAIL_STALE_MS,
  });

/** The detail for the page's first load: its fetch also starts the main picture's download. */
export const goodsDetailFirstQuery = (id: number) =>
  queryOptions({
    ...goodsDetailQuery(id),
    queryFn: async () => {
      const detail = await getGoodsDetail(id);
      warmImage(detail.images.find((src) => src !== '') ?? detail.goods_image);
      return detail;
    },
  });

/** Promotions are extra information on the detail page: a failure just leaves the list out. */
export const goodsActivitiesQuery = (id: number) =>
  queryOptions({
    queryKey: goodsKeys.activities(id),
    queryFn: () => getGoodsActivities(id),
    meta: { silentErrors: true },
    staleTime: GOODS_DETAIL_STALE_MS,
  });
