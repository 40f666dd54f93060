// What a buyer does to an order after placing it: cancel (unpaid only; everything it held goes
// back, release.ts), confirm receipt (shipped → completed, with the points it earns), and buy
// again (every line's goods back into the cart through the cart's own add, reporting what could
// not go in and why).
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { GIFT_LINE_TYPE } from '@domain/gifts.ts';
import { EXCHANGE_LINE_TYPE } from '@domain/exchange.ts';
import { DRAW_PRIZE_LINE_TYPE } from '@domain/lucky-draw.ts';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { orderLines, orders } from '../../db/schema.ts';
import type { RebuyResult } from '@domain/orders.ts';
import { badRequest } from '../../http/envelope.ts';
import { addToCart, loadFactsFor, type AddRequest } from '../cart/add.ts';
import type { Buyer } from '../cart/buyer.ts';
import { GONE_MSG } from '../cart/rules.ts';
import { creditWallet } from '../payments/wallet.ts';
import { findOrder, type OrderRow } from './access.ts';
import { settleOrderCashback } from '../promotions/cashback.ts';
import { releaseOrder } from './release.ts';
import { addHistory, isPaidLike, isUnpaid } from './status.ts';

/** Points a completed order earns: one per whole yuan paid (balance included). */
export const pointsFor = (paidFen: number): number => Math.floor(Math.max(0, paidFen) / 100);

export async function cancelOrder(db: Db, scope: readonly number[], orderId: number, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const o = await findOrder(tx, scope, orderId, true);
    if (o.kind !== 'normal') throw badRequest('积分订单不能取消');
    if (o.status === 'cancelled') throw badRequest('订单已取消');
    if (isPaidLike(o.status)) throw badRequest('订单已支付，不能取消；如需退款请申请售后');
    if (!isUnpaid(o.status)) throw badRequest('订单当前状态不能取消');
    await releaseOrder(tx, o.id, now, { note: '买家取消订单', actor: 'buyer' }, scope);
  });
}

export async function confirmReceipt(db: Db, scope: readonly number[], orderId: number, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const o = await findOrder(tx, scope, orderId, true);
    if (o.status === 'completed') throw badRequest('订单已确认收货');
    if (o.status !== 'shipped') throw badRequest('订单尚未发货，不能确认收货');
    if (!(await completeShipped(tx, o, now, { note: '买家确认收货', actor: 'buyer' })))
      throw badRequest('订单已确认收货');
  });
}

/**
 * shipped → completed with the points the order earns (one per whole yuan paid); the buyer's
 * confirmation and the warehouse's completion in the console both end here. False when the order
 * was no longer shipped (nothing changed). Call inside a transaction.
 */
export async function completeShipped(
  tx: Db,
  o: OrderRow,
  now: Date,
  by: { note: string; actor: 'buyer' | 'warehouse' },
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(and(eq(orders.id, o.id), eq(orders.status, 'shipped')))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await addHistory(tx, [{ orderId: o.id, from: 'shipped', to: 'completed', note: by.note, actor: by.actor, at: now }]);
  const points = o.kind === 'normal' ? pointsFor(o.paidAmount + o.balanceAmount) : 0;
  if (points > 0) {
    await creditWallet(tx, 'points', {
      companyId: o.companyId,
      amount: points,
      useType: 'cashback',
      orderId: o.id,
      remark: '订单完成赠送积分',
      now,
    });
  }
  // 满额返现 (/hb) is credited when the order completes, whoever completes it.
  await settleOrderCashback(tx, o.id, now);
  return true;
}

/** The cart's refusal as a short reason for the rebuy report (the goods name is shown beside it). */
function rebuyReason(reason: string, name: string, stock: number | undefined, wanted: number): string {
  const text = reason.startsWith(`${name}：`) ? reason.slice(name.length + 1) : reason;
  if (text === GONE_MSG) return '已下架';
  if (text === '库存不足' || (stock !== undefined && stock < wanted && text.startsWith('最多可购买')))
    return '库存不足';
  if (text === '该商品暂不可购买') return '暂不可购买';
  if (text.startsWith('最多可购买')) return `超出限购（${text}）`;
  return text;
}

export async function rebuyOrder(
  db: Db,
  buyer: Buyer,
  scope: readonly number[],
  orderId: number,
  now: Date,
): Promise<RebuyResult> {
  const o = await findOrder(db, scope, orderId);
  if (o.kind !== 'normal') throw badRequest('积分订单不能再次购买');
  const lines = await db
    .select({ goodsId: orderLines.goodsId, name: orderLines.name, number: orderLines.number })
    .from(orderLines)
    // A 满赠 gift line was given, not bought: it comes again only if the tier is reached again.
    // 换购 and draw-prize lines came with a tier or a prize, not as goods the buyer put in the cart.
    .where(
      and(
        eq(orderLines.orderId, o.id),
        notInArray(orderLines.type, [GIFT_LINE_TYPE, EXCHANGE_LINE_TYPE, DRAW_PRIZE_LINE_TYPE]),
      ),
    )
    .orderBy(asc(orderLines.id));
  // A goods bought in several lines (normal, flash, combination) goes back as one normal line.
  const wanted = new Map<number, { name: string; number: number }>();
  for (const l of lines) {
    const w = wanted.get(l.goodsId);
    if (w) w.number += l.number;
    else wanted.set(l.goodsId, { name: l.name, number: l.number });
  }
  const requests: AddRequest[] = [...wanted].map(([goodsId, w]) => ({
    goodsId,
    number: w.number,
    type: 0,
    combinationId: 0,
    isYj: null,
  }));
  if (requests.length === 0) return { added: 0, skipped: [] };
  return withTx(db, async (tx) => {
    const facts = await loadFactsFor(tx, requests, buyer, now);
    const outcome = await addToCart(tx, buyer, requests, now, 'each', facts);
    const skipped = outcome.refusals.map((r) => {
      const w = wanted.get(r.goodsId)!;
      return {
        goods_id: r.goodsId,
        name: w.name,
        reason: rebuyReason(
          r.reason,
          facts.goods.get(r.goodsId)?.name ?? w.name,
          facts.goods.get(r.goodsId)?.stock,
          w.number,
        ),
      };
    });
    return { added: outcome.lineIds.filter((id) => id !== undefined).length, skipped };
  });
}
