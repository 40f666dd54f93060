// The online-paid part of an after-sale refund goes back the way it came, through the payment's
// gateway (PaymentGateway.refund); the rest is credited to the wallet by the refund step itself
// (requests.ts). The part is reserved in after_sale_refunds before the gateway is called, outside
// any transaction (a slow gateway must not hold the order's lock): the reservation caps what a
// payment can give back, and its refund_no makes a retry one refund at the gateway. A refusal
// leaves the after-sale where it was, with the reason on the row, for the next attempt.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { afterSaleRefunds, afterSales, orders, payments } from '../../db/schema.ts';
import { AppError } from '../../http/envelope.ts';
import { onlineGateway, type PayConfig } from '../payments/pay.ts';
import type { PayMethod } from '@domain/orders.ts';

const GATEWAY_METHODS: PayMethod[] = ['sandbox', 'alipay'];

/** Shown when the gateway refuses: the step can be tried again. */
export const refundFailed = (why: string) => new AppError(502, 502, `原路退款失败：${why}，请稍后重试`);

interface Reserved {
  id: number;
  amount: number;
  refundNo: string;
  status: 'pending' | 'succeeded' | 'failed';
  method: string;
  reference: string;
}

/** This after-sale's gateway part: the one already reserved, else a new one (null: nothing online). */
async function reserve(db: Db, afterSaleId: number): Promise<Reserved | null> {
  return withTx(db, async (tx) => {
    const [as] = await tx.select({ orderId: afterSales.orderId, amount: afterSales.amount }).from(afterSales).where(eq(afterSales.id, afterSaleId));
    // The order's lock serialises the after-sales of one order over the payment's remainder.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, as.orderId)).for('update');
    const columns = {
      id: afterSaleRefunds.id,
      amount: afterSaleRefunds.amount,
      refundNo: afterSaleRefunds.refundNo,
      status: afterSaleRefunds.status,
      method: payments.method,
      reference: sql<string>`${payments.gatewayRef}`,
    };
    const [existing] = await tx
      .select(columns)
      .from(afterSaleRefunds)
      .innerJoin(payments, eq(payments.id, afterSaleRefunds.paymentId))
      .where(eq(afterSaleRefunds.afterSaleId, afterSaleId));
    if (existing) return existing;

    const [paid] = await tx
      .select({ id: payments.id, amount: payments.amount, method: payments.method, reference: payments.gatewayRef })
      .from(payments)
      .where(and(eq(payments.orderId, as.orderId), eq(payments.status, 'succeeded'), inArray(payments.method, GATEWAY_METHODS)))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!paid?.reference) return null;
    const [{ given }] = await tx
      .select({ given: sql<number>`coalesce(sum(${afterSaleRefunds.amount}), 0)::int` })
      .from(afterSaleRefunds)
      .where(eq(afterSaleRefunds.paymentId, paid.id));
    const amount = Math.min(as.amount, paid.amount - given);
    if (amount <= 0) return null;
    const refundNo = `AS${afterSaleId}`;
    const [row] = await tx
      .insert(afterSaleRefunds)
      .values({ afterSaleId, paymentId: paid.id, amount, refundNo, status: 'pending' })
      .returning({ id: afterSaleRefunds.id });
    return { id: row.id, amount, refundNo, status: 'pending', method: paid.method, reference: paid.reference };
  });
}

/**
 * Sends this after-sale's online part back through its gateway, once; resolves when the gateway
 * has accepted it (or there is none), throws refundFailed with the gateway's reason otherwise.
 */
export async function refundOnlinePart(db: Db, config: PayConfig, afterSaleId: number, now: Date): Promise<void> {
  const part = await reserve(db, afterSaleId);
  if (!part || part.status === 'succeeded') return;
  const gateway = onlineGateway(config, part.method as PayMethod);
  let error: string | null = null;
  try {
    if (!gateway) throw new Error('该支付方式当前未开通');
    await gateway.refund({ reference: part.reference, amount: part.amount, refundNo: part.refundNo, reason: '售后退款' });
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  await db
    .update(afterSaleRefunds)
    .set({ status: error === null ? 'succeeded' : 'failed', error, updatedAt: now })
    .where(eq(afterSaleRefunds.id, part.id));
  if (error !== null) throw refundFailed(error);
}

/**
 * Fen this after-sale gave back through a gateway (0: it had no online part). Inside the refund
 * step's transaction: a part not yet accepted by the gateway stops the step, so the wallet is
 * never credited with money that is on its way back through the gateway.
 */
export async function refundedOnline(tx: Db, afterSaleId: number): Promise<number> {
  const [row] = await tx
    .select({ amount: afterSaleRefunds.amount, status: afterSaleRefunds.status, error: afterSaleRefunds.error })
    .from(afterSaleRefunds)
    .where(eq(afterSaleRefunds.afterSaleId, afterSaleId));
  if (!row) return 0;
  if (row.status !== 'succeeded') throw refundFailed(row.error ?? '退款处理中');
  return row.amount;
}
