// The home page's goods calls (SPEC §7 "Goods and activities"): today's flash sale at
// /api/index/spike and 为你推荐 at /api/index_wntj/{page}.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok, validationError } from '../http/envelope.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { flashSale } from '../services/activities.ts';
import { RECOMMEND_PAGES_MAX, recommendations } from '../services/goods/list/recommendations.ts';
import type { FlashSale, GoodsListItem } from '@domain/catalog.ts';

/** Mounted at /index. */
export const indexRoutes = new Hono<AppEnv>();

indexRoutes.get('/spike', async (c) => {
  const viewer = await viewerOf(c);
  const { db, clock } = c.get('deps');
  return ok<FlashSale | null>(c, await flashSale(db, viewer, clock()));
});

/** Mounted at /index_wntj. */
export const recommendRoutes = new Hono<AppEnv>();

recommendRoutes.get('/:page', async (c) => {
  const raw = c.req.param('page');
  const page = /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  if (!(page >= 1 && page <= RECOMMEND_PAGES_MAX)) throw validationError({ page: ['页码无效'] });
  const viewer = await viewerOf(c);
  return ok<GoodsListItem[]>(c, await recommendations(c.get('deps').db, viewer, page));
});
