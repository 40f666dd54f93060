// Catalogue listings (SPEC §7 "Goods and activities", "Content"): the goods list behind every list,
// search, zone and brand page (GET /api/goods/list), the brand zone (GET /api/goods/brands,
// GET /api/focus/brand/{id}) and the zone banners (GET /api/focus/<slot>).
//
// The goods list is keyed under goodsKeys.list (src/api/goods.ts) on purpose: a favourite toggle
// invalidates ['goods'] and so refreshes the hearts of every list on screen.
import { keepPreviousData, onlineManager, queryOptions } from '@tanstack/react-query';
import type { BrandInfo, FocusItem, GoodsListQuery, GoodsListResult } from '../domain/catalog';
import type { Page } from '../domain/envelope';
import { deferred } from '../domain/deferred';
import { http } from '../http/client';
import { goodsKeys } from './goods';
import { isServerUnreachable } from './reachability';

/** One brand of the brand zone grid (GET /api/goods/brands). */
export interface BrandSummary {
  id: number;
  name: string;
  logo: string;
  description: string;
  goods_count: number;
}

/** The SPEC §7 focus slots a listing page shows as its banner. */
export type ZoneBannerSlot = 'kxzq_ad' | 'new_kxzq' | 'kxzq' | 'zyzq' | 'yx' | 'ppzq';

export const catalogKeys = {
  all: ['catalog'] as const,
  brands: (page: number) => [...catalogKeys.all, 'brands', page] as const,
  brand: (id: number) => [...catalogKeys.all, 'brand', id] as const,
  banner: (slot: ZoneBannerSlot, ids: string) => [...catalogKeys.all, 'banner', slot, ids] as const,
};

/** Drops unset fields so the query string (and the cache key) only carries what filters. */
export function compactListQuery(q: GoodsListQuery): GoodsListQuery {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') out[k] = v;
  return out as GoodsListQuery;
}

/** src/local, loaded once (a repeated import() resolves a task later, behind the page's drawing). */
const local = deferred(() => import('../local'));

/** The pack's answer, or null when the device has none (no whole pack, no store). */
const localList = async (q: GoodsListQuery): Promise<GoodsListResult | null> => (await local.load()).listOffline(q);

/**
 * The list from the server; with the server unreachable and no stored answer (the worker's cache),
 * from the catalogue pack on this device (src/local listOffline), filtered and sorted the same way.
 * While the server is already known to be unreachable (src/app/online-bridge.ts, which also asks
 * whether it is back), a whole pack answers at once, without a request: a request would wait for
 * the network to fail — seconds on a line that drops packets — and its outcome would not change the
 * answer but for the worker's older copy of a page seen online.
 */
export async function getGoodsList(q: GoodsListQuery): Promise<GoodsListResult> {
  const query = compactListQuery(q);
  if (!onlineManager.isOnline()) {
    // A store that fails here still leaves the request (and the worker's copy) to answer.
    const local = await localList(query).catch(() => null);
    if (local !== null) return local;
  }
  try {
    return await http.get<GoodsListResult>('goods/list', query);
  } catch (err) {
    if (!isServerUnreachable(err)) throw err;
    const local = await localList(query);
    if (local === null) throw err;
    return local;
  }
}
export const getBrands = (page: number): Promise<Page<BrandSummary>> =>
  http.get<Page<BrandSummary>>('goods/brands', { page });
export const getBrandInfo = (id: number): Promise<BrandInfo> => http.get<BrandInfo>(`focus/brand/${id}`);
/** `ids` only for kxzq_ad (SPEC §7 "GET /api/focus/kxzq_ad (ids)"); '' sends none. */
export const getZoneBanner = (slot: ZoneBannerSlot, ids = ''): Promise<FocusItem[]> =>
  http.get<FocusItem[]>(`focus/${slot}`, ids ? { ids } : undefined);

/** Stock and prices move during the day; a list older than this refetches when revisited. */
const GOODS_LIST_STALE_MS = 30_000;
/** Banners and brands change with a back-office edit, not within a visit. */
const CONTENT_STALE_MS = 5 * 60_000;

export interface GoodsListQueryOptions {
  /**
   * The page shows the failure itself (the 控销 zone explains a 403 in place), so the shared
   * SPEC §8 presenter must stay quiet.
   */
  silentErrors?: boolean;
}

/**
 * `placeholderData: keepPreviousData`: while the next page or filter loads, the previous rows stay
 * on screen (dimmed by the page) instead of collapsing into a skeleton.
 */
export const goodsListQuery = (q: GoodsListQuery, opts: GoodsListQueryOptions = {}) => {
  const query = compactListQuery(q);
  return queryOptions({
    queryKey: goodsKeys.list(query),
    queryFn: () => getGoodsList(query),
    placeholderData: keepPreviousData,
    staleTime: GOODS_LIST_STALE_MS,
    meta: opts.silentErrors ? { silentErrors: true } : undefined,
  });
};

export const brandsQuery = (page: number) =>
  queryOptions({
    queryKey: catalogKeys.brands(page),
    queryFn: () => getBrands(page),
    placeholderData: keepPreviousData,
    staleTime: CONTENT_STALE_MS,
  });

/** The brand page shows its own "品牌不存在" state for a 404. */
export const brandInfoQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.brand(id),
    queryFn: () => getBrandInfo(id),
    staleTime: CONTENT_STALE_MS,
    meta: { silentErrors: true },
  });

/** A banner is decoration: when it fails the zone shows its plain title instead. */
export const zoneBannerQuery = (slot: ZoneBannerSlot, ids = '') =>
  queryOptions({
    queryKey: catalogKeys.banner(slot, ids),
    queryFn: () => getZoneBanner(slot, ids),
    staleTime: CONTENT_STALE_MS,
    meta: { silentErrors: true },
  });
