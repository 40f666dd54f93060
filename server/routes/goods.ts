// /api/goods (SPEC §7 "Goods and activities"): search-box suggestions, hot goods, the goods list,
// detail, activities and the brand zone list.
import { Hono } from 'hono';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notFound, ok, validationError } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { goods, goodsPrices } from '../db/schema.ts';
import { parseKeyword, suggest } from '../services/goods-search.ts';
import { controlledVisibleTo, viewerOf } from '../services/price-visibility.ts';
import { goodsCardFields, rankPriceJoin, toGoodsCard } from '../services/goods-card.ts';
import { LIST_PAGE_SIZE_DEFAULT, listBrands, listGoods, pageQuery, parseListQuery } from '../services/goods-list.ts';
import { GOODS_GONE, loadGoodsDetail } from '../services/goods-detail.ts';
import { goodsActivities } from '../services/activities.ts';
import type { GoodsCard, SearchSuggestion } from '../../src/domain/contracts.ts';
import type { GoodsActivity, GoodsDetail, GoodsListResult } from '../../src/domain/catalog.ts';

export const HOT_GOODS_LIMIT = 10;

const searchQuery = z.object({
  // A repeated parameter arrives as an array; only a single string is a keyword.
  keywords: z.string({ error: '搜索关键词格式错误' }).optional(),
  type: z
    .enum(['1', '2', ''], { error: '搜索类型无效' })
    .optional()
    .transform((t) => (t === '2' ? 2 : 1) as 1 | 2),
});

export const goodsRoutes = new Hono<AppEnv>();

goodsRoutes.get('/search', async (c) => {
  const input = readQuery(c, searchQuery);
  const q = parseKeyword(input.keywords);
  if (!q) return ok<SearchSuggestion[]>(c, []);
  const viewer = await viewerOf(c);
  const list = await suggest(c.get('deps').db, q, input.type, { controlled: controlledVisibleTo(viewer) });
  return ok<SearchSuggestion[]>(c, list);
});

goodsRoutes.get('/hot', async (c) => {
  const viewer = await viewerOf(c);
  const rows = await c
    .get('deps')
    .db.select(goodsCardFields)
    .from(goods)
    .leftJoin(goodsPrices, rankPriceJoin(viewer))
    .where(
      and(
        eq(goods.isBuy, true),
        eq(goods.isOnSale, true),
        controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false),
      ),
    )
    .orderBy(desc(goods.salesCount), asc(goods.id))
    .limit(HOT_GOODS_LIMIT);
  return ok<GoodsCard[]>(
    c,
    rows.map((r) => toGoodsCard(r, viewer)),
  );
});

goodsRoutes.get('/list', async (c) => {
  const input = parseListQuery(c.get('query') ?? {});
  const viewer = await viewerOf(c);
  return ok<GoodsListResult>(c, await listGoods(c.get('deps'), viewer, input));
});

const MAX_ID = 2_147_483_647;

/** A path or query id: digits only, 1 … 2³¹−1; anything else is a 422 on `field`. */
function goodsId(raw: string | undefined, field: string): number {
  const n = raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_ID)) throw validationError({ [field]: ['商品编号无效'] });
  return n;
}

goodsRoutes.get('/detail/:id', async (c) => {
  const id = goodsId(c.req.param('id'), 'id');
  const viewer = await viewerOf(c);
  const detail = await loadGoodsDetail(c.get('deps').db, viewer, id);
  if (!detail) throw notFound(GOODS_GONE);
  return ok<GoodsDetail>(c, detail);
});

const activitiesQuery = z.object({ goods_id: z.string({ error: '商品编号无效' }).optional() });

goodsRoutes.get('/activities', async (c) => {
  const id = goodsId(readQuery(c, activitiesQuery).goods_id, 'goods_id');
  const viewer = await viewerOf(c);
  const { db, clock } = c.get('deps');
  return ok<GoodsActivity[]>(c, await goodsActivities(db, viewer, clock(), id));
});

goodsRoutes.get('/brands', async (c) => {
  const q = readQuery(c, pageQuery);
  const viewer = await viewerOf(c);
  return ok(c, await listBrands(c.get('deps'), viewer, q.page ?? 1, q.page_size ?? LIST_PAGE_SIZE_DEFAULT));
});
