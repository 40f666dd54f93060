// POST /api/points_mall/exchange: one points goods for points (and its cash part from the wallet
// balance), in ONE transaction: per-company cap → stock taken by a conditional UPDATE → the points
// order (kind points, paid: nothing is owed) and its line → points debited by a conditional UPDATE
// with its ledger row → cash debited the same way. The company's cart lock serialises one
// company's exchanges (the cap counts what is committed); the conditional UPDATEs alone keep
// stock and points from going below zero whatever runs at once.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { addresses, goods, orderLines, orders, payments, pointsGoods } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/envelope.ts';
import { idField, numberParam } from '../../http/params.ts';
import { rowsOf } from '../goods/search.ts';
import { lockCart } from '../cart/add.ts';
import { addHistory } from '../orders/status.ts';
import { debitBalance } from '../payments/wallet.ts';
import { newOrderNo, BALANCE_SHORT_MSG } from '../checkout/place.ts';
import { findAddress } from '../addresses/book.ts';
import { exchangedUnits } from './list.ts';
import { exchangeCost, POINTS_EXCHANGE_MAX, type PointsExchangeResult } from '@domain/points-mall.ts';

export const POINTS_GOODS_NOT_FOUND = '积分商品不存在';
export const POINTS_SHORT_MSG = '积分不足';
export const POINTS_STOCK_SHORT_MSG = '库存不足';

export const exchangeInput = z.object({
  id: idField('请选择兑换商品'),
  number: numberParam(`兑换数量须在1-${POINTS_EXCHANGE_MAX}之间`, 1, POINTS_EXCHANGE_MAX).transform((n) => n ?? 1),
  address_id: idField('收货地址无效').optional(),
});

export type ExchangeInput = z.output<typeof exchangeInput>;

const iso = (d: Date): string => d.toISOString();

/** Takes `amount` points with its ledger row; null when the company has fewer (nothing changes). */
export async function debitPoints(
  tx: Db,
  companyId: number,
  amount: number,
  orderId: number,
  remark: string,
  now: Date,
): Promise<number | null> {
  const res = await tx.execute(sql`
    WITH w AS (
      UPDATE wallets SET points = points - ${amount}::int, updated_at = ${iso(now)}::timestamptz
      WHERE company_id = ${companyId}::int AND points >= ${amount}::int
      RETURNING points
    )
    INSERT INTO wallet_ledger (company_id, account, amount, balance_after, use_type, order_id, remark, created_at)
    SELECT ${companyId}::int, 'points', ${-amount}::bigint, w.points, 'exchange', ${orderId}::int, ${remark}::text, ${iso(now)}::timestamptz FROM w
    RETURNING balance_after::float8 AS "after"`);
  const [row] = rowsOf<{ after: number }>(res);
  return row ? row.after : null;
}

async function shippingAddress(tx: Db, companyId: number, id: number | undefined) {
  if (id !== undefined) {
    const a = await findAddress(tx, companyId, id);
    if (!a) throw notFound('收货地址不存在');
    return a;
  }
  const [d] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.companyId, companyId), eq(addresses.isDefault, true)))
    .limit(1);
  if (!d) throw badRequest('请先添加收货地址');
  return d;
}

export async function exchangePointsGoods(
  tx: Db,
  ctx: { companyId: number; userId: number; now: Date },
  input: ExchangeInput,
): Promise<PointsExchangeResult> {
  const { companyId, now } = ctx;
  await lockCart(tx, companyId);
  const [pg] = await tx.select().from(pointsGoods).where(eq(pointsGoods.id, input.id)).limit(1);
  if (!pg || !pg.isOnSale || pg.goodsId === null) throw notFound(POINTS_GOODS_NOT_FOUND);
  const n = input.number;
  if (pg.perCompanyLimit > 0) {
    const used = (await exchangedUnits(tx, companyId, [pg.goodsId])).get(pg.goodsId) ?? 0;
    if (used + n > pg.perCompanyLimit)
      throw badRequest(used >= pg.perCompanyLimit ? '已达兑换上限' : `最多还可兑换${pg.perCompanyLimit - used}件`);
  }
  const address = await shippingAddress(tx, companyId, input.address_id);
  const [taken] = await tx
    .update(pointsGoods)
    .set({ stock: sql`${pointsGoods.stock} - ${n}` })
    .where(and(eq(pointsGoods.id, pg.id), eq(pointsGoods.isOnSale, true), sql`${pointsGoods.stock} >= ${n}`))
    .returning({ stock: pointsGoods.stock });
  if (!taken) throw badRequest(POINTS_STOCK_SHORT_MSG);
  const [g] = await tx
    .select({ sccj: goods.sccj, ypgg: goods.ypgg, bzdw: goods.bzdw, warehouseId: goods.warehouseId })
    .from(goods)
    .where(eq(goods.id, pg.goodsId))
    .limit(1);
  if (!g) throw notFound(POINTS_GOODS_NOT_FOUND);

  const cost = exchangeCost({ points: pg.points, cash_price: pg.cashPrice }, n);
  let order: { id: number; orderNo: string } | undefined;
  for (let i = 0; i < 5 && !order; i++) {
    [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        companyId,
        userId: ctx.userId,
        // Nothing is owed once points (and balance) are taken: it waits for the warehouse.
        status: 'paid',
        kind: 'points',
        goodsAmount: cost.cash,
        balanceAmount: cost.cash,
        pointsUsed: cost.points,
        payAmount: 0,
        paidAmount: 0,
        payMethod: cost.cash > 0 ? 'balance' : 'points',
        address: {
          consignee: address.consignee,
          phone: address.phone,
          province: address.province,
          city: address.city,
          district: address.district,
          detail: address.detail,
        },
        remark: '积分商城兑换',
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: orders.orderNo })
      .returning({ id: orders.id, orderNo: orders.orderNo });
  }
  if (!order) throw new Error('could not allocate an order number');
  await tx.insert(orderLines).values({
    orderId: order.id,
    goodsId: pg.goodsId,
    warehouseId: g.warehouseId,
    name: pg.name,
    sccj: g.sccj,
    ypgg: g.ypgg,
    bzdw: g.bzdw,
    image: pg.image,
    number: n,
    price: pg.cashPrice,
    amount: cost.cash,
  });
  const after = await debitPoints(tx, companyId, cost.points, order.id, `积分商城兑换：${pg.name} ×${n}`, now);
  if (after === null) throw badRequest(POINTS_SHORT_MSG);
  if (cost.cash > 0) {
    const bal = await debitBalance(tx, {
      companyId,
      amount: cost.cash,
      useType: 'pay',
      orderId: order.id,
      remark: `积分订单${order.orderNo}现金部分`,
      now,
    });
    if (bal === null) throw badRequest(BALANCE_SHORT_MSG);
    // The cash part is a balance payment like checkout's deduction (orders/refunds.ts reads it).
    await tx.insert(payments).values({
      orderId: order.id,
      companyId,
      method: 'balance',
      amount: cost.cash,
      status: 'succeeded',
      createdAt: now,
      confirmedAt: now,
    });
  }
  await addHistory(tx, [
    { orderId: order.id, from: null, to: 'paid', note: `积分兑换，使用${cost.points}积分`, actor: 'buyer', at: now },
  ]);
  return {
    order_id: order.id,
    order_no: order.orderNo,
    points_used: cost.points,
    cash_amount: cost.cash,
    points: after,
  };
}
