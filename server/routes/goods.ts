// /api/goods (SPEC §7 "Goods and activities"): search-box suggestions, hot goods, the goods list,
// detail, activities and the brand zone list.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notFound, ok } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { parseKeyword, suggest } from '../services/goods/search.ts';
import { controlledVisibleTo, viewerOf } from '../services/price-visibility.ts';
import { hotGoods } from '../services/goods/hot.ts';
import { listBrands } from '../services/goods/list/brands.ts';
import { listInputKey, parseListQuery } from '../services/goods/list/input.ts';
import { cachedAnswer, SHARED_BUCKET, viewerAnswerKey } from '../services/goods/answer-cache.ts';
import { sendAnswer } from '../http/stored-answer.ts';
import { listGoods } from '../services/goods/list/list.ts';
import { intParam, PAGE_SIZE_DEFAULT, pageQuery, positiveId } from '../http/params.ts';
import { catalogueChangesFor } from '../services/catalogue/feed.ts';
import {
  CATALOGUE_CHANGES_PAGE,
  CATALOGUE_CHANGES_PAGE_MAX,
  type CatalogueChangesPage,
} from '@domain/catalogue-changes.ts';
import { GOODS_GONE, loadGoodsDetail } from '../services/goods/detail.ts';
import { goodsActivities } from '../services/activities.ts';
import { cataloguePackRoutes } from './catalogue-pack.ts';
import type { GoodsCard, SearchSuggestion } from '@domain/contracts.ts';
import type { GoodsActivity, GoodsDetail, GoodsListResult } from '@domain/catalog.ts';

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
  const controlled = controlledVisibleTo(viewer);
  const deps = c.get('deps');
  // Suggestions carry no price or company data: every viewer with the same 控销 entitlement gets
  // the same answer, so they share it (goods/answer-cache.ts).
  const key = JSON.stringify(['search', controlled, input.type, q.text]);
  const answer = await cachedAnswer<SearchSuggestion[]>(deps, SHARED_BUCKET, key, () =>
    suggest(deps.db, q, input.type, { controlled }),
  );
  return sendAnswer(c, answer);
});

goodsRoutes.get('/hot', async (c) => {
  const viewer = await viewerOf(c);
  return ok<GoodsCard[]>(c, await hotGoods(c.get('deps').db, viewer));
});

goodsRoutes.get('/list', async (c) => {
  const input = parseListQuery(c.get('query') ?? {});
  const viewer = await viewerOf(c);
  const deps = c.get('deps');
  // Prices, favourites and buy blocks differ per company: the answer is kept in its bucket.
  const { bucket, key } = viewerAnswerKey(viewer);
  const answer = await cachedAnswer<GoodsListResult>(
    deps,
    bucket,
    JSON.stringify(['list', key, listInputKey(input)]),
    () => listGoods(deps, viewer, input),
  );
  return sendAnswer(c, answer);
});

const goodsId = (raw: string | undefined, field: string): number => positiveId(raw, field, '商品编号无效');

goodsRoutes.get('/detail/:id', async (c) => {
  const id = goodsId(c.req.param('id'), 'id');
  const viewer = await viewerOf(c);
  const detail = await loadGoodsDetail(c.get('deps').db, viewer, id);
  if (!detail) throw notFound(GOODS_GONE);
  return ok<GoodsDetail>(c, detail);
});

const changesQuery = z.object({
  since: intParam('since 应为不小于0的整数版本号', 0, 9_999_999_999),
  after: intParam('after 应为商品编号', 0, 2_147_483_647),
  limit: intParam(`limit 应为1到${CATALOGUE_CHANGES_PAGE_MAX}的整数`, 1, CATALOGUE_CHANGES_PAGE_MAX),
  pack: intParam('pack 应为0或1', 0, 1),
});

// The catalogue change feed (docs/api.md "Catalogue changes"): what the offline catalogue and the
// ERP link follow. Per viewer (prices, 控销), never stored.
goodsRoutes.get('/changes', async (c) => {
  const q = readQuery(c, changesQuery);
  const viewer = await viewerOf(c);
  const page = await catalogueChangesFor(
    c.get('deps').db,
    viewer,
    { since: q.since ?? 0, after: q.after },
    q.limit ?? CATALOGUE_CHANGES_PAGE,
    {
      pack: q.pack === 1,
    },
  );
  return ok<CatalogueChangesPage>(c, page);
});

// The catalogue pack for offline use (docs/api.md "Catalogue pack").
goodsRoutes.route('/pack', cataloguePackRoutes);

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
  return ok(c, await listBrands(c.get('deps'), viewer, q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT));
});
