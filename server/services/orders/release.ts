// Undoing an order that has not left the warehouse (buyer cancel, payment window over, finance's
// cancel): the order becomes cancelled and everything it held goes back — stock (and flash-sale
// units; a points order's 积分商城 stock), the coupon and voucher (unused again unless they expired
// meanwhile), the points a 积分商城 order spent, and every fen not yet given back, by the route
// it was paid (refunds.ts: the balance and a 对公转账 to the wallet now, an online payment reserved
// for its gateway). Nothing of such an order stays with the buyer, so all of it comes back. One
// transaction; the status move is conditional, so a pay racing a cancel leaves exactly one of them
// done.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyCoupons, orderLines, orders, payments, pointsGoods } from '../../db/schema.ts';
import type { OrderStatus } from '@domain/orders.ts';
import { creditWallet } from '../payments/wallet.ts';
import { addHistory, UNPAID_STATUSES } from './status.ts';
import { restoreStock, returnFlashUnits, type FlashUnits } from './stock.ts';
import { noteCatalogueChange } from '../catalogue/changes.ts';
import { giveBack, orderMoney, type GivePart, type Given } from './refunds.ts';

export interface ReleaseReason {
  note: string;
  actor: 'buyer' | 'system' | 'finance';
}

/**
 * Cancels order `orderId` if it is in one of `from` (and, with `companyIds`, belongs to one of
 * them). Returns what went back, or null when there was nothing to cancel. Call inside a
 * transaction; a gateway part is reserved, and the caller sends it after the commit.
 */
export async function releaseOrder(
  tx: Db,
  orderId: number,
  now: Date,
  reason: ReleaseReason,
  companyIds?: readonly number[],
  /** The statuses it may cancel from: unpaid ones, or (finance's cancel with refund) 'paid'. */
  from: readonly OrderStatus[] = UNPAID_STATUSES,
): Promise<Given | null> {
  const [before] = await tx
    .select({
      id: orders.id,
      companyId: orders.companyId,
      status: orders.status,
      kind: orders.kind,
      pointsUsed: orders.pointsUsed,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), companyIds ? inArray(orders.companyId, [...companyIds]) : undefined))
    .for('update')
    .limit(1);
  if (!before || !(from as readonly string[]).includes(before.status)) return null;
  const moved = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning({ id: orders.id });
  if (moved.length === 0) return null;

  const lines = await tx
    .select({
      goodsId: orderLines.goodsId,
      name: orderLines.name,
      number: orderLines.number,
      type: orderLines.type,
      promotionId: orderLines.promotionId,
    })
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
  if (before.kind === 'points') {
    // A 积分商城 order took the points goods' own stock (its line names the points goods).
    for (const l of lines) {
      await tx
        .update(pointsGoods)
        .set({ stock: sql`${pointsGoods.stock} + ${l.number}` })
        .where(and(eq(pointsGoods.goodsId, l.goodsId), eq(pointsGoods.name, l.name)));
    }
    if (before.pointsUsed > 0) {
      await creditWallet(tx, 'points', {
        companyId: before.companyId,
        amount: before.pointsUsed,
        useType: 'refund',
        orderId,
        remark: '积分订单取消，退回积分',
        now,
      });
    }
  } else {
    await restoreStock(tx, units);
    // Stock coming back can be a restock a buyer subscribed to (到货通知): the log fires it.
    await noteCatalogueChange(tx, [...units.keys()], 'released', now);
    await returnFlashUnits(tx, [...flash.values()]);
  }

  // A coupon that expired while the order held it comes back as expired, not as usable.
  await tx
    .update(companyCoupons)
    .set({
      status: sql`CASE WHEN ${companyCoupons.expiresAt} > ${now.toISOString()}::timestamptz THEN 0 ELSE 2 END`,
      usedOrderId: null,
      usedAt: null,
    })
    .where(
      and(
        eq(companyCoupons.usedOrderId, orderId),
        eq(companyCoupons.companyId, before.companyId),
        eq(companyCoupons.status, 1),
      ),
    );

  // Every fen not yet given back (an after-sale may have refunded part of it) goes back by its route.
  const { refundable } = await orderMoney(tx, orderId);
  const parts: GivePart[] = [
    { route: 'balance' as const, amount: refundable.balance, destination: 'balance' as const },
    { route: 'transfer' as const, amount: refundable.transfer, destination: 'balance' as const },
    { route: 'online' as const, amount: refundable.online, destination: 'gateway' as const },
  ].filter((p) => p.amount > 0);
  const given = await giveBack(tx, { id: orderId, companyId: before.companyId }, parts, {
    refundNo: `OC${orderId}`,
    afterSaleId: null,
    remark: reason.actor === 'finance' ? '订单取消退款' : '订单取消，退回余额抵扣',
    now,
  });
  await tx
    .update(payments)
    .set({ status: sql`CASE WHEN ${payments.status} = 'succeeded' THEN 'refunded' ELSE 'cancelled' END` })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['created', 'succeeded'])));
  await addHistory(tx, [
    { orderId, from: before.status as OrderStatus, to: 'cancelled', note: reason.note, actor: reason.actor, at: now },
  ]);
  return given;
}
