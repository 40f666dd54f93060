// The points mall's catalogue rows and the demo's history (docs/decisions/points-mall.md): each
// points goods gets an off-sale goods row (so its order lines reference a goods like any other),
// a description, and some a cash part or a per-company cap; demo's earlier exchange (the ledger's
// 医用外科口罩 row) becomes the completed points order /jfdd shows.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { addresses, goods, orderLines, orderStatusHistory, orders, pointsGoods, walletLedger } from '../db/schema.ts';
import { insertPointsTwin } from '../services/catalogue/points-twin.ts';
import { addDays } from './dates.ts';
import type { SeededAccounts } from './accounts.ts';

const EXTRAS: readonly { description: string; cashPrice: number; perCompanyLimit: number }[] = [
  { description: '一次性医用外科口罩，独立包装，门店自用或赠送顾客。', cashPrice: 0, perCompanyLimit: 0 },
  { description: '软头电子体温计，10秒快速测温。', cashPrice: 0, perCompanyLimit: 5 },
  { description: '收银机通用热敏纸，一箱20卷。', cashPrice: 0, perCompanyLimit: 0 },
  { description: '加厚塑料购物篮，门店必备。', cashPrice: 0, perCompanyLimit: 3 },
  { description: '透明自封药品分装袋，方便拆零销售。', cashPrice: 0, perCompanyLimit: 0 },
  { description: '316不锈钢保温杯，积分+现金更划算。', cashPrice: 1_990, perCompanyLimit: 2 },
  { description: '上臂式全自动电子血压计，积分+现金兑换，每店限1台。', cashPrice: 9_900, perCompanyLimit: 1 },
  { description: '一周7格便携药盒，顾客赠品好选择。', cashPrice: 0, perCompanyLimit: 0 },
];

export async function seedPointsMallGoods(
  db: Db,
  now: Date,
  pointsGoodsIds: readonly number[],
  accounts: SeededAccounts,
): Promise<void> {
  for (const [i, id] of pointsGoodsIds.entries()) {
    const [pg] = await db.select().from(pointsGoods).where(eq(pointsGoods.id, id)).limit(1);
    if (!pg) continue;
    // Through the one writer of goods rows, as the console's 积分商品 (catalogue/points-twin.ts).
    const twinId = await insertPointsTwin(db, { name: pg.name, image: pg.image }, now);
    if (twinId === null) return;
    const extra = EXTRAS[i] ?? { description: '', cashPrice: 0, perCompanyLimit: 0 };
    await db
      .update(pointsGoods)
      .set({ goodsId: twinId, sort: i + 1, ...extra })
      .where(eq(pointsGoods.id, id));
  }

  // demo's exchange of 60 days ago (orders.ts wrote its ledger row) as a completed points order.
  const companyId = accounts.demo.companyId;
  const [mask] = await db.select().from(pointsGoods).where(eq(pointsGoods.id, pointsGoodsIds[0])).limit(1);
  const [addr] = await db.select().from(addresses).where(eq(addresses.id, accounts.demo.defaultAddressId)).limit(1);
  if (!mask || mask.goodsId === null || !addr) return;
  const [g] = await db
    .select({ warehouseId: goods.warehouseId, sccj: goods.sccj })
    .from(goods)
    .where(eq(goods.id, mask.goodsId))
    .limit(1);
  const at = addDays(now, -60);
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `KY${at.toISOString().slice(0, 10).replace(/-/g, '')}90000001`,
      companyId,
      userId: accounts.demo.userId,
      status: 'completed',
      kind: 'points',
      goodsAmount: 0,
      pointsUsed: mask.points,
      payAmount: 0,
      payMethod: 'points',
      address: {
        consignee: addr.consignee,
        phone: addr.phone,
        province: addr.province,
        city: addr.city,
        district: addr.district,
        detail: addr.detail,
      },
      remark: '积分商城兑换',
      paidAt: at,
      shippedAt: addDays(at, 1),
      completedAt: addDays(at, 4),
      createdAt: at,
      updatedAt: addDays(at, 4),
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: order.id,
    goodsId: mask.goodsId,
    warehouseId: g.warehouseId,
    name: mask.name,
    sccj: g.sccj,
    ypgg: '积分商城',
    bzdw: '件',
    image: mask.image,
    number: 1,
    price: 0,
    amount: 0,
  });
  await db.insert(orderStatusHistory).values([
    {
      orderId: order.id,
      fromStatus: null,
      toStatus: 'paid',
      note: `积分兑换，使用${mask.points}积分`,
      actor: 'buyer',
      createdAt: at,
    },
    {
      orderId: order.id,
      fromStatus: 'paid',
      toStatus: 'shipped',
      note: '仓库已发货',
      actor: 'warehouse',
      createdAt: addDays(at, 1),
    },
    {
      orderId: order.id,
      fromStatus: 'shipped',
      toStatus: 'completed',
      note: '已签收',
      actor: 'system',
      createdAt: addDays(at, 4),
    },
  ]);
  await db
    .update(walletLedger)
    .set({ orderId: order.id })
    .where(
      and(
        eq(walletLedger.companyId, companyId),
        eq(walletLedger.account, 'points'),
        eq(walletLedger.useType, 'exchange'),
      ),
    );
}
