// The console's order list and detail: every company's orders, filtered by status, company,
// creation day (Shanghai) and order number, newest first; the detail is the buyer's own view of
// the order plus the batches the warehouse may ship each line from.
import { and, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, goodsBatches, orderLines, orders } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { orderDetail } from '../orders/view.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminOrderDetail, AdminOrderRow, ShippableBatch } from '@domain/admin-orders.ts';
import type { OrderStatus } from '@domain/orders.ts';
import { pageOf, rowsBefore } from '../../db/paging.ts';
import { escapeLike } from '../../db/like.ts';

export const ORDER_NOT_FOUND = '订单不存在';
const DAY_MS = 86_400_000;

export interface OrderQuery {
  status?: OrderStatus;
  companyId?: number;
  /** Company name, free text. */
  company?: string;
  orderNo?: string;
  /** Shanghai day starts. */
  start?: Date;
  end?: Date;
  page: number;
  size: number;
}

export async function searchOrders(db: Db, q: OrderQuery): Promise<Paged<AdminOrderRow>> {
  const where: SQL[] = [eq(orders.kind, 'normal')];
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.companyId !== undefined) where.push(eq(orders.companyId, q.companyId));
  if (q.company) where.push(ilike(companies.name, `%${escapeLike(q.company)}%`));
  if (q.orderNo) where.push(ilike(orders.orderNo, `%${escapeLike(q.orderNo)}%`));
  if (q.start) where.push(gte(orders.createdAt, q.start));
  if (q.end) where.push(lt(orders.createdAt, new Date(q.end.getTime() + DAY_MS)));
  const cond = and(...where);
  const [{ total }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(cond);
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      companyId: orders.companyId,
      companyName: companies.name,
      status: orders.status,
      payAmount: orders.payAmount,
      balanceAmount: orders.balanceAmount,
      payMethod: orders.payMethod,
      createdAt: orders.createdAt,
      lineCount: sql<number>`(SELECT count(*)::int FROM order_lines ol WHERE ol.order_id = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(cond)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.size)
    .offset(rowsBefore(q));
  return pageOf(
    q,
    total,
    rows.map((r) => ({
      id: r.id,
      order_no: r.orderNo,
      company_id: r.companyId,
      company_name: r.companyName,
      status: r.status as OrderStatus,
      amount: r.payAmount + r.balanceAmount,
      pay_method: r.payMethod,
      line_count: Number(r.lineCount),
      created_at: r.createdAt.getTime(),
    })),
  );
}

export async function adminOrderDetail(db: Db, id: number, now: Date): Promise<AdminOrderDetail> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, o.companyId));
  const order = await orderDetail(db, o, now);
  const lines = await db
    .select({ id: orderLines.id, goodsId: orderLines.goodsId })
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id));
  const goodsIds = [...new Set(lines.map((l) => l.goodsId))];
  const batchRows =
    goodsIds.length === 0
      ? []
      : await db
          .select({ goodsId: goodsBatches.goodsId, batchNo: goodsBatches.batchNo, expiresOn: goodsBatches.expiresOn })
          .from(goodsBatches)
          .where(inArray(goodsBatches.goodsId, goodsIds))
          .orderBy(desc(goodsBatches.id));
  const byGoods = new Map<number, ShippableBatch[]>();
  for (const b of batchRows) {
    const list = byGoods.get(b.goodsId) ?? [];
    list.push({ batch_no: b.batchNo, expires_on: b.expiresOn });
    byGoods.set(b.goodsId, list);
  }
  return {
    order,
    company,
    batches: Object.fromEntries(lines.map((l) => [String(l.id), byGoods.get(l.goodsId) ?? []])),
  };
}
