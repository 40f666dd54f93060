// /api/favorite (SPEC §7 "Favourites"): a company's favourite goods. Favourites belong to the
// company, so every user of a pharmacy shares them; goods_ids are checked against what the viewer
// may see, so a favourite cannot be used to probe hidden goods.
import { Hono } from 'hono';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { favorites, goods } from '../db/schema.ts';
import { ok, validationError } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { requireCompany, requireUser } from '../auth/session.ts';
import { controlledVisibleTo, viewerOf, type Viewer } from '../services/price-visibility.ts';
import { loadGoodsItems } from '../services/goods-item.ts';
import { PAGE_SIZE_DEFAULT, pageQuery, parseIdList, type IdListRule } from '../http/params.ts';
import type { GoodsListItem } from '../../src/domain/catalog.ts';
import type { Page } from '../../src/domain/envelope.ts';

export const FAVORITE_IDS_MAX = 200;
const PICK_GOODS = '请选择商品';

const idsBody = z.object({
  goods_ids: z.union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], { error: PICK_GOODS }),
});

/** `goods_ids[]=1&goods_ids[]=2`, a JSON array, or `1,2`: 1–200 distinct positive ids. */
const GOODS_IDS: IdListRule = {
  empty: PICK_GOODS,
  tooMany: `一次最多选择${FAVORITE_IDS_MAX}个商品`,
  invalid: '商品编号无效',
  max: FAVORITE_IDS_MAX,
};
const parseGoodsIds = (raw: z.output<typeof idsBody>['goods_ids']): number[] => parseIdList(raw, 'goods_ids', GOODS_IDS);

/** Goods the viewer may see: on sale, 控销 only for the entitled. */
function visibleTo(viewer: Viewer): SQL {
  return and(eq(goods.isOnSale, true), controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false))!;
}

export const favoriteRoutes = new Hono<AppEnv>();

favoriteRoutes.get('/', async (c) => {
  const user = requireUser(c);
  const q = readQuery(c, pageQuery);
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? PAGE_SIZE_DEFAULT;
  if (user.companyId === null) return ok<Page<GoodsListItem>>(c, { list: [], total: 0, page, page_size: pageSize });
  const viewer = await viewerOf(c);
  const db = c.get('deps').db;
  // Goods taken off sale (or out of the viewer's reach) drop out of the list, not out of the table.
  const where = and(eq(favorites.companyId, user.companyId), visibleTo(viewer));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: favorites.goodsId })
      .from(favorites)
      .innerJoin(goods, eq(goods.id, favorites.goodsId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.goodsId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(favorites).innerJoin(goods, eq(goods.id, favorites.goodsId)).where(where),
  ]);
  const list = await loadGoodsItems(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  return ok<Page<GoodsListItem>>(c, { list, total: n, page, page_size: pageSize });
});

favoriteRoutes.post('/', async (c) => {
  const user = requireCompany(c);
  const ids = parseGoodsIds(readInput(c, idsBody).goods_ids);
  const viewer = await viewerOf(c);
  const { db, clock } = c.get('deps');
  const known = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.id, ids), visibleTo(viewer)));
  if (known.length !== ids.length) throw validationError({ goods_ids: ['商品不存在'] });
  // Adding a favourite again is not an error; it keeps its original place in the list.
  await db
    .insert(favorites)
    .values(ids.map((goodsId) => ({ companyId: user.companyId, goodsId, createdAt: clock() })))
    .onConflictDoNothing();
  return ok(c, { goods_ids: ids }, '收藏成功');
});

favoriteRoutes.post('/cancel', async (c) => {
  const user = requireCompany(c);
  const ids = parseGoodsIds(readInput(c, idsBody).goods_ids);
  const removed = await c
    .get('deps')
    .db.delete(favorites)
    .where(and(eq(favorites.companyId, user.companyId), inArray(favorites.goodsId, ids)))
    .returning({ id: favorites.goodsId });
  return ok(c, { goods_ids: ids, count: removed.length }, '已取消');
});
