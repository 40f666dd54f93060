// /api/favorite (SPEC §7 "Favourites"): a company's favourite goods (server/services/favorites.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { requireCompany, requireUser } from '../auth/session.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { addFavorites, listFavorites, removeFavorites } from '../services/favorites.ts';
import { forgetCompanyAnswers } from '../services/goods/answer-cache.ts';
import { PAGE_SIZE_DEFAULT, pageQuery, parseIdList, type IdListRule } from '../http/params.ts';
import type { GoodsListItem } from '@domain/catalog.ts';
import type { Page } from '@domain/envelope.ts';

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
const parseGoodsIds = (raw: z.output<typeof idsBody>['goods_ids']): number[] =>
  parseIdList(raw, 'goods_ids', GOODS_IDS);

export const favoriteRoutes = new Hono<AppEnv>();

favoriteRoutes.get('/', async (c) => {
  const user = requireUser(c);
  const q = readQuery(c, pageQuery);
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? PAGE_SIZE_DEFAULT;
  if (user.companyId === null) return ok<Page<GoodsListItem>>(c, { list: [], total: 0, page, page_size: pageSize });
  const viewer = await viewerOf(c);
  return ok<Page<GoodsListItem>>(c, await listFavorites(c.get('deps').db, user.companyId, viewer, page, pageSize));
});

favoriteRoutes.post('/', async (c) => {
  const user = requireCompany(c);
  const ids = parseGoodsIds(readInput(c, idsBody).goods_ids);
  const viewer = await viewerOf(c);
  const { db, clock } = c.get('deps');
  await addFavorites(db, user.companyId, viewer, ids, clock());
  // The company's stored list pages show 已收藏 per goods.
  forgetCompanyAnswers(c.get('deps'), user.companyId);
  return ok(c, { goods_ids: ids }, '收藏成功');
});

favoriteRoutes.post('/cancel', async (c) => {
  const user = requireCompany(c);
  const ids = parseGoodsIds(readInput(c, idsBody).goods_ids);
  const count = await removeFavorites(c.get('deps').db, user.companyId, ids);
  forgetCompanyAnswers(c.get('deps'), user.companyId);
  return ok(c, { goods_ids: ids, count }, '已取消');
});
