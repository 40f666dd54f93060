// /api/admin/coupons: 领券中心 coupons for 运营 (and 管理员): list, create, stop.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import {
  COUPON_NOT_FOUND,
  createCouponTemplate,
  listCouponTemplates,
  stopCouponTemplate,
} from '../../services/admin/coupon-templates.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';

const fen = (msg: string, min: number, max: number) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });
const time = (msg: string) =>
  z.coerce
    .number({ error: msg })
    .int({ error: msg })
    .min(1, { error: msg })
    .max(4_102_444_800, { error: msg })
    .transform((s) => new Date(s * 1000));

const createSchema = z
  .object({
    name: z
      .string({ error: '请填写优惠券名称' })
      .trim()
      .min(1, { error: '请填写优惠券名称' })
      .max(40, { error: '优惠券名称最多40个字符' }),
    threshold: fen('使用门槛须为0-10000000分的整数', 0, 10_000_000),
    amount: fen('优惠金额须为1-1000000分的整数', 1, 1_000_000),
    total: fen('发放总量须为0-1000000的整数（0为不限）', 0, 1_000_000),
    per_company: fen('每店限领须为0-100的整数（0为不限）', 0, 100),
    valid_days: fen('有效天数须为1-365的整数', 1, 365),
    starts_at: time('请选择开始时间'),
    ends_at: time('请选择结束时间'),
  })
  .superRefine((v, ctx) => {
    if (v.ends_at.getTime() <= v.starts_at.getTime())
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: '结束时间须晚于开始时间' });
    if (v.threshold > 0 && v.amount >= v.threshold)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: '优惠金额须小于使用门槛' });
  });

export const adminCouponRoutes = new Hono<AppEnv>();

adminCouponRoutes.get('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const q = readQuery(c, z.object(pageParams));
  const { db, clock } = c.get('deps');
  return ok(c, await listCouponTemplates(db, q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT, clock()));
});

adminCouponRoutes.post('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const v = readInput(c, createSchema);
  const { db, clock } = c.get('deps');
  const row = await createCouponTemplate(
    db,
    actorOf(c),
    {
      name: v.name,
      threshold: v.threshold,
      amount: v.amount,
      total: v.total,
      perCompany: v.per_company,
      validDays: v.valid_days,
      startsAt: v.starts_at,
      endsAt: v.ends_at,
    },
    clock(),
  );
  return ok(c, row, '优惠券已创建');
});

adminCouponRoutes.post('/:id/stop', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const id = objectId(c.req.param('id'), COUPON_NOT_FOUND);
  const { db, clock } = c.get('deps');
  return ok(c, await stopCouponTemplate(db, actorOf(c), id, clock()), '已停止领取');
});
