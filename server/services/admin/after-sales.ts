// The console's after-sales list: every company's requests, filtered by status and by order
// number or company name, oldest waiting first when filtered to one status (the queue), newest
// first otherwise.
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { afterSales, companies, orders } from '../../db/schema.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminAfterSaleRow } from '@domain/admin-orders.ts';
import type { AfterSaleStatus } from '@domain/orders.ts';
import { pageOf, rowsBefore } from '../../db/paging.ts';
import { escapeLike } from '../../db/like.ts';

export interface AfterSaleQuery {
  status?: AfterSaleStatus;
  q?: string;
  page: number;
  size: number;
}

export async function searchAfterSales(db: Db, query: AfterSaleQuery): Promise<Paged<AdminAfterSaleRow>> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(afterSales.status, query.status));
  if (query.q) {
    const p = `%${escapeLike(query.q)}%`;
    const text = or(ilike(orders.orderNo, p), ilike(companies.name, p));
    if (text) where.push(text);
  }
  const cond = where.length > 0 ? and(...where) : undefined;
  const base = () =>
    db
      .select({
        id: afterSales.id,
        orderId: afterSales.orderId,
        orderNo: orders.orderNo,
        companyId: afterSales.companyId,
        companyName: companies.name,
        kind: afterSales.kind,
        reason: afterSales.reason,
        amount: afterSales.amount,
        status: afterSales.status,
        createdAt: afterSales.createdAt,
      })
      .from(afterSales)
      .innerJoin(orders, eq(orders.id, afterSales.orderId))
      .innerJoin(companies, eq(companies.id, afterSales.companyId));
  const [{ total }] = await db
    .select({ total: count() })
    .from(afterSales)
    .innerJoin(orders, eq(orders.id, afterSales.orderId))
    .innerJoin(companies, eq(companies.id, afterSales.companyId))
    .where(cond);
  const rows = await base()
    .where(cond)
    .orderBy(
      ...(query.status
        ? [asc(afterSales.createdAt), asc(afterSales.id)]
        : [desc(afterSales.createdAt), desc(afterSales.id)]),
    )
    .limit(query.size)
    .offset(rowsBefore(query));
  return pageOf(
    query,
    total,
    rows.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      order_no: r.orderNo,
      company_id: r.companyId,
      company_name: r.companyName,
      kind: r.kind,
      reason: r.reason,
      amount: r.amount,
      status: r.status as AfterSaleStatus,
      created_at: r.createdAt.getTime(),
    })),
  );
}
