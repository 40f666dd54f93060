// The chain's stores (chain-a, chain-b) each get a few orders of their own, so /ddgl shows real
// per-store order lists and counts for the `chain` head office. Paid by the sandbox gateway or
// cancelled unpaid: nothing here moves a wallet.
import { orderLines, orderStatusHistory, orders, payments } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { Rng } from './rng.ts';
import type { GoodsInsert } from './goods.ts';
import type { SeededAccounts } from './accounts.ts';
import { addMinutes, shanghaiStamp } from './dates.ts';

interface StorePlan {
  store: 'chain-a' | 'chain-b';
  status: 'paid' | 'cancelled';
  daysAgo: number;
  lines: number;
  address: { consignee: string; phone: string; province: string; city: string; district: string; detail: string };
}

const HANKOU = {
  consignee: '吴静',
  phone: '15927083341',
  province: '湖北省',
  city: '武汉市',
  district: '江岸区',
  detail: '中山大道1088号',
};
const WUCHANG = {
  consignee: '郑磊',
  phone: '18971426650',
  province: '湖北省',
  city: '武汉市',
  district: '武昌区',
  detail: '中南路99号',
};

const PLANS: readonly StorePlan[] = [
  { store: 'chain-a', status: 'paid', daysAgo: 1, lines: 3, address: HANKOU },
  { store: 'chain-a', status: 'cancelled', daysAgo: 8, lines: 1, address: HANKOU },
  { store: 'chain-b', status: 'paid', daysAgo: 2, lines: 2, address: WUCHANG },
];

export async function seedStoreOrders(
  db: Db,
  rng: Rng,
  now: Date,
  goodsPool: readonly GoodsInsert[],
  accounts: SeededAccounts,
): Promise<number> {
  const pool = goodsPool.filter(
    (g) => g.isBuy !== false && (g.stock ?? 0) > 0 && !g.isKx && !g.isEphedrine && !g.midPackStrict,
  );
  if (pool.length === 0) return 0;
  let seq = 1;
  for (const plan of PLANS) {
    const companyId = accounts.companyIds[plan.store];
    const userId = accounts.userIds[plan.store];
    const createdAt = addMinutes(now, -Math.round(plan.daysAgo * 24 * 60));
    const lines = rng.sample(pool, plan.lines).map((g) => {
      const number = rng.int(2, 10);
      return { g, number, price: g.basePrice, amount: g.basePrice * number };
    });
    const goodsAmount = lines.reduce((s, l) => s + l.amount, 0);
    const paid = plan.status === 'paid';
    const paidAt = paid ? addMinutes(createdAt, 8) : null;
    const cancelledAt = paid ? null : addMinutes(createdAt, 30);
    const [order] = await db
      .insert(orders)
      .values({
        orderNo: `${shanghaiStamp(createdAt)}${String(companyId).padStart(3, '0')}${seq++}`,
        companyId,
        userId,
        status: plan.status,
        goodsAmount,
        payAmount: goodsAmount,
        paidAmount: paid ? goodsAmount : 0,
        address: plan.address,
        payMethod: paid ? 'sandbox' : null,
        paidAt,
        cancelledAt,
        createdAt,
        updatedAt: paidAt ?? cancelledAt ?? createdAt,
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
    const history: { fromStatus: string | null; toStatus: string; note: string; actor: string; createdAt: Date }[] = [
      { fromStatus: null, toStatus: 'pending_payment', note: '总部代门店提交订单', actor: 'buyer', createdAt },
    ];
    if (paidAt)
      history.push({
        fromStatus: 'pending_payment',
        toStatus: 'paid',
        note: '支付成功',
        actor: 'system',
        createdAt: paidAt,
      });
    if (cancelledAt)
      history.push({
        fromStatus: 'pending_payment',
        toStatus: 'cancelled',
        note: '买家取消：重复下单',
        actor: 'buyer',
        createdAt: cancelledAt,
      });
    await db.insert(orderStatusHistory).values(history.map((h) => ({ orderId: order.id, ...h })));
    if (paidAt) {
      await db.insert(payments).values({
        orderId: order.id,
        companyId,
        method: 'sandbox',
        amount: goodsAmount,
        status: 'succeeded',
        gatewayRef: `SBX${shanghaiStamp(createdAt)}${order.id}`,
        createdAt: addMinutes(createdAt, 5),
        confirmedAt: paidAt,
      });
    }
  }
  return PLANS.length;
}
