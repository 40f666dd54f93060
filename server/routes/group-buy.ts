// GET /api/activity/group_buy (ours, issue 20: the /ptzq list; docs/api.md "Group buy").
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { runningGroupBuys } from '../services/promotions/group-list.ts';
import type { GroupBuyList } from '@domain/group-buy.ts';

/** Mounted at /activity/group_buy. */
export const groupBuyRoutes = new Hono<AppEnv>();

groupBuyRoutes.get('/', async (c) => {
  const viewer = await viewerOf(c);
  const { db, clock } = c.get('deps');
  return ok<GroupBuyList>(c, await runningGroupBuys(db, viewer, clock()));
});
