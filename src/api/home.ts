// Home page data (SPEC §7 "Content", "Goods and activities"): the carousel (GET /api/focus), the
// home ad slots (GET /api/focus/<slot>), today's flash sale (GET /api/index/spike) and 为你推荐
// (GET /api/index_wntj/1). The shell's slots (top, right) and hot goods already have keys in
// common.ts and goods-search.ts; they are re-exported here, not given a second key, because one
// endpoint under two keys would fetch twice and the client aborts the older of two requests to
// the same path.
import { queryOptions } from '@tanstack/react-query';
import type { FlashSale, FocusItem, GoodsListItem } from '../domain/catalog';
import { http } from '../http/client';
import { warmImage } from './warm-image';

export { focusSlotQuery, type ShellAdSlot } from './common';
export { hotGoodsQuery } from './goods-search';

/** Ad slots only the home page shows: 新人推荐, 专场推荐 (slot `demo`) and the announcement list. */
export type HomeFocusSlot = 'xrtj' | 'demo' | 'postList';

export const homeKeys = {
  all: ['home'] as const,
  carousel: () => [...homeKeys.all, 'carousel'] as const,
  slot: (slot: HomeFocusSlot) => [...homeKeys.all, 'slot', slot] as const,
  spike: () => [...homeKeys.all, 'spike'] as const,
  recommend: (page: number) => [...homeKeys.all, 'recommend', page] as const,
};

export const getCarousel = (): Promise<FocusItem[]> => http.get<FocusItem[]>('focus');
export const getHomeSlot = (slot: HomeFocusSlot): Promise<FocusItem[]> => http.get<FocusItem[]>(`focus/${slot}`);
export const getFlashSale = (): Promise<FlashSale | null> => http.get<FlashSale | null>('index/spike');
export const getRecommendations = (page: number): Promise<GoodsListItem[]> =>
  http.get<GoodsListItem[]>(`index_wntj/${page}`);

/** Pictures and notices change with a back-office edit, not within a visit. */
const CONTENT_STALE_MS = 5 * 60_000;
/** Recommendations follow sales and stock; a minute old is fresh enough for a home page. */
const RECOMMEND_STALE_MS = 60_000;
/**
 * The flash sale's stock and sold counts move fast. Its countdown is anchored on the query's
 * `dataUpdatedAt`, so a cached copy still counts down correctly; this only bounds how old the
 * sold counts may be when the buyer comes back to the page.
 */
const SPIKE_STALE_MS = 30_000;

// Home sections are decoration around the buying flow: a failure empties or hides the section
// (SPEC §8 "header data failure: silently ignored" applies in spirit), no alert over the page.
export const carouselQuery = () =>
  queryOptions({
    queryKey: homeKeys.carousel(),
    queryFn: getCarousel,
    meta: { silentErrors: true },
    staleTime: CONTENT_STALE_MS,
  });

/**
 * The carousel for the page's first load: the same query, whose fetch also starts the first
 * picture's download (the home page's largest paint) as soon as its URL is known.
 */
export const carouselFirstQuery = () =>
  queryOptions({
    ...carouselQuery(),
    queryFn: async () => {
      const items = await getCarousel();
      warmImage(items[0]?.image);
      return items;
    },
  });

export const homeSlotQuery = (slot: HomeFocusSlot) =>
  queryOptions({
    queryKey: homeKeys.slot(slot),
    queryFn: () => getHomeSlot(slot),
    meta: { silentErrors: true },
    staleTime: CONTENT_STALE_MS,
  });

export const flashSaleQuery = () =>
  queryOptions({
    queryKey: homeKeys.spike(),
    queryFn: getFlashSale,
    meta: { silentErrors: true },
    staleTime: SPIKE_STALE_MS,
  });

export const recommendationsQuery = (page = 1) =>
  queryOptions({
    queryKey: homeKeys.recommend(page),
    queryFn: () => getRecommendations(page),
    meta: { silentErrors: true },
    staleTime: RECOMMEND_STALE_MS,
  });
