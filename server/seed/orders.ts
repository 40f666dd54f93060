// The demo buyer's history: orders in each status with lines, status history, payments, shipments,
// an invoice request, a used coupon, and the wallet ledger that explains its balance and points.
// Amounts follow one rule set: pay = goods − coupon + shipping (free from 800 yuan).
import { asc, eq } from 'drizzle-orm';
import {
  afterSales,
  companyCoupons,
  invoices,
  messages,
  orderLines,
  orderStatusHistory,
  orders,
  payments,
  shipments,
  walletLedger,
} from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { Rng } from './rng.ts';
import type { GoodsInsert } from './goods.ts';
import type { SeededAccounts } from './accounts.ts';
import type { CouponTemplateIds } from './promotions.ts';
import { addDays, addMinutes, shanghaiStamp } from './dates.ts';

const FREE_SHIPPING_FROM_FEN = 80_000;
const SHIPPING_FEE_FEN = 1_000;
const DEMO_BALANCE_FEN = 5_000_000;
const DEMO_POINTS = 12_800;

type Status = 'pending_payment' | 'awaiting_transfer' | 'paid' | 'shipped' | 'completed' | 'cancelled';

interface Plan {
  status: Status;
  daysAgo: number;
  lines: number;
  payMethod: 'balance' | 'sandbox' | 'transfer' | null;
  useCoupon?: boolean;
}

const PLANS: readonly Plan[] = [
  { status: 'completed', daysAgo: 40, lines: 4, payMethod: 'sandbox', useCoupon: true },
  { status: 'shipped', daysAgo: 3, lines: 3, payMethod: 'sandbox' },
  { status: 'paid', daysAgo: 1, lines: 2, payMethod: 'balance' },
  { status: 'awaiting_transfer', daysAgo: 0.25, lines: 2, payMethod: 'transfer' },
  { status: 'pending_payment', daysAgo: 0.1, lines: 3, payMethod: null },
  { status: 'cancelled', daysAgo: 10, lines: 2, payMethod: null },
];

const ADDRESS = {
  consignee: '陈建华',
  phone: '13800138000',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  detail: '天河路385号康宁大厦首层',
};

export interface SeededOrders {
  count: number;
}

export async function seedDemoOrders(
  db: Db,
  rng: Rng,
  now: Date,
  goodsPool: readonly GoodsInsert[],
  accounts: SeededAccounts,
  coupons: CouponTemplateIds,
): Promise<SeededOrders> {
  const { companyId, userId } = accounts.demo;
  const pool = goodsPool.filter((g) => g.isBuy !== false && (g.stock ?? 0) > 0 && !g.isKx && !g.isEphedrine);
  if (pool.length === 0) return { count: 0 };

  let balanceSpent = 0;
  let pointsEarned = 0;
  let balancePaidAt: Date | null = null;
  let balanceOrderId: number | null = null;
  let completedOrderId: number | null = null;
  let seq = 1;

  for (const plan of PLANS) {
    const createdAt = addMinutes(now, -Math.round(plan.daysAgo * 24 * 60));
    const picked = rng.sample(pool, plan.lines);
    const lines = picked.map((g) => {
      const unit = g.midPackStrict ? (g.zbz ?? 1) : 1;
      const number = unit * rng.int(2, 12);
      return { g, number, price: g.basePrice, amount: g.basePrice * number };
    });
    let goodsAmount = lines.reduce((s, l) => s + l.amount, 0);
    // The used coupon (满500减20) needs its threshold met.
    if (plan.useCoupon && goodsAmount < 50_000) {
      const first = lines[0];
      const step = first.g.midPackStrict ? (first.g.zbz ?? 1) : 1;
      const extraUnits = Math.ceil((50_000 - goodsAmount) / (first.price * step)) * step;
      first.number += extraUnits;
      first.amount = first.price * first.number;
      goodsAmount = lines.reduce((s, l) => s + l.amount, 0);
    }
    const couponAmount = plan.useCoupon ? 2_000 : 0;
    const shippingAmount = goodsAmount >= FREE_SHIPPING_FROM_FEN ? 0 : SHIPPING_FEE_FEN;
    const payAmount = goodsAmount - couponAmount + shippingAmount;
    const paid = plan.status === 'paid' || plan.status === 'shipped' || plan.status === 'completed';
    const paidAt = paid ? addMinutes(createdAt, 12) : null;
    const shippedAt = plan.status === 'shipped' || plan.status === 'completed' ? addDays(createdAt, 1) : null;
    const completedAt = plan.status === 'completed' ? addDays(createdAt, 4) : null;
    const cancelledAt = plan.status === 'cancelled' ? addMinutes(createdAt, 40) : null;

    const [order] = await db
      .insert(orders)
      .values({
        orderNo: `${shanghaiStamp(createdAt)}${String(companyId).padStart(3, '0')}${seq++}`,
        companyId,
        userId,
        status: plan.status,
        goodsAmount,
        couponAmount,
        shippingAmount,
        payAmount,
        paidAmount: paid ? payAmount : 0,
        address: ADDRESS,
        invoice:
          plan.status === 'completed'
            ? { kind: 'normal', title: '广州市康宁大药房有限公司', tax_no: '91440106MA59C8K27X' }
            : {},
        remark: plan.status === 'completed' ? '请随货附带药检报告' : '',
        payMethod: plan.payMethod,
        expiresAt:
          plan.status === 'pending_payment' || plan.status === 'awaiting_transfer' ? addDays(createdAt, 1) : null,
        paidAt,
        shippedAt,
        completedAt,
        cancelledAt,
        createdAt,
        updatedAt: completedAt ?? shippedAt ?? paidAt ?? cancelledAt ?? createdAt,
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

    const history: { from: string | null; to: string; at: Date; actor: string; note: string }[] = [
      { from: null, to: 'pending_payment', at: createdAt, actor: 'buyer', note: '提交订单' },
    ];
    if (plan.status === 'awaiting_transfer') {
      history.push({
        from: 'pending_payment',
        to: 'awaiting_transfer',
        at: addMinutes(createdAt, 5),
        actor: 'buyer',
        note: '选择对公转账，等待财务确认',
      });
    }
    if (paidAt) history.push({ from: 'pending_payment', to: 'paid', at: paidAt, actor: 'system', note: '支付成功' });
    if (shippedAt)
      history.push({ from: 'paid', to: 'shipped', at: shippedAt, actor: 'warehouse', note: '广州仓已发货' });
    if (completedAt)
      history.push({ from: 'shipped', to: 'completed', at: completedAt, actor: 'buyer', note: '确认收货' });
    if (cancelledAt)
      history.push({
        from: 'pending_payment',
        to: 'cancelled',
        at: cancelledAt,
        actor: 'buyer',
        note: '买家取消：商品选错了',
      });
    await db.insert(orderStatusHistory).values(
      history.map((h) => ({
        orderId: order.id,
        fromStatus: h.from,
        toStatus: h.to,
        note: h.note,
        actor: h.actor,
        createdAt: h.at,
      })),
    );

    if (plan.payMethod && (paid || plan.status === 'awaiting_transfer')) {
      await db.insert(payments).values({
        orderId: order.id,
        companyId,
        method: plan.payMethod,
        amount: payAmount,
        status: paid ? 'succeeded' : 'created',
        gatewayRef: plan.payMethod === 'sandbox' ? `SBX${shanghaiStamp(createdAt)}${order.id}` : null,
        createdAt: addMinutes(createdAt, 5),
        confirmedAt: paidAt,
      });
    }
    if (plan.payMethod === 'balance' && paidAt) {
      balanceSpent += payAmount;
      balancePaidAt = paidAt;
      balanceOrderId = order.id;
    }

    if (shippedAt) {
      const delivered = plan.status === 'completed';
      const events = [
        { time: shippedAt.toISOString(), text: '【广州仓】商品已出库，交付顺丰速运' },
        { time: addMinutes(shippedAt, 180).toISOString(), text: '【广州市】快件已到达 广州白云集散中心' },
        { time: addMinutes(shippedAt, 600).toISOString(), text: '【广州市】快件已到达 天河营业点，正在派送中' },
      ];
      if (delivered)
        events.push({ time: addMinutes(shippedAt, 900).toISOString(), text: '【广州市】已签收，签收人：陈建华' });
      await db.insert(shipments).values({
        orderId: order.id,
        carrier: '顺丰速运',
        trackingNo: `SF${String(1_400_000_000_000 + order.id * 7_919).padStart(13, '0')}`,
        events: events.filter((e) => new Date(e.time) <= now),
        createdAt: shippedAt,
      });
    }

    if (plan.status === 'completed') {
      completedOrderId = order.id;
      pointsEarned += Math.floor(payAmount / 100);
      await db.insert(invoices).values({
        orderId: order.id,
        companyId,
        kind: 'normal',
        title: '广州市康宁大药房有限公司',
        taxNo: '91440106MA59C8K27X',
        email: 'kangning@example.com',
        amount: payAmount,
        status: 'requested',
        createdAt: completedAt ?? createdAt,
      });
      // A return waiting for 客服 in the console (售后处理): one unit of the first line, asked two
      // days after delivery; the order shows 售后中 until it ends, then goes back to completed.
      const [first] = await db
        .select({ id: orderLines.id, price: orderLines.price })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.id))
        .limit(1);
      const askedAt = addDays(completedAt ?? createdAt, 2);
      await db.insert(afterSales).values({
        orderId: order.id,
        companyId,
        kind: 'return',
        reason: '破损',
        description: '外包装破损，内盒受潮',
        lines: [{ order_line_id: first.id, number: 1 }],
        amount: first.price,
        status: 'submitted',
        history: [{ time: askedAt.toISOString(), text: '提交退货退款申请：破损' }],
        createdAt: askedAt,
        updatedAt: askedAt,
      });
      await db.update(orders).set({ status: 'after_sale', updatedAt: askedAt }).where(eq(orders.id, order.id));
      await db.insert(orderStatusHistory).values({
        orderId: order.id,
        fromStatus: 'completed',
        toStatus: 'after_sale',
        note: '申请售后（退货退款）',
        actor: 'buyer',
        createdAt: askedAt,
      });
    }
    if (plan.status === 'shipped') {
      await db.insert(messages).values({
        companyId,
        title: '订单已发货',
        body: `您的订单已由广州仓发出，承运商：顺丰速运，请注意查收。`,
        kind: 'order',
        link: `/order/info/${order.id}`,
        createdAt: shippedAt ?? createdAt,
      });
    }
  }

  if (completedOrderId !== null) {
    await db.insert(companyCoupons).values({
      companyId,
      templateId: coupons.manjian500,
      status: 1,
      usedOrderId: completedOrderId,
      receivedAt: addDays(now, -45),
      expiresAt: addDays(now, -15),
      usedAt: addDays(now, -40),
    });
  }

  // Ledger: two recharges, then the balance payment; the first recharge is sized so the balance
  // ends at DEMO_BALANCE_FEN, matching the wallet row.
  const firstRecharge = DEMO_BALANCE_FEN - 2_000_000 + balanceSpent;
  const ledger: Omit<typeof walletLedger.$inferInsert, 'companyId'>[] = [
    {
      account: 'balance',
      amount: firstRecharge,
      balanceAfter: firstRecharge,
      useType: 'recharge',
      remark: '对公转账充值',
      createdAt: addDays(now, -90),
    },
    {
      account: 'balance',
      amount: 2_000_000,
      balanceAfter: firstRecharge + 2_000_000,
      useType: 'recharge',
      remark: '对公转账充值',
      createdAt: addDays(now, -30),
    },
  ];
  if (balanceSpent > 0 && balancePaidAt) {
    ledger.push({
      account: 'balance',
      amount: -balanceSpent,
      balanceAfter: DEMO_BALANCE_FEN,
      useType: 'pay',
      orderId: balanceOrderId,
      remark: '订单余额支付',
      createdAt: balancePaidAt,
    });
  }
  const exchanged = 300;
  const opening = DEMO_POINTS - pointsEarned + exchanged;
  ledger.push(
    {
      account: 'points',
      amount: opening,
      balanceAfter: opening,
      useType: 'adjust',
      remark: '历史积分迁入',
      createdAt: addDays(now, -100),
    },
    {
      account: 'points',
      amount: -exchanged,
      balanceAfter: opening - exchanged,
      useType: 'exchange',
      remark: '积分商城兑换：医用外科口罩 50只装',
      createdAt: addDays(now, -60),
    },
  );
  if (pointsEarned > 0) {
    ledger.push({
      account: 'points',
      amount: pointsEarned,
      balanceAfter: DEMO_POINTS,
      useType: 'cashback',
      orderId: completedOrderId,
      remark: '订单完成赠送积分',
      createdAt: addDays(now, -36),
    });
  }
  await db.insert(walletLedger).values(ledger.map((l) => ({ ...l, companyId })));
  return { count: PLANS.length };
}
