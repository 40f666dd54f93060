// Undoing an unpaid order (buyer cancel, payment window over): the order becomes cancelled and
// everything it held goes back — stock (and flash-sale units), the coupon and voucher (unused
// again unless they expired meanwhile), and the balance part taken at checkout (refunded with a
// ledger row). One transaction; the status move is conditional, so a pay racing a cancel leaves
// exactly one of them done.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyCoupons, orderLines, orders, payments } from '../../db/schema.ts';
import type { OrderStatus } from '@domain/orders.ts';
import { creditWallet } from '../payments/wallet.ts';
import { addHistory, UNPAID_STATUSES } from './status.ts';
import { restoreStock, returnFlashUnits, type FlashUnits } from './stock.ts';
import { checkGoodsAlerts } from '../goods-alerts/check.ts';

export interface ReleaseReason {
  note: string;
  actor: 'buyer' | 'system' | 'finance';
}

/**
 * Cancels order `orderId` if it is still unpaid (and, with `companyIds`, belongs to one of them).
 * Returns false when there was nothing to cancel. Call inside a transaction.
 */
export async function releaseOrder(
  tx: Db,
  orderId: number,
  now: Date,
  reason: ReleaseReason,
  companyIds?: readonly number[],
  /** The statuses it may cancel from: unpaid ones, or (finance's cancel with refund) 'paid'. */
  from: readonly OrderStatus[] = UNPAID_STATUSES,
): Promise<boolean> {
  const [before] = await tx
    .select({ id: orders.id, companyId: orders.companyId, status: orders.status, balanceAmount: orders.balanceAmount })
    .from(orders)
    .where(and(eq(orders.id, orderId), companyIds ? inArray(orders.companyId, [...companyIds]) : undefined))
    .for('update')
    .limit(1);
  if (!before || !(from as readonly string[]).includes(before.status)) return false;
  const moved = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;

  const lines = await tx
    .select({ goodsId: orderLines.goodsId, number: orderLines.number, type: orderLines.type, promotionId: orderLines.promotionId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const units = new Map<number, number>();
  const flash = new Map<string, FlashUnits>();
  for (const l of lines) {
    units.set(l.goodsId, (units.get(l.goodsId) ?? 0) + l.number);
    if ((l.type === 1 || l.type === 2) && l.promotionId !== null) {
      const key = `${l.promotionId}:${l.goodsId}`;
      const f = flash.get(key) ?? { promotionId: l.promotionId, goodsId: l.goodsId, n: 0 };
      f.n += l.number;
      flash.set(key, f);
    }
  }
  await restoreStock(tx, units);
  // Stock coming back can be a restock a buyer subscribed to (到货通知).
  await checkGoodsAlerts(tx, [...units.keys()], now);
  await returnFlashUnits(tx, [...flash.values()]);

  // A coupon that expired while the order held it comes back as expired, not as usable.
  await tx
    .update(companyCoupons)
    .set({
      status: sql`CASE WHEN ${companyCoupons.expiresAt} > ${now.toISOString()}::timestamptz THEN 0 ELSE 2 END`,
      usedOrderId: null,
      usedAt: null,
    })
    .where(and(eq(companyCoupons.usedOrderId, orderId), eq(companyCoupons.companyId, before.companyId), eq(companyCoupons.status, 1)));

  if (before.balanceAmount > 0) {
    await creditWallet(tx, 'balance', {
      companyId: before.companyId,
      amount: before.balanceAmount,
      useType: 'refund',
      orderId,
      remark: reason.actor === 'finance' ? '订单取消退款，退回余额抵扣' : '订单取消，退回余额抵扣',
      now,
    });
  }
  await tx
    .update(payments)
    .set({ status: sql`CASE WHEN ${payments.status} = 'succeeded' THEN 'refunded' ELSE 'cancelled' END` })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['created', 'succeeded'])));
  await addHistory(tx, [{ orderId, from: before.status as OrderStatus, to: 'cancelled', note: reason.note, actor: reason.actor, at: now }]);
  return true;
}
