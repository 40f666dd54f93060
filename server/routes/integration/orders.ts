// The ERP's orders (issue 34 §1, docs/integration-api.md "订单"): the cursor feed of new and changed
// orders and its acknowledgement (orders:read), and the ERP's moves — 接单, 拣货, 发货 with batches,
// 效期 and 药品追溯码, 取消 with a reason (orders:write) — through the console's own services
// (server/services/erp-orders). Every POST is idempotent by its Idempotency-Key (define.ts) and
// by its effect (a move that already happened answers changed: false).
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { clientIp } from '../../http/client-ip.ts';
import { AppError } from '../../http/envelope.ts';
import { idField } from '../../http/params.ts';
import { REASON_MAX } from '@domain/admin-orders.ts';
import { carrierField, traceCodesField, trackingNoField } from '../shipment-fields.ts';
import { acknowledgeOrders, FEED_LIMIT_DEFAULT, FEED_LIMIT_MAX, orderFeed } from '../../services/erp-orders/feed.ts';
import { erpOrderMove, type ErpMove } from '../../services/erp-orders/moves.ts';
import { integrationActor } from '../../services/integration/actor.ts';
import { defineRoute } from './define.ts';

const TAG = '订单';

const feedQuery = z.object({
  cursor: z.coerce
    .number({ error: '游标无效' })
    .int({ error: '游标无效' })
    .min(0, { error: '游标无效' })
    .default(0)
    .describe('上一页返回的 next_cursor；首次为0'),
  limit: z.coerce
    .number({ error: '每页数量无效' })
    .int({ error: '每页数量无效' })
    .min(1, { error: '每页数量无效' })
    .max(FEED_LIMIT_MAX, { error: `每页最多${FEED_LIMIT_MAX}个订单` })
    .default(FEED_LIMIT_DEFAULT),
});

const feedLine = z.object({
  id: z.number().int().describe('订单行ID：发货时按它填写每行的批号与追溯码'),
  goods_id: z.number().int(),
  external_code: z.string().describe('ERP商品编码（goods.external_code）'),
  name: z.string(),
  ypgg: z.string().describe('规格'),
  sccj: z.string().describe('生产厂家'),
  bzdw: z.string().describe('包装单位'),
  number: z.number().int(),
  price: z.number().int().describe('单价，分'),
  amount: z.number().int().describe('小计，分'),
  batch_no: z.string(),
  expires_on: z.string().nullable(),
  type: z.number().int().describe('0 普通；其他为赠品/换购/奖品行'),
  trace_codes: z.array(z.string()),
});

const feedOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  change_seq: z.number().int().describe('变更序号：订单每次变更都会得到更大的序号，按序号递增返回'),
  acknowledged: z.boolean(),
  status: z
    .string()
    .describe('pending_payment, awaiting_transfer, paid（待发货）, shipped, completed, cancelled, after_sale'),
  kind: z.string(),
  company: z.object({ id: z.number().int(), name: z.string(), credit_code: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
  amounts: z.object({
    goods_amount: z.number().int(),
    manjian_amount: z.number().int(),
    coupon_amount: z.number().int(),
    voucher_amount: z.number().int(),
    shipping_amount: z.number().int(),
    balance_amount: z.number().int(),
    pay_amount: z.number().int(),
    paid_amount: z.number().int(),
  }),
  pay_method: z.string().nullable(),
  address: z.unknown().describe('收货地址：consignee, phone, province, city, district, detail'),
  invoice: z.unknown().describe('下单时的开票要求（kind, title, tax_no, email），无则为 null'),
  invoice_requests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      title: z.string(),
      tax_no: z.string(),
      amount: z.number().int(),
      status: z.string(),
    }),
  ),
  remark: z.string(),
  lines: z.array(feedLine),
});

const feedPage = z.object({
  orders: z.array(feedOrder),
  next_cursor: z.number().int(),
  has_more: z.boolean(),
});

const ackBody = z.object({
  orders: z
    .array(
      z.object({
        id: idField('订单ID无效'),
        change_seq: z
          .number({ error: '变更序号无效' })
          .int({ error: '变更序号无效' })
          .min(1, { error: '变更序号无效' }),
      }),
      { error: '请填写订单' },
    )
    .min(1, { error: '请填写订单' })
    .max(FEED_LIMIT_MAX, { error: `一次最多确认${FEED_LIMIT_MAX}个订单` }),
});

const ackResult = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), error: z.string().optional() })),
});

const orderParams = z.object({ id: idField('订单ID无效') });

const moveResult = z.object({
  order_id: z.number().int(),
  status: z.string(),
  changed: z.boolean().describe('false：该动作此前已完成，本次未改变任何内容'),
});

const shipBody = z.object({
  carrier: carrierField,
  tracking_no: trackingNoField,
  lines: z
    .array(
      z.object({
        order_line_id: idField('发货商品无效'),
        batch_no: z
          .string({ error: '请填写批号' })
          .trim()
          .min(1, { error: '请填写批号' })
          .max(40, { error: '批号无效' }),
        expires_on: z
          .string({ error: '效期格式应为YYYY-MM-DD' })
          .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '效期格式应为YYYY-MM-DD' })
          .nullable()
          .optional()
          .describe('效期；不填时按商城已知批号的效期'),
        trace_codes: traceCodesField.optional().describe('每盒的药品追溯码（20位数字），每个包装单位最多一个'),
      }),
      { error: '请填写发货商品' },
    )
    .min(1, { error: '请填写发货商品' })
    .max(300, { error: '发货商品过多' }),
});

const cancelBody = z.object({
  reason: z
    .string({ error: '请填写取消原因' })
    .trim()
    .min(2, { error: '请填写取消原因' })
    .max(REASON_MAX, { error: `原因最多${REASON_MAX}个字` }),
});

async function move(c: Context<AppEnv>, id: number, input: ErpMove) {
  const { db, clock, config } = c.get('deps');
  const now = clock();
  const actor = await integrationActor(db, c.get('integration')!.caller!.clientId, clientIp(c), now);
  try {
    return await erpOrderMove(db, config, actor, id, input, now);
  } catch (err) {
    // The order's state refuses the move (shipped, cancelled…): its own reason, not "in progress".
    if (err instanceof AppError && err.status === 409)
      throw new AppError(409, 409, err.message, { reason: 'order_state' });
    throw err;
  }
}

export const orderRoutes = [
  defineRoute({
    method: 'GET',
    path: '/orders',
    scope: 'orders:read',
    operationId: 'orderFeed',
    tag: TAG,
    summary: '新增与变更的订单（按变更序号的游标分页）',
    description:
      '返回变更序号大于 cursor 的订单，按序号递增；把 next_cursor 作为下一次的 cursor，直到 has_more 为 false。' +
      '序号在订单事务提交时分配，提交顺序即序号顺序：游标之前不会再出现新的序号，不会漏单也不会重复；订单再次变更时以新的序号再次出现。',
    query: feedQuery,
    response: feedPage,
    handler: async (c, { query }) => orderFeed(c.get('deps').db, query.cursor, query.limit),
  }),
  defineRoute({
    method: 'POST',
    path: '/orders/ack',
    scope: 'orders:read',
    operationId: 'acknowledgeOrders',
    tag: TAG,
    summary: '确认已接收订单（按订单ID与变更序号，逐项返回结果）',
    body: ackBody,
    response: ackResult,
    handler: async (c, { body }) => ({ results: await acknowledgeOrders(c.get('deps').db, body.orders) }),
  }),
  defineRoute({
    method: 'POST',
    path: '/orders/:id/accept',
    scope: 'orders:write',
    operationId: 'acceptOrder',
    tag: TAG,
    summary: 'ERP已接单（订单进度中记一条，订单仍为待发货）',
    params: orderParams,
    response: moveResult,
    handler: async (c, { params }) => move(c, params.id, { move: 'accepted' }),
  }),
  defineRoute({
    method: 'POST',
    path: '/orders/:id/pick',
    scope: 'orders:write',
    operationId: 'pickOrder',
    tag: TAG,
    summary: '已拣货（订单进度中记一条，订单仍为待发货）',
    params: orderParams,
    response: moveResult,
    handler: async (c, { params }) => move(c, params.id, { move: 'picked' }),
  }),
  defineRoute({
    method: 'POST',
    path: '/orders/:id/ship',
    scope: 'orders:write',
    operationId: 'shipOrder',
    tag: TAG,
    summary: '发货：承运商、运单号、每行的批号、效期与每盒的药品追溯码',
    description:
      '与运营后台的发货相同：订单变为待收货，买家收到发货消息；追溯码格式错误、超过数量、重复或已在其他订单发货时逐个报错，整单不发货。',
    params: orderParams,
    body: shipBody,
    response: moveResult,
    handler: async (c, { params, body }) =>
      move(c, params.id, { move: 'shipped', carrier: body.carrier, trackingNo: body.tracking_no, lines: body.lines }),
  }),
  defineRoute({
    method: 'POST',
    path: '/orders/:id/cancel',
    scope: 'orders:write',
    operationId: 'cancelOrder',
    tag: TAG,
    summary: '取消订单（须填写原因；与运营后台的取消并退款相同）',
    params: orderParams,
    body: cancelBody,
    response: moveResult,
    handler: async (c, { params, body }) => move(c, params.id, { move: 'cancelled', reason: body.reason }),
  }),
];
