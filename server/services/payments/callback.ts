// A gateway's "paid" callback, applied exactly once. The payment is found by its unique
// gateway_ref and locked; only a 'created' payment moves (to 'succeeded'), and only an unpaid
// order moves (to paid). A repeated callback finds the payment already 'succeeded' and answers
// the same result without touching money again. A callback for an order that was cancelled or
// paid another way meanwhile marks the payment 'failed' (a real gateway would refund it) and is
// refused — after that mark is committed.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { orders, payments } from '../../db/schema.ts';
import type { OnlinePayMethod, OrderStatus, SandboxConfirmResult } from '@domain/orders.ts';
import { AppError, badRequest, notFound } from '../../http/envelope.ts';
import { closeOtherPayments, markPaid } from './pay.ts';

export const PAYMENT_NOT_FOUND_MSG = '支付单不存在';

export type CallbackOutcome = { ok: true; result: SandboxConfirmResult; replayed: boolean } | { ok: false; error: AppError };

/** `method` is the gateway that called: a reference of another gateway's payment is not found. */
export async function applyGatewayPaid(db: Db, method: OnlinePayMethod, gatewayRef: string, amount: number, now: Date): Promise<CallbackOutcome> {
  return withTx(db, async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.gatewayRef, gatewayRef)).limit(1).for('update');
    if (!p || p.method !== method) return { ok: false, error: notFound(PAYMENT_NOT_FOUND_MSG) };
    if (p.status === 'succeeded') {
      return { ok: true, replayed: true, result: { order_id: p.orderId, payment_id: p.id, status: 'paid' } };
    }
    if (p.status !== 'created') return { ok: false, error: badRequest('支付单已关闭，请重新发起支付') };
    if (amount !== p.amount) return { ok: false, error: badRequest('支付金额与订单不符') };

    const [o] = await tx.select().from(orders).where(eq(orders.id, p.orderId)).limit(1).for('update');
    if (!o || !(await markPaid(tx, o, method, p.amount, now, '在线支付成功'))) {
      await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, p.id));
      const status = o?.status as OrderStatus | undefined;
      return {
        ok: false,
        error: status === 'cancelled' ? badRequest('订单已取消，本次支付未生效') : new AppError(409, 409, '订单已支付'),
      };
    }
    await tx.update(payments).set({ status: 'succeeded', confirmedAt: now }).where(eq(payments.id, p.id));
    await closeOtherPayments(tx, o.id, p.id);
    return { ok: true, replayed: false, result: { order_id: o.id, payment_id: p.id, status: 'paid' } };
  });
}
