// /api/admin/orders: search every company's orders, one order with the batches it may ship from,
// and the moves — ship and complete (仓库), cancel with refund (财务) — plus the warehouse's
// printouts (随货同行单, picking list) as PDFs.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { blank, idField, objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { dayParam } from '../../services/orders/list.ts';
import { adminOrderDetail, ORDER_NOT_FOUND, searchOrders } from '../../services/admin/orders.ts';
import { cancelWithRefund, completeOrder, shipOrder } from '../../services/admin/order-moves.ts';
import { deliveryNotePdf, pickingListPdf } from '../../services/admin/order-documents.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { reasonSchema } from './reason.ts';
import { carrierField, traceCodesField, trackingNoField } from '../shipment-fields.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { ORDER_STATUSES } from '@domain/admin-orders.ts';

const listQuery = z
  .object({
    status: z.preprocess(blank, z.enum(ORDER_STATUSES, { error: '订单状态无效' }).optional()),
    company_id: z.preprocess(blank, idField('企业无效').optional()),
    company: z.preprocess(
      blank,
      z.string({ error: '企业名称无效' }).trim().max(50, { error: '企业名称最多50个字' }).optional(),
    ),
    order_no: z.preprocess(
      blank,
      z.string({ error: '订单号无效' }).trim().max(40, { error: '订单号最多40个字符' }).optional(),
    ),
    start: dayParam('开始日期格式应为YYYY-MM-DD'),
    end: dayParam('结束日期格式应为YYYY-MM-DD'),
    ...pageParams,
  })
  .superRefine((q, ctx) => {
    if (q.start && q.end && q.start.getTime() > q.end.getTime())
      ctx.addIssue({ code: 'custom', path: ['end'], message: '结束日期不能早于开始日期' });
  });

const shipSchema = z.object({
  carrier: carrierField,
  tracking_no: trackingNoField,
  lines: z
    .array(
      z.object({
        order_line_id: idField('发货商品无效'),
        batch_no: z
          .string({ error: '请选择批号' })
          .trim()
          .min(1, { error: '请选择批号' })
          .max(40, { error: '批号无效' }),
        trace_codes: traceCodesField.optional(),
      }),
      { error: '请填写发货商品' },
    )
    .min(1, { error: '请填写发货商品' })
    .max(300, { error: '发货商品过多' }),
});

export const adminOrderRoutes = new Hono<AppEnv>();

adminOrderRoutes.get('/', allow(CONSOLE_ACCESS.ordersRead), async (c) => {
  const q = readQuery(c, listQuery);
  return ok(
    c,
    await searchOrders(c.get('deps').db, {
      status: q.status,
      companyId: q.company_id,
      company: q.company,
      orderNo: q.order_no,
      start: q.start,
      end: q.end,
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});

adminOrderRoutes.get('/:id', allow(CONSOLE_ACCESS.ordersRead), async (c) => {
  const id = objectId(c.req.param('id'), ORDER_NOT_FOUND);
  const { db, clock } = c.get('deps');
  return ok(c, await adminOrderDetail(db, id, clock()));
});

adminOrderRoutes.post('/:id/ship', allow(CONSOLE_ACCESS.ordersShip), async (c) => {
  const id = objectId(c.req.param('id'), ORDER_NOT_FOUND);
  const input = readInput(c, shipSchema);
  const { db, clock } = c.get('deps');
  await shipOrder(
    db,
    actorOf(c),
    id,
    { carrier: input.carrier, trackingNo: input.tracking_no, lines: input.lines },
    clock(),
  );
  return ok(c, await adminOrderDetail(db, id, clock()), '已发货');
});

adminOrderRoutes.post('/:id/complete', allow(CONSOLE_ACCESS.ordersShip), async (c) => {
  const id = objectId(c.req.param('id'), ORDER_NOT_FOUND);
  const { db, clock } = c.get('deps');
  await completeOrder(db, actorOf(c), id, clock());
  return ok(c, await adminOrderDetail(db, id, clock()), '订单已完成');
});

adminOrderRoutes.post('/:id/cancel', allow(CONSOLE_ACCESS.ordersRefund), async (c) => {
  const id = objectId(c.req.param('id'), ORDER_NOT_FOUND);
  const { reason } = readInput(c, reasonSchema('取消原因'));
  const { db, clock, config } = c.get('deps');
  await cancelWithRefund(db, config, actorOf(c), id, reason, clock());
  return ok(c, await adminOrderDetail(db, id, clock()), '订单已取消，款项已退回');
});

const pdf = (body: Buffer, name: string) =>
  new Response(new Uint8Array(body), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
      'cache-control': 'private, no-store',
    },
  });

adminOrderRoutes.get('/:id/delivery-note', allow(CONSOLE_ACCESS.ordersShip), async (c) => {
  const id = objectId(c.req.param('id'), ORDER_NOT_FOUND);
  const doc = await deliveryNotePdf(c.get('deps').db, id, c.get('deps').clock());
  return pdf(doc.pdf, `随货同行单-${doc.orderNo}.pdf`);
});

adminOrderRoutes.get('/:id/picking-list', allow(CONSOLE_ACCESS.ordersShip), async (c) => {
  const id = objectId(c.req.param('id'), ORDER_NOT_FOUND);
  const doc = await pickingListPdf(c.get('deps').db, id, c.get('deps').clock());
  return pdf(doc.pdf, `拣货单-${doc.orderNo}.pdf`);
});
