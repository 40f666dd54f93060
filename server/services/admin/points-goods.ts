// 积分商城 goods in the operator console (issue 20, role 运营): list, create, edit, put on and take
// off sale. A new points goods gets its off-sale, unbuyable catalogue row as the seed does
// (catalogue/points-twin.ts, through insertGoodsRows; docs/decisions/promotion-sets.md "Points mall"), so its exchange orders reference a goods like
// any other. Each change writes its audit row in the same transaction.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { orderLines, orders, pointsGoods } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/envelope.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminPointsGoodsInput, AdminPointsGoodsRow } from '@domain/admin-points-goods.ts';
import { writeAudit, type Actor } from './audit.ts';
import { insertPointsTwin, renamePointsTwin } from '../catalogue/points-twin.ts';

export const POINTS_GOODS_NOT_FOUND = '积分商品不存在';

type Row = typeof pointsGoods.$inferSelect;

const audited = (r: Row) => ({
  name: r.name,
  description: r.description,
  image: r.image,
  points: r.points,
  cash_price: r.cashPrice,
  stock: r.stock,
  per_company_limit: r.perCompanyLimit,
  sort: r.sort,
  is_on_sale: r.isOnSale,
});

export async function listPointsGoods(db: Db, page: number, size: number): Promise<Paged<AdminPointsGoodsRow>> {
  const [{ total }] = await db.select({ total: count() }).from(pointsGoods);
  const rows = await db
    .select()
    .from(pointsGoods)
    .orderBy(asc(pointsGoods.sort), asc(pointsGoods.id))
    .limit(size)
    .offset((page - 1) * size);
  const twins = rows.map((r) => r.goodsId).filter((id): id is number => id !== null);
  const sums =
    twins.length === 0
      ? []
      : await db
          .select({ goodsId: orderLines.goodsId, n: sql<number>`sum(${orderLines.number})::int` })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(and(eq(orders.kind, 'points'), ne(orders.status, 'cancelled'), inArray(orderLines.goodsId, twins)))
          .groupBy(orderLines.goodsId);
  const exchanged = new Map(sums.map((s) => [s.goodsId, Number(s.n)]));
  return {
    list: rows.map((row) => ({
      id: row.id,
      exchanged: row.goodsId === null ? 0 : (exchanged.get(row.goodsId) ?? 0),
      ...audited(row),
    })),
    total,
    page,
    size,
  };
}

const values = (input: AdminPointsGoodsInput) => ({
  name: input.name,
  description: input.description,
  image: input.image,
  points: input.points,
  cashPrice: input.cash_price,
  stock: input.stock,
  perCompanyLimit: input.per_company_limit,
  sort: input.sort,
  isOnSale: input.is_on_sale,
});

export async function createPointsGoods(
  db: Db,
  actor: Actor,
  input: AdminPointsGoodsInput,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    // Its catalogue twin (never listed or bought) comes through the one writer of goods rows.
    const twinId = await insertPointsTwin(tx, { name: input.name, image: input.image }, now);
    if (twinId === null) throw new AppError(409, 409, '商品库为空，无法创建积分商品');
    const [row] = await tx
      .insert(pointsGoods)
      .values({ ...values(input), goodsId: twinId })
      .returning();
    await writeAudit(
      tx,
      actor,
      { action: 'points_goods.create', targetType: 'points_goods', targetId: row.id, after: audited(row) },
      now,
    );
    return { id: row.id };
  });
}

async function lock(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(pointsGoods).where(eq(pointsGoods.id, id)).limit(1).for('update');
  if (!row) throw notFound(POINTS_GOODS_NOT_FOUND);
  return row;
}

export async function updatePointsGoods(
  db: Db,
  actor: Actor,
  id: number,
  input: AdminPointsGoodsInput,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const before = await lock(tx, id);
    const [after] = await tx.update(pointsGoods).set(values(input)).where(eq(pointsGoods.id, id)).returning();
    if (before.goodsId !== null)
      await renamePointsTwin(tx, before.goodsId, { name: input.name, image: input.image }, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'points_goods.update',
        targetType: 'points_goods',
        targetId: id,
        before: audited(before),
        after: audited(after),
      },
      now,
    );
    return { id };
  });
}

export async function setPointsGoodsOnSale(
  db: Db,
  actor: Actor,
  id: number,
  onSale: boolean,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const before = await lock(tx, id);
    if (before.isOnSale === onSale) throw new AppError(409, 409, onSale ? '该商品已上架' : '该商品已下架');
    await tx
      .update(pointsGoods)
      .set({ isOnSale: onSale })
      .where(and(eq(pointsGoods.id, id), ne(pointsGoods.isOnSale, onSale)));
    await writeAudit(
      tx,
      actor,
      {
        action: onSale ? 'points_goods.on_sale' : 'points_goods.off_sale',
        targetType: 'points_goods',
        targetId: id,
        before: { is_on_sale: before.isOnSale },
        after: { is_on_sale: onSale },
      },
      now,
    );
    return { id };
  });
}
