// /api/admin/after_sales: the requests (filter by status), one request, and the operator's steps:
// accept / receive / close / reject (客服), refund to the balance or the original way (财务).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { blank, objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { AFTER_SALE_NOT_FOUND, getAfterSale } from '../../services/after-sales/requests.ts';
import { stepAfterSale, type StepInput } from '../../services/after-sales/operator.ts';
import { searchAfterSales } from '../../services/admin/after-sales.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { reasonSchema } from './reason.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import type { AfterSaleStep } from '@domain/admin-orders.ts';
import type { Context } from 'hono';

const listQuery = z.object({
  status: z.preprocess(
    blank,
    z
      .enum(['submitted', 'approved', 'rejected', 'returning', 'refunded', 'closed'], { error: '售后状态无效' })
      .optional(),
  ),
  q: z.preprocess(blank, z.string({ error: '搜索词无效' }).trim().max(50, { error: '搜索词最多50个字' }).optional()),
  ...pageParams,
});
const refundSchema = z.object({ route: z.enum(['balance', 'original'], { error: '请选择退款方式' }) });

export const adminAfterSaleRoutes = new Hono<AppEnv>();

adminAfterSaleRoutes.get('/', allow(CONSOLE_ACCESS.afterSalesRead), async (c) => {
  const q = readQuery(c, listQuery);
  return ok(
    c,
    await searchAfterSales(c.get('deps').db, {
      status: q.status,
      q: q.q,
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});

adminAfterSaleRoutes.get('/:id', allow(CONSOLE_ACCESS.afterSalesRead), async (c) => {
  const id = objectId(c.req.param('id'), AFTER_SALE_NOT_FOUND);
  return ok(c, await getAfterSale(c.get('deps').db, null, id));
});

async function step(c: Context<AppEnv>, input: StepInput, done: string) {
  const id = objectId(c.req.param('id') ?? '', AFTER_SALE_NOT_FOUND);
  const { db, clock, config } = c.get('deps');
  await stepAfterSale(db, config, actorOf(c), id, input, clock());
  return ok(c, await getAfterSale(db, null, id), done);
}

const simple = (name: AfterSaleStep, done: string) =>
  adminAfterSaleRoutes.post(`/:id/${name}`, allow(CONSOLE_ACCESS.afterSalesIntake), (c) =>
    step(c, { step: name }, done),
  );
simple('accept', '已受理');
simple('receive', '已确认收到退货');
simple('close', '售后已完成');

adminAfterSaleRoutes.post('/:id/reject', allow(CONSOLE_ACCESS.afterSalesIntake), async (c) => {
  const { reason } = readInput(c, reasonSchema('驳回原因'));
  return step(c, { step: 'reject', reason }, '已驳回');
});

adminAfterSaleRoutes.post('/:id/refund', allow(CONSOLE_ACCESS.afterSalesRefund), async (c) => {
  const { route } = readInput(c, refundSchema);
  return step(c, { step: 'refund', route }, '已退款');
});
