// A sandbox-gateway payment as its pay page shows it: only the member's company's or a managed
// store's (anyone else's is "not found" like a missing one).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { PAYMENT_NOT_FOUND_MSG } from './callback.ts';
import { sandboxGateway } from './sandbox-gateway.ts';

export async function sandboxPayment(db: Db, scope: readonly number[], id: number) {
  const [row] = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      orderNo: orders.orderNo,
      amount: payments.amount,
      status: payments.status,
      gatewayRef: payments.gatewayRef,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(eq(payments.id, id), eq(payments.method, sandboxGateway.method), inArray(payments.companyId, [...scope])),
    )
    .limit(1);
  if (!row || !row.gatewayRef) throw notFound(PAYMENT_NOT_FOUND_MSG);
  return { ...row, gatewayRef: row.gatewayRef };
}
