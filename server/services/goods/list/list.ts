// GET /api/goods/list: every list, zone, brand and search-result page (GoodsListQuery in
// src/domain/catalog.ts). The brand zone list and 为你推荐 are brands.ts and recommendations.ts.
//
// Cost model (EXPLAIN on the 100,000-goods seed, docs/api.md "List design (for reviewers)"):
// - The page itself is `ORDER BY <sort> LIMIT n` walking an index in sort order (goods_sales_idx,
//   goods_category_*_idx (…, sales_count), goods_price_idx, goods_created_idx) with the other
//   filters checked per row, or a bitmap scan of a selective filter and a top-N sort: well under
//   a millisecond for page 1.
// - Counting is what costs: every match is a heap visit (the goods row is wide), tens of ms for
//   a big category. So the total is exact up to LIST_TOTAL_CAP and capped there (the pager
//   cannot go further either), it is computed together with the facets in one pass over at most
//   LIST_TOTAL_CAP + 1 matches, and that summary is cached per filter for SUMMARY_TTL_MS.
// - With keywords, the default order is relevance: the search tiers of goods/search.ts in rank
//   order, each alternative its own index-backed `ORDER BY sales_count DESC LIMIT n` statement,
//   exactly as the search box does it, so no statement ranks every match.
import type { Deps } from '../../../deps.ts';
import { loadGoodsItems } from '../item.ts';
import type { Viewer } from '../../price-visibility.ts';
import type { GoodsListResult } from '@domain/catalog.ts';
import type { ListInput } from './input.ts';
import { planList } from './plan.ts';
import { pageIds } from './page.ts';
import { listSummary } from './summary.ts';

export async function listGoods(deps: Deps, viewer: Viewer, input: ListInput): Promise<GoodsListResult> {
  const plan = await planList(deps, viewer, input.filter);
  const [ids, summary] = await Promise.all([
    pageIds(deps.db, plan, input.page, input.pageSize),
    listSummary(deps, plan),
  ]);
  return {
    list: await loadGoodsItems(deps.db, viewer, ids),
    total: summary.total,
    page: input.page,
    page_size: input.pageSize,
    facets: summary.facets,
  };
}
