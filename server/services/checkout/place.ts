// POST /api/cart/checkout with new=1: the order, in ONE transaction (the caller's) under the company's cart lock
// (the advisory lock every cart write takes, so the lines cannot change underneath):
//   company may order (403, 459) → re-price every line from the database (quote.ts) → the amount
//   the buyer saw must still be the amount (409 with the price changes) → stock reserved by one
//   conditional UPDATE (a goods it did not update ran out: 400, everything rolls back) → flash-sale
//   units → order, lines (a snapshot), coupon and voucher consumed (each must hit its row once),
//   balance debited with its ledger row (never below zero) → history → the lines leave the cart.
// Whatever fails, the transaction rolls back and nothing of it stays.
import { randomInt } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartLines, companyCoupons, orderLines, orders, payments } from '../../db/schema.ts';
import type { CheckoutResult, OrderStatus } from '@domain/orders.ts';
import { AppError, badRequest, notFound } from '../../http/envelope.ts';
import { lockCart } from '../cart/add.ts';
import { anyId } from '../cart/packed.ts';
import { addHistory, type HistoryEntry } from '../orders/status.ts';
import { lockGoods, reserveStock, takeFlashUnits } from '../orders/stock.ts';
import { noteCatalogueChange } from '../catalogue/changes.ts';
import { debitBalance } from '../payments/wallet.ts';
import { assertMayOrder, loadOrderingCompany } from './company.ts';
import type { CheckoutInput } from './input.ts';
import { findAddress } from '../addresses/book.ts';
import { quoteCheckout, type OrderUnit } from './quote.ts';
import { GIFT_LINE_TYPE } from '@domain/gifts.ts';
import { capMessage, overCompanyCap } from '../promotions/line-terms.ts';
import { consumeExchanges } from '../exchange/checkout.ts';
import { consumePrizes } from '../draws/prize-lines.ts';

export const PRICE_CHANGED_MSG = '商品价格已变动，请确认后重新提交';
export const BALANCE_SHORT_MSG = '余额不足';
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const ORDER_NO_TRIES = 5;

/** KY + yyyymmdd (Shanghai) + 8 random digits: not guessable from the previous one. */
export function newOrderNo(now: Date): string {
  const day = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return `KY${day}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface PlaceContext {
  companyId: number;
  userId: number;
  now: Date;
  /** Payment window of a new order. */
  ttlMs: number;
}

/**
 * Runs inside the caller's transaction (the route's commitWithAnswer, which also stores the answer
 * a retry replays), so the order and that answer commit together.
 */
export async function placeOrder(tx: Db, ctx: PlaceContext, input: CheckoutInput): Promise<CheckoutResult> {
  const { now, companyId } = ctx;
  await lockCart(tx, companyId);
  const company = await loadOrderingCompany(tx, companyId, now);
  assertMayOrder(company);
  const address = await findAddress(tx, companyId, input.addressId!);
  if (!address) throw notFound('收货地址不存在');
  const quote = await quoteCheckout(
    tx,
    company,
    { lineIds: input.lineIds, couponId: input.couponId, voucherId: input.voucherId, useBalance: input.useBalance },
    now,
    true,
  );
  const a = quote.amounts;
  if (a.pay_amount !== input.expectedPayAmount) {
    throw new AppError(409, 409, PRICE_CHANGED_MSG, { price_changes: quote.priceChanges, amounts: a });
  }

  // Stock: one statement for every goods bought. 满赠 gifts come after, each on its own: a gift
  // another order took since the quote is left out (the order goes without it, as when the quote
  // saw it short), never a reason to refuse the order. All rows are locked first, in id order.
  const gifts = quote.units.filter((u) => u.type === GIFT_LINE_TYPE);
  await lockGoods(tx, [...quote.demand.keys()]);
  const units = new Map<number, number>();
  for (const d of quote.demand.values()) units.set(d.goodsId, d.units);
  for (const g of gifts) units.set(g.goodsId, (units.get(g.goodsId) ?? 0) - g.number);
  for (const [id, n] of units) if (n <= 0) units.delete(id);
  const reserved = await reserveStock(tx, units);
  if (reserved.length !== units.size) {
    const got = new Set(reserved.map((r) => r.id));
    const short = [...quote.demand.values()].find((d) => units.has(d.goodsId) && !got.has(d.goodsId))!;
    throw badRequest(`${short.name}：库存不足`, { goods_id: short.goodsId });
  }
  const goneGifts = new Set<OrderUnit>();
  for (const g of gifts) {
    const [row] = await reserveStock(tx, new Map([[g.goodsId, g.number]]));
    if (row) reserved.push(row);
    else goneGifts.add(g);
  }
  await noteCatalogueChange(
    tx,
    reserved.map((r) => r.id),
    'ordered',
    now,
  );
  if (quote.flash.length > 0) {
    const counted = new Set(await takeFlashUnits(tx, quote.flash));
    const over = quote.flash.find((f) => !counted.has(f.goodsId));
    if (over)
      throw badRequest(`${quote.demand.get(over.goodsId)?.name ?? '秒杀商品'}：秒杀库存不足`, {
        goods_id: over.goodsId,
      });
    const capped = await overCompanyCap(tx, companyId, quote.flash);
    if (capped) {
      const d = quote.demand.get(capped.goodsId);
      const unit = d?.bzdw || '件';
      throw badRequest(`${d?.name ?? '活动商品'}：${capMessage(capped.limit, capped.bought, unit)}`, {
        goods_id: capped.goodsId,
      });
    }
  }

  // Fully covered at checkout → paid now; a 含麻黄碱 order waits for its receipt first.
  const settled = a.pay_amount === 0 && !quote.hasEphedrine;
  const status: OrderStatus = settled ? 'paid' : 'pending_payment';
  const values = {
    companyId,
    userId: ctx.userId,
    status,
    kind: 'normal' as const,
    goodsAmount: a.goods_amount,
    manjianAmount: a.manjian_amount,
    couponAmount: a.coupon_amount,
    voucherAmount: a.voucher_amount,
    shippingAmount: a.shipping_amount,
    balanceAmount: a.balance_amount,
    payAmount: a.pay_amount,
    couponId: quote.coupon?.id ?? null,
    voucherId: quote.voucher?.id ?? null,
    address: {
      consignee: address.consignee,
      phone: address.phone,
      province: address.province,
      city: address.city,
      district: address.district,
      detail: address.detail,
    },
    invoice: input.invoice.kind === 'none' ? {} : input.invoice,
    remark: input.remark,
    payMethod: a.balance_amount > 0 && settled ? 'balance' : null,
    hasEphedrine: quote.hasEphedrine,
    expiresAt: settled ? null : new Date(now.getTime() + ctx.ttlMs),
    paidAt: settled ? now : null,
    createdAt: now,
    updatedAt: now,
  };
  let order: { id: number; orderNo: string } | undefined;
  // A collision of 8 random digits on one day is rare; ON CONFLICT keeps the transaction alive.
  for (let i = 0; i < ORDER_NO_TRIES && !order; i++) {
    [order] = await tx
      .insert(orders)
      .values({ ...values, orderNo: newOrderNo(now) })
      .onConflictDoNothing({ target: orders.orderNo })
      .returning({ id: orders.id, orderNo: orders.orderNo });
  }
  if (!order) throw new Error('could not allocate an order number');
  const orderId = order.id;

  const batch = new Map(reserved.map((r) => [r.id, r]));
  await tx.insert(orderLines).values(
    quote.units
      .filter((u) => !goneGifts.has(u))
      .map((u) => ({
        orderId,
        goodsId: u.goodsId,
        warehouseId: u.warehouseId,
        name: u.name,
        sccj: u.sccj,
        ypgg: u.ypgg,
        bzdw: u.bzdw,
        image: u.image,
        batchNo: batch.get(u.goodsId)?.batchNo ?? '',
        expiresOn: batch.get(u.goodsId)?.expiresOn ?? null,
        number: u.number,
        price: u.price,
        amount: u.amount,
        type: u.type,
        promotionId: u.promotionId,
      })),
  );

  // The 换购 choices and draw goods prizes this order carries are used now.
  await consumeExchanges(tx, companyId, quote.exchanges);
  await consumePrizes(tx, companyId, orderId, quote.prizes);

  const couponIds = [quote.coupon?.id, quote.voucher?.id].filter((id): id is number => id !== undefined);
  if (couponIds.length > 0) {
    const used = await tx
      .update(companyCoupons)
      .set({ status: 1, usedOrderId: orderId, usedAt: now })
      .where(
        and(
          anyId(companyCoupons.id, couponIds),
          eq(companyCoupons.companyId, companyId),
          eq(companyCoupons.status, 0),
          gt(companyCoupons.expiresAt, now),
        ),
      )
      .returning({ id: companyCoupons.id });
    if (used.length !== couponIds.length) throw badRequest('优惠券已被使用，请重新选择');
  }

  if (a.balance_amount > 0) {
    const after = await debitBalance(tx, {
      companyId,
      amount: a.balance_amount,
      useType: 'pay',
      orderId,
      remark: `订单${order.orderNo}余额抵扣`,
      now,
    });
    if (after === null) throw badRequest(BALANCE_SHORT_MSG);
    await tx.insert(payments).values({
      orderId,
      companyId,
      method: 'balance',
      amount: a.balance_amount,
      status: 'succeeded',
      createdAt: now,
      confirmedAt: now,
    });
  }

  const history: HistoryEntry[] = [
    { orderId, from: null, to: 'pending_payment', note: '提交订单', actor: 'buyer', at: now },
  ];
  if (settled)
    history.push({
      orderId,
      from: 'pending_payment',
      to: 'paid',
      note: a.balance_amount > 0 ? '余额抵扣全额，支付成功' : '优惠抵扣全额，无需支付',
      actor: 'system',
      at: now,
    });
  await addHistory(tx, history);

  await tx.delete(cartLines).where(and(eq(cartLines.companyId, companyId), anyId(cartLines.id, input.lineIds)));

  return {
    order_id: orderId,
    order_no: order.orderNo,
    pay_amount: a.pay_amount,
    status,
    next: settled ? 'done' : quote.hasEphedrine ? 'ephedrine' : 'pay',
  };
}
