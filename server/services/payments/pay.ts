// POST /api/order/{id}/pay {method}: one transaction holding the order row's lock, so two pays of
// one order run one after the other and the second sees the first's outcome.
// - balance: order → paid (conditional on still being unpaid: 0 rows = 409 订单已支付), balance
//   debited (conditional: never below zero, else 400 余额不足, all rolled back), ledger row,
//   payment row 'succeeded', history.
// - transfer: order → awaiting_transfer with a day to pay, payment 'created', our bank account.
//   Asking again answers the same payment.
// - sandbox / alipay: payment 'created' with the gateway's reference and cashier URL; asking again
//   reuses the open one. The order becomes paid when the gateway calls back (callback.ts). A
//   method whose gateway this shop does not run (the sandbox in production, Alipay without its
//   settings) is refused like an unknown one.
// An awaiting_transfer order may still switch to balance or an online gateway; the open transfer
// payment is then closed when the other method succeeds.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { orders, payments } from '../../db/schema.ts';
import type { OrderStatus, PayMethod, PayResult } from '@domain/orders.ts';
import { findOrder, type OrderRow } from '../orders/access.ts';
import { addHistory, isPaidLike, isUnpaid, TRANSFER_TTL_MS, UNPAID_STATUSES } from '../orders/status.ts';
import type { AppConfig } from '../../deps.ts';
import { AppError, badRequest, validationError } from '../../http/envelope.ts';
import type { PaymentGateway } from '../../payment-gateway.ts';
import { sandboxGateway } from './sandbox-gateway.ts';
import { transferInfo } from './transfer.ts';
import { debitBalance } from './wallet.ts';

export const ALREADY_PAID_MSG = '订单已支付';
export const RECEIPT_NEEDED_MSG = '请先登记含麻黄碱药品购药人信息';

export const CHOOSE_METHOD_MSG = '请选择支付方式';

const alreadyPaid = () => new AppError(409, 409, ALREADY_PAID_MSG);

export type PayConfig = Pick<AppConfig, 'demo' | 'alipay' | 'transferAccount'>;

/** The gateway behind an online method, if this shop runs it. */
export function onlineGateway(config: PayConfig, method: PayMethod): PaymentGateway | null {
  if (method === 'sandbox') return config.demo ? sandboxGateway : null;
  if (method === 'alipay') return config.alipay ?? null;
  return null;
}

/** Refuses, like an unknown method (422), a method this shop does not offer. */
export function assertMethodOffered(config: PayConfig, method: PayMethod): void {
  if (method !== 'balance' && method !== 'transfer' && !onlineGateway(config, method))
    throw validationError({ method: [CHOOSE_METHOD_MSG] });
}

/** Why the order cannot be paid now, as the refusal to throw; null when it can. */
export function payRefusal(o: OrderRow, now: Date): AppError | null {
  if (o.kind !== 'normal') return badRequest('积分订单无需支付');
  if (o.status === 'cancelled') return badRequest('订单已取消，请重新下单');
  if (isPaidLike(o.status)) return alreadyPaid();
  if (!isUnpaid(o.status)) return badRequest('订单当前状态不能支付');
  if (o.expiresAt && o.expiresAt.getTime() <= now.getTime()) return badRequest('订单已超时未支付，请重新下单');
  if (o.hasEphedrine && !o.ephedrineReceipt) return badRequest(RECEIPT_NEEDED_MSG);
  return null;
}

/** Moves an unpaid order to paid; false when it was not unpaid any more. */
export async function markPaid(
  tx: Db,
  o: OrderRow,
  method: PayMethod | null,
  amount: number,
  now: Date,
  note: string,
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ status: 'paid', paidAmount: amount, paidAt: now, payMethod: method ?? o.payMethod, updatedAt: now })
    .where(and(eq(orders.id, o.id), inArray(orders.status, [...UNPAID_STATUSES])))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await addHistory(tx, [{ orderId: o.id, from: o.status as OrderStatus, to: 'paid', note, actor: 'system', at: now }]);
  return true;
}

/** Open payments of another method are closed once one succeeds. */
export async function closeOtherPayments(tx: Db, orderId: number, keepId: number): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'created'), ne(payments.id, keepId)));
}

export async function payOrder(
  db: Db,
  scope: readonly number[],
  orderId: number,
  method: PayMethod,
  now: Date,
  config: PayConfig,
  opts: { mobile?: boolean } = {},
): Promise<PayResult> {
  assertMethodOffered(config, method);
  const gateway = onlineGateway(config, method);
  return withTx(db, async (tx) => {
    const o = await findOrder(tx, scope, orderId, true);
    const refusal = payRefusal(o, now);
    if (refusal) throw refusal;

    if (o.payAmount === 0) {
      // Nothing left to pay (balance and coupons covered it): settling needs no payment.
      if (!(await markPaid(tx, o, null, 0, now, '无需支付，订单已确认'))) throw alreadyPaid();
      return { status: 'paid', payment_id: 0 };
    }

    if (method === 'balance') {
      if (!(await markPaid(tx, o, 'balance', o.payAmount, now, '余额支付成功'))) throw alreadyPaid();
      const after = await debitBalance(tx, {
        companyId: o.companyId,
        amount: o.payAmount,
        useType: 'pay',
        orderId: o.id,
        remark: `订单${o.orderNo}余额支付`,
        now,
      });
      if (after === null) throw badRequest('余额不足');
      const [p] = await tx
        .insert(payments)
        .values({
          orderId: o.id,
          companyId: o.companyId,
          method: 'balance',
          amount: o.payAmount,
          status: 'succeeded',
          createdAt: now,
          confirmedAt: now,
        })
        .returning({ id: payments.id });
      await closeOtherPayments(tx, o.id, p.id);
      return { status: 'paid', payment_id: p.id };
    }

    if (method === 'transfer') {
      const info = await transferInfo(tx, config, o.orderNo);
      const [open] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.method, 'transfer'), eq(payments.status, 'created')))
        .limit(1);
      if (o.status === 'awaiting_transfer' && open)
        return { status: 'awaiting_transfer', payment_id: open.id, transfer_info: info };
      const moved = await tx
        .update(orders)
        .set({
          status: 'awaiting_transfer',
          payMethod: 'transfer',
          expiresAt: new Date(now.getTime() + TRANSFER_TTL_MS),
          updatedAt: now,
        })
        .where(and(eq(orders.id, o.id), inArray(orders.status, [...UNPAID_STATUSES])))
        .returning({ id: orders.id });
      if (moved.length === 0) throw alreadyPaid();
      const [p] = open
        ? [open]
        : await tx
            .insert(payments)
            .values({
              orderId: o.id,
              companyId: o.companyId,
              method: 'transfer',
              amount: o.payAmount,
              status: 'created',
              createdAt: now,
            })
            .returning({ id: payments.id });
      if (o.status !== 'awaiting_transfer') {
        await addHistory(tx, [
          {
            orderId: o.id,
            from: o.status as OrderStatus,
            to: 'awaiting_transfer',
            note: '选择对公转账，等待财务确认收款',
            actor: 'buyer',
            at: now,
          },
        ]);
      }
      return { status: 'awaiting_transfer', payment_id: p.id, transfer_info: info };
    }

    // An online gateway (checked above).
    if (!gateway) throw validationError({ method: [CHOOSE_METHOD_MSG] });
    const charge = (paymentId: number, reference: string) =>
      gateway.payUrl({
        paymentId,
        orderId: o.id,
        reference,
        amount: o.payAmount,
        orderNo: o.orderNo,
        mobile: opts.mobile,
      });
    const [open] = await tx
      .select({ id: payments.id, ref: payments.gatewayRef })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, o.id),
          eq(payments.method, gateway.method),
          eq(payments.status, 'created'),
          eq(payments.amount, o.payAmount),
        ),
      )
      .limit(1);
    if (open?.ref)
      return { status: o.status as OrderStatus, payment_id: open.id, gateway_url: charge(open.id, open.ref) };
    const ref = gateway.newReference();
    const [p] = await tx
      .insert(payments)
      .values({
        orderId: o.id,
        companyId: o.companyId,
        method: gateway.method,
        amount: o.payAmount,
        status: 'created',
        gatewayRef: ref,
        createdAt: now,
      })
      .returning({ id: payments.id });
    return { status: o.status as OrderStatus, payment_id: p.id, gateway_url: charge(p.id, ref) };
  });
}
