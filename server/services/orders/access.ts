// Finding an order the member may act on: its own company's, or a store's its head office manages
// (companyScope). Anyone else's order answers exactly like a missing one (404), so ids cannot be
// probed. With `lock`, the row is locked until the transaction ends: every order action that
// changes money or status reads its order this way, so two of them on one order run one by one.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';

export const ORDER_NOT_FOUND_MSG = '订单不存在';

export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: Db, scope: readonly number[], id: number, lock = false): Promise<OrderRow> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), inArray(orders.companyId, [...scope])))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(ORDER_NOT_FOUND_MSG);
  return row;
}
