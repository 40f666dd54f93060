// 组合购 (SPEC §7 "Goods and activities"; docs/api.md "Combinations"): GET /api/combinationMzhgGroup
// lists the active combinations, GET /api/combinationMzhg?id= is one of them. Visitors see them
// without prices, like every catalogue list.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notFound, ok } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { idField } from '../http/params.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { listCombinations } from '../services/combinations/list.ts';
import type { CombinationView } from '@domain/combinations.ts';

export const COMBINATION_NOT_FOUND = '组合活动不存在或已结束';

const oneQuery = z.object({ id: idField('组合编号无效') });

export const combinationRoutes = new Hono<AppEnv>();

combinationRoutes.get('/combinationMzhgGroup', async (c) => {
  const { db, clock } = c.get('deps');
  return ok<{ list: CombinationView[] }>(c, { list: await listCombinations(db, await viewerOf(c), clock()) });
});

combinationRoutes.get('/combinationMzhg', async (c) => {
  const q = readQuery(c, oneQuery);
  const { db, clock } = c.get('deps');
  const [one] = await listCombinations(db, await viewerOf(c), clock(), q.id);
  if (!one) throw notFound(COMBINATION_NOT_FOUND);
  return ok<CombinationView>(c, one);
});
