// /api/admin/draws: the lucky draws for 运营 (CONSOLE_ACCESS.draws): the list, create and schedule
// with prizes, stop and resume, a prize's weight and stock. Audit rows: services/admin/draws.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { objectId } from '../../http/params.ts';
import { readInput } from '../../http/validate.ts';
import {
  createDraw,
  DRAW_NOT_FOUND,
  listDraws,
  PRIZE_NOT_FOUND,
  setDrawActive,
  updatePrize,
} from '../../services/admin/draws.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { adminDrawInput, adminPrizeInput } from '@domain/admin-draws.ts';

const prizeLimit = adminPrizeInput.pick({ weight: true, stock: true });

export const adminDrawRoutes = new Hono<AppEnv>();

adminDrawRoutes.get('/', allow(CONSOLE_ACCESS.draws), async (c) => ok(c, await listDraws(c.get('deps').db)));

adminDrawRoutes.post('/', allow(CONSOLE_ACCESS.draws), async (c) => {
  const input = readInput(c, adminDrawInput);
  const { db, clock } = c.get('deps');
  return ok(c, await createDraw(db, actorOf(c), input, clock()), '抽奖活动已创建');
});

adminDrawRoutes.post('/:id/stop', allow(CONSOLE_ACCESS.draws), async (c) => {
  const { db, clock } = c.get('deps');
  await setDrawActive(db, actorOf(c), objectId(c.req.param('id'), DRAW_NOT_FOUND), false, clock());
  return ok(c, null, '抽奖活动已停止');
});

adminDrawRoutes.post('/:id/resume', allow(CONSOLE_ACCESS.draws), async (c) => {
  const { db, clock } = c.get('deps');
  await setDrawActive(db, actorOf(c), objectId(c.req.param('id'), DRAW_NOT_FOUND), true, clock());
  return ok(c, null, '抽奖活动已恢复');
});

adminDrawRoutes.post('/:id/prizes/:prizeId', allow(CONSOLE_ACCESS.draws), async (c) => {
  const drawId = objectId(c.req.param('id'), DRAW_NOT_FOUND);
  const prizeId = objectId(c.req.param('prizeId'), PRIZE_NOT_FOUND);
  const input = readInput(c, z.object(prizeLimit.shape));
  const { db, clock } = c.get('deps');
  return ok(c, await updatePrize(db, actorOf(c), drawId, prizeId, input, clock()), '奖品已更新');
});
