// GET /api/points_mall: the goods on sale in the points mall, with what the signed-in company may
// still exchange and its points and balance (a visitor sees the goods with zeros).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, pointsGoods } from '../../db/schema.ts';
import { loadWallet } from '../payments/wallet.ts';
import type { PointsGoodsView, PointsMallView } from '@domain/points-mall.ts';

/** Units of the given catalogue rows a company has exchanged (cancelled orders do not count). */
export async function exchangedUnits(
  db: Db,
  companyId: number,
  goodsIds: readonly number[],
): Promise<Map<number, number>> {
  if (goodsIds.length === 0) return new Map();
  const rows = await db
    .select({ goodsId: orderLines.goodsId, n: sql<number>`sum(${orderLines.number})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.kind, 'points'),
        ne(orders.status, 'cancelled'),
        inArray(orderLines.goodsId, [...goodsIds]),
      ),
    )
    .groupBy(orderLines.goodsId);
  return new Map(rows.map((r) => [r.goodsId, r.n]));
}

export async function listPointsMall(db: Db, companyId: number | null): Promise<PointsMallView> {
  const rows = await db
    .select()
    .from(pointsGoods)
    .where(and(eq(pointsGoods.isOnSale, true), sql`${pointsGoods.goodsId} IS NOT NULL`))
    .orderBy(asc(pointsGoods.sort), asc(pointsGoods.points), asc(pointsGoods.id));
  const used =
    companyId === null
      ? new Map<number, number>()
      : await exchangedUnits(
          db,
          companyId,
          rows.map((r) => r.goodsId!),
        );
  const wallet = companyId === null ? { balance: 0, points: 0 } : await loadWallet(db, companyId);
  const list: PointsGoodsView[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    image: r.image,
    description: r.description,
    points: r.points,
    cash_price: r.cashPrice,
    stock: r.stock,
    remaining_for_me: r.perCompanyLimit > 0 ? Math.max(0, r.perCompanyLimit - (used.get(r.goodsId!) ?? 0)) : null,
  }));
  return { list, points: wallet.points, balance: wallet.balance };
}
