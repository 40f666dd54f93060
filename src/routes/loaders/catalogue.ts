// First screens of the catalogue: home, goods detail, the goods lists, search results and the
// brand zone. These are the pages a buyer lands on most, so their api modules are in the first
// bundle and the loaders start at once, in parallel with the page's code.
import type { QueryClient } from '@tanstack/react-query';
import { goodsActivitiesQuery, goodsDetailFirstQuery } from '../../api/goods';
import { brandInfoQuery, brandsQuery, goodsListQuery } from '../../api/goods-list';
import { carouselFirstQuery } from '../../api/home';
import { parseGoodsId } from '../../domain/catalog';
import { listSearchSchema, MAX_PAGE, toGoodsListQuery, type ListSearch } from '../../domain/list-search';
import { positiveIntParam } from '../../domain/params';
import { settled, withSearch } from '../first-screen';
import type { RouteLocation } from '../types';

/**
 * The carousel only: the flash sale decides the sections below the fold, which the browser draws
 * after the first paint (home-page.tsx asks for it then). Loaded here, the server put its goods
 * (~1.5 KB of the compressed page) into every drawn home page's state, which took a signed-in
 * home page past the first round trip's 14.6 KB (issue 36: Lighthouse's FCP +143 ms).
 */
export function loadHome(queryClient: QueryClient): Promise<unknown> {
  return settled([queryClient.ensureQueryData(carouselFirstQuery())]);
}

export async function loadGoodsDetail(queryClient: QueryClient, { params }: RouteLocation): Promise<unknown> {
  const id = parseGoodsId(params.id);
  if (id === null) return;
  return settled([
    queryClient.ensureQueryData(goodsDetailFirstQuery(id)),
    queryClient.ensureQueryData(goodsActivitiesQuery(id)),
  ]);
}

/** The list the page asks for (list-screen.tsx with no preset). */
function ensureList(queryClient: QueryClient, search: ListSearch): Promise<unknown> {
  return queryClient.ensureQueryData(goodsListQuery(toGoodsListQuery(search)));
}

/** /list and its views. */
export const goodsListData = withSearch(listSearchSchema(), (queryClient, { search }) =>
  ensureList(queryClient, search),
);

/** /search: the same list query, once there are keywords (without, the page shows hot terms). */
export const searchResultsData = withSearch(listSearchSchema(), async (queryClient, { search }) => {
  if (search.keywords !== '') await ensureList(queryClient, search);
});

/** /list/other/:id/:name?: the list of the category in the path. */
export const categoryListData = withSearch(listSearchSchema(), async (queryClient, { params, search }) => {
  const id = positiveIntParam(params.id);
  if (id !== null) await ensureList(queryClient, { ...search, category_id: id });
});

/** /ppzq/:page?: one page of brands. */
export function loadBrands(queryClient: QueryClient, { params }: RouteLocation): Promise<unknown> {
  return queryClient.ensureQueryData(brandsQuery(positiveIntParam(params.page, MAX_PAGE) ?? 1));
}

/** /ppzq/info/:id/:page?: the brand's heading (its goods list follows from the page's preset). */
export const brandData = withSearch(listSearchSchema(), async (queryClient, { params }) => {
  const id = positiveIntParam(params.id);
  if (id !== null) await queryClient.ensureQueryData(brandInfoQuery(id));
});
