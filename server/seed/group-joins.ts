// Other shops' joins of the demo group buys: paid orders with a group line (type 2) each, so the
// progress /ptzq shows is counted from real orders and the deadline decision has orders to
// refund. `demo` has not joined any group, so its first join is the buyer's own step.
import { and, eq, sql } from 'drizzle-orm';
import { orderLines, orderStatusHistory, orders, payments, promotionGoods } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { GoodsInsert, PromotionGoodsInsert } from './goods.ts';
import type { SeededAccounts } from './accounts.ts';
import { addMinutes, shanghaiStamp } from './dates.ts';

type Joiner = 'chain' | 'chain-a' | 'chain-b';

/** Units each shop joined with, per group goods in seed order (see pickShowcase's targets). */
const JOINS: readonly (readonly [Joiner, number][])[] = [
  [
    ['chain-a', 40],
    ['chain-b', 30],
  ],
  [
    ['chain-a', 20],
    ['chain', 25],
    ['chain-b', 10],
  ],
  [['chain-b', 50]],
  [
    ['chain-a', 120],
    ['chain', 60],
  ],
  [['chain-b', 30]],
];

const ADDRESS = {
  consignee: '吴静',
  phone: '15927083341',
  province: '湖北省',
  city: '武汉市',
  district: '江岸区',
  detail: '中山大道1088号',
};

export async function seedGroupJoins(
  db: Db,
  now: Date,
  groupRows: readonly PromotionGoodsInsert[],
  goodsPool: readonly GoodsInsert[],
  accounts: SeededAccounts,
): Promise<number> {
  const byId = new Map(goodsPool.map((g) => [g.id, g]));
  let count = 0;
  for (const [i, row] of groupRows.entries()) {
    const g = byId.get(row.goodsId);
    if (!g) continue;
    let joined = 0;
    for (const [j, [who, number]] of (JOINS[i] ?? []).entries()) {
      const companyId = accounts.companyIds[who];
      const userId = accounts.userIds[who];
      const createdAt = addMinutes(now, -(30 + i * 90 + j * 47));
      const paidAt = addMinutes(createdAt, 6);
      const amount = g.basePrice * number;
      const [order] = await db
        .insert(orders)
        .values({
          orderNo: `${shanghaiStamp(createdAt)}${String(companyId).padStart(3, '0')}${70 + count}`,
          companyId,
          userId,
          status: 'paid',
          goodsAmount: amount,
          payAmount: amount,
          paidAmount: amount,
          address: ADDRESS,
          payMethod: 'sandbox',
          paidAt,
          createdAt,
          updatedAt: paidAt,
        })
        .returning({ id: orders.id });
      await db.insert(orderLines).values({
        orderId: order.id,
        goodsId: g.id,
        warehouseId: g.warehouseId,
        name: g.name,
        sccj: g.sccj,
        ypgg: g.ypgg ?? '',
        bzdw: g.bzdw ?? '盒',
        image: g.image ?? '',
        batchNo: g.batchNo ?? '',
        expiresOn: g.expiresOn ?? null,
        number,
        // Joined at the member price; the difference comes back if the group forms.
        price: g.basePrice,
        amount,
        type: 2,
        promotionId: row.promotionId,
      });
      await db.insert(orderStatusHistory).values([
        {
          orderId: order.id,
          fromStatus: null,
          toStatus: 'pending_payment',
          note: '参与拼团下单',
          actor: 'buyer',
          createdAt,
        },
        {
          orderId: order.id,
          fromStatus: 'pending_payment',
          toStatus: 'paid',
          note: '支付成功',
          actor: 'system',
          createdAt: paidAt,
        },
      ]);
      await db.insert(payments).values({
        orderId: order.id,
        companyId,
        method: 'sandbox',
        amount,
        status: 'succeeded',
        gatewayRef: `SBX${shanghaiStamp(createdAt)}${order.id}`,
        createdAt: addMinutes(createdAt, 5),
        confirmedAt: paidAt,
      });
      joined += number;
      count += 1;
    }
    await db
      .update(promotionGoods)
      .set({ sold: sql`${promotionGoods.sold} + ${joined}` })
      .where(and(eq(promotionGoods.promotionId, row.promotionId), eq(promotionGoods.goodsId, row.goodsId)));
  }
  return count;
}
