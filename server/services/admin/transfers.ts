// 对公转账 confirmation: finance sees the money on the bank statement and records it against the
// order — amount and the bank's reference (流水号). The order moves awaiting_transfer → paid
// under its row lock; the transfer payment becomes 'succeeded' with the reference stored as its
// gateway_ref (`transfer:<reference>`, unique), so one bank transaction pays one order only.
// Confirming the same order with the same reference again answers the first result and changes
// nothing; anything else on an order that is no longer waiting is a 409.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, orders, payments } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound, validationError } from '../../http/envelope.ts';
import { addHistory } from '../orders/status.ts';
import { closeOtherPayments } from '../payments/pay.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { Paged, TransferConfirmation, TransferRow } from '@domain/admin.ts';

export const ORDER_NOT_FOUND = '订单不存在';
export const NOT_AWAITING_TRANSFER = '该订单不在待确认收款状态';
export const AMOUNT_MISMATCH = '到账金额与订单应付金额不符';
export const REFERENCE_USED = '该银行流水号已用于其他订单';

const refKey = (reference: string) => `transfer:${reference}`;

export async function listTransfers(db: Db, page: number, size: number): Promise<Paged<TransferRow>> {
  const waiting = eq(orders.status, 'awaiting_transfer');
  const [{ total }] = await db.select({ total: count() }).from(orders).where(waiting);
  const rows = await db
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      companyId: orders.companyId,
      companyName: companies.name,
      amount: orders.payAmount,
      createdAt: orders.createdAt,
      expiresAt: orders.expiresAt,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(waiting)
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    total,
    page,
    size,
    list: rows.map((r) => ({
      order_id: r.orderId,
      order_no: r.orderNo,
      company_id: r.companyId,
      company_name: r.companyName,
      amount: r.amount,
      created_at: r.createdAt.getTime(),
      expires_at: r.expiresAt?.getTime() ?? null,
    })),
  };
}

export async function confirmTransfer(
  db: Db,
  actor: Actor,
  orderId: number,
  input: { amount: number; bankReference: string },
  now: Date,
): Promise<TransferConfirmation> {
  try {
    return await withTx(db, async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
      if (!o) throw notFound(ORDER_NOT_FOUND);
      const [done] = await tx
        .select({ amount: payments.amount })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, o.id),
            eq(payments.method, 'transfer'),
            eq(payments.status, 'succeeded'),
            eq(payments.gatewayRef, refKey(input.bankReference)),
          ),
        )
        .limit(1);
      if (done)
        return {
          order_id: o.id,
          status: 'paid',
          amount: done.amount,
          bank_reference: input.bankReference,
          replayed: true,
        };
      if (o.status !== 'awaiting_transfer') throw new AppError(409, 409, NOT_AWAITING_TRANSFER);
      if (input.amount !== o.payAmount) throw validationError({ amount: [AMOUNT_MISMATCH] });

      const [open] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.method, 'transfer'), eq(payments.status, 'created')))
        .limit(1);
      const [p] = open
        ? await tx
            .update(payments)
            .set({
              status: 'succeeded',
              confirmedAt: now,
              gatewayRef: refKey(input.bankReference),
              amount: input.amount,
            })
            .where(eq(payments.id, open.id))
            .returning({ id: payments.id })
        : await tx
            .insert(payments)
            .values({
              orderId: o.id,
              companyId: o.companyId,
              method: 'transfer',
              amount: input.amount,
              status: 'succeeded',
              gatewayRef: refKey(input.bankReference),
              createdAt: now,
              confirmedAt: now,
            })
            .returning({ id: payments.id });
      await closeOtherPayments(tx, o.id, p.id);
      await tx
        .update(orders)
        .set({ status: 'paid', paidAmount: input.amount, paidAt: now, payMethod: 'transfer', updatedAt: now })
        .where(eq(orders.id, o.id));
      await addHistory(tx, [
        {
          orderId: o.id,
          from: 'awaiting_transfer',
          to: 'paid',
          note: `财务确认对公转账到账（流水号${input.bankReference}）`,
          actor: 'finance',
          at: now,
        },
      ]);
      await writeAudit(
        tx,
        actor,
        {
          action: 'order.confirm_transfer',
          targetType: 'order',
          targetId: o.id,
          before: { status: o.status, paid_amount: o.paidAmount },
          after: { status: 'paid', paid_amount: input.amount, bank_reference: input.bankReference },
        },
        now,
      );
      return {
        order_id: o.id,
        status: 'paid',
        amount: input.amount,
        bank_reference: input.bankReference,
        replayed: false,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ bank_reference: [REFERENCE_USED] });
    throw err;
  }
}
