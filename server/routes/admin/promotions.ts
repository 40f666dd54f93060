// /api/admin/promotions: flash sales and group buys for 运营 (and 管理员): list, create, stop.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok, validationError } from '../../http/envelope.ts';
import { objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import {
  createConsolePromotion,
  listConsolePromotions,
  PROMOTION_NOT_FOUND,
  stopConsolePromotion,
} from '../../services/admin/promotions.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { CONSOLE_PROMOTION_KINDS } from '@domain/admin-promotions.ts';

const kindField = z.enum(CONSOLE_PROMOTION_KINDS, { error: '活动类型无效' });
const seconds = (msg: string) =>
  z.coerce
    .number({ error: msg })
    .int({ error: msg })
    .min(1_000_000_000, { error: msg })
    .max(99_999_999_999, { error: msg });
const count = (msg: string, min: number) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(1_000_000, { error: msg });

const createSchema = z.object({
  kind: kindField,
  name: z
    .string({ error: '请填写活动名称' })
    .trim()
    .min(1, { error: '请填写活动名称' })
    .max(60, { error: '活动名称最多60个字' }),
  description: z.string().trim().max(200, { error: '活动说明最多200个字' }).optional(),
  starts_at: seconds('请填写开始时间'),
  ends_at: seconds('请填写结束时间'),
  goods: z
    .array(
      z.object({
        goods_id: count('商品编号无效', 1),
        price: count('活动价须为正整数（分）', 1),
        quantity: count('成团数量须为正整数', 1).optional(),
        stock_limit: count('活动库存须为0或正整数', 0).optional(),
        per_company_limit: count('每家限购须为0或正整数', 0).optional(),
      }),
      { error: '请添加活动商品' },
    )
    .min(1, { error: '请添加活动商品' })
    .max(50, { error: '一个活动最多50种商品' }),
});

export const adminPromotionRoutes = new Hono<AppEnv>();

adminPromotionRoutes.get('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const q = readQuery(c, z.object({ kind: kindField.optional(), ...pageParams }));
  return ok(
    c,
    await listConsolePromotions(c.get('deps').db, q.kind ?? 'flash', q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT),
  );
});

adminPromotionRoutes.post('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const input = readInput(c, createSchema);
  if (input.ends_at <= input.starts_at) throw validationError({ ends_at: ['结束时间须晚于开始时间'] });
  if (input.kind === 'group' && input.goods.some((g) => g.quantity === undefined)) {
    throw validationError({ 'goods.0.quantity': ['拼团须填写成团数量'] });
  }
  if (new Set(input.goods.map((g) => g.goods_id)).size !== input.goods.length)
    throw validationError({ goods: ['同一商品只能添加一次'] });
  const { db, clock } = c.get('deps');
  const created = await createConsolePromotion(
    db,
    actorOf(c),
    {
      kind: input.kind,
      name: input.name,
      description: input.description ?? '',
      startsAt: new Date(input.starts_at * 1000),
      endsAt: new Date(input.ends_at * 1000),
      goods: input.goods.map((g) => ({
        goodsId: g.goods_id,
        price: g.price,
        quantity: g.quantity ?? 1,
        stockLimit: g.stock_limit ?? 0,
        perCompanyLimit: g.per_company_limit ?? 0,
      })),
    },
    clock(),
  );
  return ok(c, created, '活动已创建');
});

adminPromotionRoutes.post('/:id/stop', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const id = objectId(c.req.param('id'), PROMOTION_NOT_FOUND);
  const { db, clock } = c.get('deps');
  return ok(c, await stopConsolePromotion(db, actorOf(c), id, clock()), '活动已停止');
});
