// Quick purchase demo data (/kjcg): a clinic reorders much the same assortment every week, so the
// demo buyer gets four weekly completed orders from one regular assortment (the purchase history
// then shows goods bought 2–4 times at changing quantities), two saved lists (常购清单), and the
// chain's first store a shorter history of its own (a store sees its own purchases).
import { orderLines, orderStatusHistory, orders, payments, purchaseLists, shipments } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { Rng } from './rng.ts';
import type { GoodsInsert } from './goods.ts';
import type { SeededAccounts } from './accounts.ts';
import { addDays, addMinutes, shanghaiStamp } from './dates.ts';

const FREE_SHIPPING_FROM_FEN = 80_000;
const SHIPPING_FEE_FEN = 1_000;
const ASSORTMENT = 30;
const ADDRESS = {
  consignee: '陈建华',
  phone: '13800138000',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  detail: '天河路385号康宁大厦首层',
};

type Buyer = { companyId: number; userId: number };

async function completedOrder(
  db: Db,
  rng: Rng,
  buyer: Buyer,
  picked: readonly GoodsInsert[],
  createdAt: Date,
  seq: number,
): Promise<void> {
  const lines = picked.map((g) => {
    const unit = g.midPackStrict ? (g.zbz ?? 1) : 1;
    const number = unit * rng.int(2, 20);
    return { g, number, price: g.basePrice, amount: g.basePrice * number };
  });
  const goodsAmount = lines.reduce((s, l) => s + l.amount, 0);
  const shippingAmount = goodsAmount >= FREE_SHIPPING_FROM_FEN ? 0 : SHIPPING_FEE_FEN;
  const payAmount = goodsAmount + shippingAmount;
  const paidAt = addMinutes(createdAt, 10);
  const shippedAt = addDays(createdAt, 1);
  const completedAt = addDays(createdAt, 3);
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `${shanghaiStamp(createdAt)}${String(buyer.companyId).padStart(3, '0')}${seq}`,
      companyId: buyer.companyId,
      userId: buyer.userId,
      status: 'completed',
      goodsAmount,
      shippingAmount,
      payAmount,
      paidAmount: payAmount,
      address: ADDRESS,
      remark: '每周常规补货',
      payMethod: 'sandbox',
      paidAt,
      shippedAt,
      completedAt,
      createdAt,
      updatedAt: completedAt,
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values(
    lines.map((l) => ({
      orderId: order.id,
      goodsId: l.g.id,
      warehouseId: l.g.warehouseId,
      name: l.g.name,
      sccj: l.g.sccj,
      ypgg: l.g.ypgg ?? '',
      bzdw: l.g.bzdw ?? '盒',
      image: l.g.image ?? '',
      batchNo: l.g.batchNo ?? '',
      expiresOn: l.g.expiresOn ?? null,
      number: l.number,
      price: l.price,
      amount: l.amount,
    })),
  );
  await db.insert(orderStatusHistory).values([
    { orderId: order.id, fromStatus: null, toStatus: 'pending_payment', note: '提交订单', actor: 'buyer', createdAt },
    {
      orderId: order.id,
      fromStatus: 'pending_payment',
      toStatus: 'paid',
      note: '支付成功',
      actor: 'system',
      createdAt: paidAt,
    },
    {
      orderId: order.id,
      fromStatus: 'paid',
      toStatus: 'shipped',
      note: '广州仓已发货',
      actor: 'warehouse',
      createdAt: shippedAt,
    },
    {
      orderId: order.id,
      fromStatus: 'shipped',
      toStatus: 'completed',
      note: '确认收货',
      actor: 'buyer',
      createdAt: completedAt,
    },
  ]);
  await db.insert(payments).values({
    orderId: order.id,
    companyId: buyer.companyId,
    method: 'sandbox',
    amount: payAmount,
    status: 'succeeded',
    gatewayRef: `SBX${shanghaiStamp(createdAt)}${order.id}`,
    createdAt: addMinutes(createdAt, 5),
    confirmedAt: paidAt,
  });
  await db.insert(shipments).values({
    orderId: order.id,
    carrier: '顺丰速运',
    trackingNo: `SF${String(1_500_000_000_000 + order.id * 7_919).padStart(13, '0')}`,
    events: [
      { time: shippedAt.toISOString(), text: '【广州仓】商品已出库，交付顺丰速运' },
      { time: addMinutes(shippedAt, 900).toISOString(), text: '【广州市】已签收，签收人：陈建华' },
    ],
    createdAt: shippedAt,
  });
}

/** Returns the number of orders written. */
export async function seedQuickPurchase(
  db: Db,
  rng: Rng,
  now: Date,
  goodsPool: readonly GoodsInsert[],
  accounts: SeededAccounts,
): Promise<number> {
  const pool = goodsPool.filter(
    (g) => g.isBuy !== false && (g.stock ?? 0) > 0 && !g.isKx && !g.isEphedrine && g.isOnSale !== false,
  );
  if (pool.length === 0) return 0;
  const assortment = rng.sample(pool, Math.min(ASSORTMENT, pool.length));
  let count = 0;
  const demo = accounts.demo;
  for (const [i, weeksAgo] of [5, 4, 3, 2].entries()) {
    const picked = rng.sample(assortment, Math.min(assortment.length, rng.int(12, 20)));
    await completedOrder(db, rng, demo, picked, addMinutes(addDays(now, -7 * weeksAgo), 9 * 60), 50 + i);
    count += 1;
  }
  const unitOf = (g: GoodsInsert) => (g.midPackStrict ? (g.zbz ?? 1) : 1);
  await db.insert(purchaseLists).values([
    {
      companyId: demo.companyId,
      name: '每周常备',
      items: assortment
        .slice(0, 12)
        .map((g) => ({ goods_id: g.id, number: unitOf(g) * 10, name: g.ypgg ? `${g.name} ${g.ypgg}` : g.name })),
      createdAt: addDays(now, -14),
      updatedAt: addDays(now, -14),
    },
    {
      companyId: demo.companyId,
      name: '感冒季备货',
      items: assortment
        .slice(12, 18)
        .map((g) => ({ goods_id: g.id, number: unitOf(g) * 5, name: g.ypgg ? `${g.name} ${g.ypgg}` : g.name })),
      createdAt: addDays(now, -30),
      updatedAt: addDays(now, -30),
    },
  ]);
  const storeA = accounts.companyIds['chain-a'];
  const storeUser = accounts.userIds['chain-a'];
  if (storeA && storeUser) {
    for (const [i, weeksAgo] of [3, 1].entries()) {
      await completedOrder(
        db,
        rng,
        { companyId: storeA, userId: storeUser },
        rng.sample(assortment, Math.min(8, assortment.length)),
        addDays(now, -7 * weeksAgo),
        60 + i,
      );
      count += 1;
    }
  }
  return count;
}
