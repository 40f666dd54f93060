// A gateway's "paid" callback, applied exactly once. The payment is found by its unique
// gateway_ref and locked; only a 'created' payment moves (to 'succeeded'), and only an unpaid
// order moves (to paid). A repeated callback finds the payment already 'succeeded' and answers
// the same result without touching money again. A callback for an order that was cancelled or
// paid another way meanwhile is refused, but the buyer's money was taken at the gateway: the
// payment is kept as 'refunded' and its whole amount is owed back through the gateway (refunds.ts,
// refund number LP<payment id>), sent by the caller after the commit; a repeated callback sends
// what is still owed again.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { orders, payments } from '../../db/schema.ts';
import type { OnlinePayMethod, OrderStatus, SandboxConfirmResult } from '@domain/orders.ts';
import { AppError, badRequest, notFound } from '../../http/envelope.ts';
import { closeOtherPayments, markPaid } from './pay.ts';
import { giveBack } from '../orders/refunds.ts';

export const PAYMENT_NOT_FOUND_MSG = '支付单不存在';

export type CallbackOutcome =
  | { ok: true; result: SandboxConfirmResult; replayed: boolean }
  /** refundOwed: the order whose gateway refund the caller sends (sendGatewayRefunds). */
  | { ok: false; error: AppError; refundOwed?: number };

const lateRefusal = (status: OrderStatus | undefined): AppError =>
  status === 'cancelled'
    ? badRequest('订单已取消，本次支付将原路退回')
    : new AppError(409, 409, '订单已支付，本次支付将原路退回');

/** `method` is the gateway that called: a reference of another gateway's payment is not found. */
export async function applyGatewayPaid(
  db: Db,
  method: OnlinePayMethod,
  gatewayRef: string,
  amount: number,
  now: Date,
): Promise<CallbackOutcome> {
  return withTx(db, async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.gatewayRef, gatewayRef)).limit(1).for('update');
    if (!p || p.method !== method) return { ok: false, error: notFound(PAYMENT_NOT_FOUND_MSG) };
    if (p.status === 'succeeded') {
      return { ok: true, replayed: true, result: { order_id: p.orderId, payment_id: p.id, status: 'paid' } };
    }
    if (p.status === 'refunded') {
      const [o] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, p.orderId));
      return { ok: false, error: lateRefusal(o?.status as OrderStatus | undefined), refundOwed: p.orderId };
    }
    if (amount !== p.amount) return { ok: false, error: badRequest('支付金额与订单不符') };
    const [o] = await tx.select().from(orders).where(eq(orders.id, p.orderId)).limit(1).for('update');
    // A payment we closed (the order was cancelled or paid another way) that the gateway took anyway.
    if (!o || p.status !== 'created' || !(await markPaid(tx, o, method, p.amount, now, '在线支付成功'))) {
      // The gateway took the money for an order that no longer wants it: all of it goes back.
      await tx.update(payments).set({ status: 'refunded', confirmedAt: now }).where(eq(payments.id, p.id));
      await giveBack(
        tx,
        { id: p.orderId, companyId: p.companyId },
        [{ route: 'online', amount: p.amount, destination: 'gateway' }],
        {
          refundNo: `LP${p.id}`,
          afterSaleId: null,
          remark: '',
          now,
        },
      );
      return { ok: false, error: lateRefusal(o?.status as OrderStatus | undefined), refundOwed: p.orderId };
    }
    await tx.update(payments).set({ status: 'succeeded', confirmedAt: now }).where(eq(payments.id, p.id));
    await closeOtherPayments(tx, o.id, p.id);
    return { ok: true, replayed: false, result: { order_id: o.id, payment_id: p.id, status: 'paid' } };
  });
}
