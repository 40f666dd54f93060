// /api/admin/exchange_promotions: 换购 promotions for 运营 (and 管理员): list, create, edit tiers,
// stop. Rules and shapes: src/domain/admin-exchange.ts; docs/decisions/promotion-exchange.md.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import {
  createExchangePromotion,
  EXCHANGE_NOT_FOUND,
  listExchangePromotions,
  setExchangeTiers,
  stopExchangePromotion,
} from '../../services/admin/exchange-promotions.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { exchangePromotionInput, exchangeTiersInput } from '@domain/admin-exchange.ts';

export const adminExchangeRoutes = new Hono<AppEnv>();

adminExchangeRoutes.get('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const q = readQuery(c, z.object(pageParams));
  return ok(c, await listExchangePromotions(c.get('deps').db, q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT));
});

adminExchangeRoutes.post('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const input = readInput(c, exchangePromotionInput);
  const { db, clock } = c.get('deps');
  return ok(c, await createExchangePromotion(db, actorOf(c), input, clock()), '换购活动已创建');
});

adminExchangeRoutes.post('/:id/tiers', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const id = objectId(c.req.param('id'), EXCHANGE_NOT_FOUND);
  const { tiers } = readInput(c, z.object({ tiers: exchangeTiersInput }));
  const { db, clock } = c.get('deps');
  return ok(c, await setExchangeTiers(db, actorOf(c), id, tiers, clock()), '换购档位已保存');
});

adminExchangeRoutes.post('/:id/stop', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const id = objectId(c.req.param('id'), EXCHANGE_NOT_FOUND);
  const { db, clock } = c.get('deps');
  return ok(c, await stopExchangePromotion(db, actorOf(c), id, clock()), '活动已停止');
});
