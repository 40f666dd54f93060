// What a route starts fetching before its page's code has arrived (RouteDef.prefetch): the
// queries on the page's largest-paint path, with the same keys the page reads, so the page finds
// them answered or in flight. Only the pages a buyer lands on most: home, goods detail, the goods
// list and search results.
import type { QueryClient } from '@tanstack/react-query';
import { goodsActivitiesQuery, goodsDetailFirstQuery } from '../api/goods';
import { carouselFirstQuery, flashSaleQuery } from '../api/home';
import { parseGoodsId } from '../domain/catalog';
import { goodsListQuery } from '../api/goods-list';
import { parseListSearch, toGoodsListQuery } from '../domain/list-search';
import type { RouteLocation } from './types';

export function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(carouselFirstQuery());
  void queryClient.prefetchQuery(flashSaleQuery());
}

export function prefetchGoodsDetail(queryClient: QueryClient, { params }: RouteLocation): void {
  const id = parseGoodsId(params.id);
  if (id === null) return;
  void queryClient.prefetchQuery(goodsDetailFirstQuery(id));
  void queryClient.prefetchQuery(goodsActivitiesQuery(id));
}

/** /list and its views: the page asks for exactly this list (list-screen.tsx, no preset). */
export function prefetchGoodsList(queryClient: QueryClient, { search }: RouteLocation): void {
  void queryClient.prefetchQuery(goodsListQuery(toGoodsListQuery(parseListSearch(search))));
}

/** /search: the same list query, once there are keywords (without, the page shows hot terms). */
export function prefetchSearchResults(queryClient: QueryClient, at: RouteLocation): void {
  if (parseListSearch(at.search).keywords !== '') prefetchGoodsList(queryClient, at);
}
