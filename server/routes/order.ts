// /api/order (the order centre, SPEC §2 /order, /order/info/:id, /jfdd, /hmdd; paths are ours,
// docs/api.md "Orders"): list with tabs and counts, detail, pay, 含麻黄碱 receipt, cancel, confirm
// receipt, buy again. An order is the member's company's or a managed store's (companyScope);
// anyone else's answers 404 and nothing changes. Unpaid orders past their payment window are
// cancelled before they are read (server/services/order-expiry.ts).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { parseOrThrow, readInput, readQuery } from '../http/validate.ts';
import { companyScope, requireCompany, type CompanyUser } from '../auth/session.ts';
import type { Page } from '@domain/envelope.ts';
import type { EphedrineReceiptRecord, OrderDetail, PayResult, RebuyResult } from '@domain/orders.ts';
import { idField, numericPageQuery } from '../http/params.ts';
import { requireBuyer } from '../services/cart/buyer.ts';
import { expireDueOrders, expireOrderIfDue } from '../services/order-expiry.ts';
import { findOrder } from '../services/orders/access.ts';
import {
  listOrders,
  orderListQuery,
  ORDER_PAGE_SIZE_DEFAULT,
  ORDER_PAGE_SIZE_MAX,
  type OrderListResult,
} from '../services/orders/list.ts';
import { orderDetail } from '../services/orders/view.ts';
import { traceCodeRows, traceCodesCsv, traceCodesXlsx } from '../services/orders/trace-codes.ts';
import { deliveryNotePdf } from '../services/admin/order-documents.ts';
import { cancelOrder, confirmReceipt, rebuyOrder } from '../services/orders/actions.ts';
import { listReceipts, parseReceipt, registerReceipt } from '../services/orders/ephedrine.ts';
import { assertMethodOffered, CHOOSE_METHOD_MSG, payOrder } from '../services/payments/pay.ts';

const orderId = idField('订单编号无效');

const payBody = z.object({
  method: z.enum(['balance', 'transfer', 'sandbox', 'alipay'], { error: CHOOSE_METHOD_MSG }),
});

/** Phones get the gateway's mobile cashier (Alipay's wap pay). */
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad/;

const pageQuery = numericPageQuery(ORDER_PAGE_SIZE_MAX);

interface Acting {
  user: CompanyUser;
  scope: number[];
  id: number;
  now: Date;
}

/** The member, the companies it acts for, the order id of the path, and the clock. */
async function acting(c: Context<AppEnv>): Promise<Acting> {
  const user = requireCompany(c);
  const id = parseOrThrow(orderId, c.req.param('id'));
  const { db, clock } = c.get('deps');
  const now = clock();
  return { user, scope: await companyScope(db, user.companyId), id, now };
}

export const orderRoutes = new Hono<AppEnv>();

orderRoutes.get('/', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, orderListQuery);
  const { db, clock } = c.get('deps');
  const now = clock();
  await expireDueOrders(db, now, user.companyId);
  return ok<OrderListResult>(c, await listOrders(db, user.companyId, q, now));
});

orderRoutes.get('/ephedrine_receipts', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, pageQuery);
  const { db } = c.get('deps');
  return ok<Page<EphedrineReceiptRecord>>(
    c,
    await listReceipts(db, user.companyId, q.page ?? 1, q.page_size ?? ORDER_PAGE_SIZE_DEFAULT),
  );
});

orderRoutes.get('/:id{[0-9]+}', async (c) => {
  const a = await acting(c);
  const { db } = c.get('deps');
  await findOrder(db, a.scope, a.id);
  await expireOrderIfDue(db, a.id, a.now);
  return ok<OrderDetail>(c, await orderDetail(db, await findOrder(db, a.scope, a.id), a.now));
});

const traceFileQuery = z.object({ format: z.enum(['csv', 'xlsx'], { error: '下载格式应为csv或xlsx' }).optional() });

/** 药品追溯码 of the order's shipped boxes as a file (issue 34 §2): CSV (default) or XLSX. */
orderRoutes.get('/:id{[0-9]+}/trace_codes', async (c) => {
  const a = await acting(c);
  const format = readQuery(c, traceFileQuery).format ?? 'csv';
  const { db } = c.get('deps');
  const order = await findOrder(db, a.scope, a.id);
  const rows = await traceCodeRows(db, order.id, order.orderNo);
  const bytes = format === 'xlsx' ? await traceCodesXlsx(rows) : traceCodesCsv(rows);
  const name = `追溯码-${order.orderNo}.${format}`;
  return c.body(Uint8Array.from(bytes), 200, {
    'Content-Type':
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="trace-codes-${order.orderNo}.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
});

/** 随货同行单 of a shipped order as the console prints it (kept on the device for an inspector, issue 35). */
orderRoutes.get('/:id{[0-9]+}/delivery-note', async (c) => {
  const a = await acting(c);
  const { db } = c.get('deps');
  const order = await findOrder(db, a.scope, a.id);
  const doc = await deliveryNotePdf(db, order.id, a.now);
  return c.body(new Uint8Array(doc.pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(`随货同行单-${doc.orderNo}.pdf`)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
});

orderRoutes.post('/:id{[0-9]+}/pay', async (c) => {
  const a = await acting(c);
  const { method } = readInput(c, payBody);
  const { db, config } = c.get('deps');
  assertMethodOffered(config, method);
  await findOrder(db, a.scope, a.id);
  await expireOrderIfDue(db, a.id, a.now);
  const mobile = MOBILE_AGENT.test(c.req.header('user-agent') ?? '');
  const result = await payOrder(db, a.scope, a.id, method, a.now, config, { mobile });
  const msg =
    result.status === 'paid'
      ? '支付成功'
      : result.status === 'awaiting_transfer'
        ? '请按页面信息完成对公转账'
        : '请在新页面完成支付';
  return ok<PayResult>(c, result, msg);
});

orderRoutes.post('/:id{[0-9]+}/ephedrine', async (c) => {
  const a = await acting(c);
  const input = parseReceipt(c.get('body') ?? {}, a.now);
  const { db } = c.get('deps');
  await findOrder(db, a.scope, a.id);
  await expireOrderIfDue(db, a.id, a.now);
  return ok(c, await registerReceipt(db, a.scope, a.id, input, a.now), '购药人信息已登记');
});

orderRoutes.post('/:id{[0-9]+}/cancel', async (c) => {
  const a = await acting(c);
  await cancelOrder(c.get('deps').db, a.scope, a.id, a.now);
  return ok(c, { status: 'cancelled' }, '订单已取消');
});

orderRoutes.post('/:id{[0-9]+}/confirm', async (c) => {
  const a = await acting(c);
  await confirmReceipt(c.get('deps').db, a.scope, a.id, a.now);
  return ok(c, { status: 'completed' }, '已确认收货');
});

orderRoutes.post('/:id{[0-9]+}/rebuy', async (c) => {
  const a = await acting(c);
  const buyer = await requireBuyer(c);
  const result = await rebuyOrder(c.get('deps').db, buyer, a.scope, a.id, a.now);
  const msg =
    result.skipped.length === 0
      ? '已加入购物车'
      : result.added > 0
        ? `已加入购物车，${result.skipped.length}种商品未能加入`
        : '商品均未能加入购物车';
  return ok<RebuyResult>(c, result, msg);
});
