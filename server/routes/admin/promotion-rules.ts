// /api/admin/promotion-rules: 每日特价, 全场94折, 满减/满折, 满额返现, 组合套餐, 满赠 and activity pages
// for 运营 (and 管理员): list by kind, create, edit, stop. The input rule is shared with the
// console form (src/domain/admin-promotion-rules.ts); what needs the database (goods exist, one
// special a day, one welfare zone at a time) is the service's. Audit rows: the service.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import {
  createRulePromotion,
  listRulePromotions,
  RULE_PROMOTION_NOT_FOUND,
  stopRulePromotion,
  updateRulePromotion,
} from '../../services/admin/promotion-rules.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { RULE_PROMOTION_KINDS, rulePromotionInput } from '@domain/admin-promotion-rules.ts';

export const adminPromotionRuleRoutes = new Hono<AppEnv>();

adminPromotionRuleRoutes.get('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const q = readQuery(
    c,
    z.object({ kind: z.enum(RULE_PROMOTION_KINDS, { error: '活动类型无效' }).optional(), ...pageParams }),
  );
  return ok(
    c,
    await listRulePromotions(c.get('deps').db, q.kind ?? 'everyday', q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT),
  );
});

adminPromotionRuleRoutes.post('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const input = readInput(c, rulePromotionInput);
  const { db, clock } = c.get('deps');
  return ok(c, await createRulePromotion(db, actorOf(c), input, clock()), '活动已创建');
});

adminPromotionRuleRoutes.post('/:id', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const id = objectId(c.req.param('id'), RULE_PROMOTION_NOT_FOUND);
  const input = readInput(c, rulePromotionInput);
  const { db, clock } = c.get('deps');
  return ok(c, await updateRulePromotion(db, actorOf(c), id, input, clock()), '活动已保存');
});

adminPromotionRuleRoutes.post('/:id/stop', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const id = objectId(c.req.param('id'), RULE_PROMOTION_NOT_FOUND);
  const { db, clock } = c.get('deps');
  return ok(c, await stopRulePromotion(db, actorOf(c), id, clock()), '活动已停止');
});
