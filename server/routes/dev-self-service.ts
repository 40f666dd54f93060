// Dev-only operator steps for self-service (mounted under /api/dev by dev.ts, so only when
// config.devEndpoints): the operator console does not exist on this branch yet, and demos and
// tests need to answer a request or feedback and change stock or prices.
//   POST /api/dev/buy/{id}/reply       reply, goods_id (optional: listed → 已上架)
//   POST /api/dev/feedback/{id}/reply  reply
//   POST /api/dev/goods/{id}/change    stock, base_price (fen); fires goods alerts
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notFound, ok } from '../http/envelope.ts';
import { readInput } from '../http/validate.ts';
import { numberParam, objectId, idField } from '../http/params.ts';
import { PRODUCT_REQUEST_NOT_FOUND, replyProductRequest } from '../services/product-requests/requests.ts';
import { FEEDBACK_NOT_FOUND, replyFeedback } from '../services/feedback/feedback.ts';
import { changeGoods } from '../services/goods-alerts/check.ts';
import { requiredText } from '../../src/domain/validators.ts';

const replyBody = z.object({ reply: requiredText('请填写回复内容', 500) });

export const selfServiceDevRoutes = new Hono<AppEnv>();

selfServiceDevRoutes.post('/buy/:id/reply', async (c) => {
  const id = objectId(c.req.param('id'), PRODUCT_REQUEST_NOT_FOUND);
  const body = readInput(c, replyBody.extend({ goods_id: idField('商品无效').optional() }));
  const { db, clock } = c.get('deps');
  return ok(c, await replyProductRequest(db, id, { reply: body.reply, goodsId: body.goods_id ?? null }, clock()));
});

selfServiceDevRoutes.post('/feedback/:id/reply', async (c) => {
  const id = objectId(c.req.param('id'), FEEDBACK_NOT_FOUND);
  const { reply } = readInput(c, replyBody);
  const { db, clock } = c.get('deps');
  return ok(c, await replyFeedback(db, id, reply, clock()));
});

selfServiceDevRoutes.post('/goods/:id/change', async (c) => {
  const id = objectId(c.req.param('id'), '商品不存在');
  const body = readInput(
    c,
    z.object({ stock: numberParam('库存须为非负整数', 0, 10_000_000), base_price: numberParam('价格须为正整数（分）', 1, 100_000_000) }),
  );
  const { db, clock } = c.get('deps');
  const fired = await changeGoods(db, id, { stock: body.stock, basePrice: body.base_price }, clock());
  if (fired === null) throw notFound('商品不存在');
  return ok(c, { fired });
});
