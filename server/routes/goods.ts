// /api/goods: search-box suggestions and hot goods (SPEC §7 "Goods and activities").
import { Hono } from 'hono';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { goods, goodsPrices } from '../db/schema.ts';
import { parseKeyword, suggest } from '../services/goods-search.ts';
import { controlledVisibleTo, viewerOf } from '../services/price-visibility.ts';
import { goodsCardFields, rankPriceJoin, toGoodsCard } from '../services/goods-card.ts';
import type { GoodsCard, SearchSuggestion } from '../../src/domain/contracts.ts';

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
