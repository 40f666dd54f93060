// The online-paid part of an after-sale refund goes back the way it came, through the payment's
// gateway; the rest is credited to the wallet by the refund step itself (operator.ts). Both are
// order_refunds rows written by the one refund path (orders/refunds.ts). The gateway part is
// reserved before the gateway is called, outside any transaction (a slow gateway must not hold the
// order's lock): the reservation caps what the order can still give back by that route, and its
// refund_no (AS<after-sale id>) makes a retry one refund at the gateway. A refusal leaves the
// after-sale where it was, with the reason on the row, for the next attempt.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { afterSales, orderRefunds, orders } from '../../db/schema.ts';
import type { PayConfig } from '../payments/pay.ts';
import {
  gatewayRoom,
  giveBack,
  orderMoney,
  REFUND_EXCEEDS_PAID,
  refundFailed,
  sendGatewayRefunds,
} from '../orders/refunds.ts';
import { AppError } from '../../http/envelope.ts';
import { totalOf } from '@domain/order-money.ts';

/** Reserves this after-sale's gateway part unless it has one: at most what the order's online payments can still give back. */
async function reserve(db: Db, afterSaleId: number, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const [as] = await tx
      .select({ orderId: afterSales.orderId, amount: afterSales.amount })
      .from(afterSales)
      .where(eq(afterSales.id, afterSaleId));
    const [order] = await tx
      .select({ id: orders.id, companyId: orders.companyId })
      .from(orders)
      .where(eq(orders.id, as.orderId))
      .for('update');
    const [existing] = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.afterSaleId, afterSaleId), eq(orderRefunds.destination, 'gateway')));
    if (existing) return;
    const { refundable } = await orderMoney(tx, order.id);
    // Refused before anything goes to the gateway when the whole refund cannot be covered.
    if (as.amount > totalOf(refundable)) throw new AppError(409, 409, REFUND_EXCEEDS_PAID);
    const amount = Math.min(as.amount, refundable.online, await gatewayRoom(tx, order.id));
    if (amount <= 0) return;
    await giveBack(tx, order, [{ route: 'online', amount, destination: 'gateway' }], {
      refundNo: `AS${afterSaleId}`,
      afterSaleId,
      remark: '',
      now,
    });
  });
}

/**
 * Sends this after-sale's online part back through its gateway, once; resolves when the gateway
 * has accepted it (or there is none), throws refundFailed with the gateway's reason otherwise.
 */
export async function refundOnlinePart(db: Db, config: PayConfig, afterSaleId: number, now: Date): Promise<void> {
  await reserve(db, afterSaleId, now);
  await sendGatewayRefunds(db, config, { afterSaleId }, now);
}

/**
 * Fen this after-sale gave back through a gateway (0: it had no online part). Inside the refund
 * step's transaction: a part not yet accepted by the gateway stops the step, so the wallet is
 * never credited with money that is on its way back through the gateway.
 */
export async function refundedOnline(tx: Db, afterSaleId: number): Promise<number> {
  const rows = await tx
    .select({ amount: orderRefunds.amount, status: orderRefunds.status, error: orderRefunds.error })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.afterSaleId, afterSaleId), eq(orderRefunds.destination, 'gateway')));
  let sum = 0;
  for (const row of rows) {
    if (row.status !== 'succeeded') throw refundFailed(row.error ?? '退款处理中');
    sum += row.amount;
  }
  return sum;
}
