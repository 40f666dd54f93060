// What a route starts fetching before its page's code has arrived (RouteDef.prefetch): the
// queries on the page's largest-paint path, with the same keys the page reads, so the page finds
// them answered or in flight. Only the pages a buyer lands on most: home and goods detail.
import type { QueryClient } from '@tanstack/react-query';
import { goodsActivitiesQuery, goodsDetailFirstQuery } from '../api/goods';
import { carouselFirstQuery, flashSaleQuery } from '../api/home';
import { parseGoodsId } from '../domain/catalog';
import type { PathParams } from './paths';

export function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(carouselFirstQuery());
  void queryClient.prefetchQuery(flashSaleQuery());
}

export function prefetchGoodsDetail(queryClient: QueryClient, params: PathParams): void {
  const id = parseGoodsId(params.id);
  if (id === null) return;
  void queryClient.prefetchQuery(goodsDetailFirstQuery(id));
  void queryClient.prefetchQuery(goodsActivitiesQuery(id));
}
