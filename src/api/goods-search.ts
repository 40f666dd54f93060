// Search suggestions (GET /api/goods/search?keywords=&type=) and hot goods (GET /api/goods/hot).
// The search box keeps its own freshness rule (SPEC §4, 5000 ms) on top of these options.
import { queryOptions } from '@tanstack/react-query';
import type { GoodsCard, SearchSuggestion, SearchType } from '../domain/contracts';
import { http } from '../http/client';

export const goodsSearchKeys = {
  all: ['goods-search'] as const,
  suggest: (type: SearchType, keywords: string) => [...goodsSearchKeys.all, 'suggest', type, keywords] as const,
  hot: () => [...goodsSearchKeys.all, 'hot'] as const,
};

export const getSearchSuggestions = (type: SearchType, keywords: string): Promise<SearchSuggestion[]> =>
  http.get<SearchSuggestion[]>('goods/search', { keywords, type });

export const getHotGoods = (): Promise<GoodsCard[]> => http.get<GoodsCard[]>('goods/hot');

export const searchSuggestQuery = (type: SearchType, keywords: string) =>
  queryOptions({
    queryKey: goodsSearchKeys.suggest(type, keywords),
    queryFn: () => getSearchSuggestions(type, keywords),
    // Typing is the retry: a failed suggestion is replaced by the next keystroke's request.
    retry: false,
    meta: { silentErrors: true },
  });

const HOT_GOODS_STALE_MS = 5 * 60_000;

export const hotGoodsQuery = () =>
  queryOptions({
    queryKey: goodsSearchKeys.hot(),
    queryFn: getHotGoods,
    meta: { silentErrors: true },
    staleTime: HOT_GOODS_STALE_MS,
  });
