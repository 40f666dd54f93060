// The points mall's catalogue twins (docs/decisions/points-mall.md): each points goods has an
// off-sale, unbuyable goods row (price 0, no external code, never listed or exported) so its
// exchange orders reference a goods like any other. The row comes into being through
// insertGoodsRows like every goods (the console's 积分商品 and the demo seed both call this), and a
// change of its name or picture is noted like any goods edit.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods } from '../../db/schema.ts';
import { rowsOf } from '../goods/search.ts';
import { insertGoodsRows } from './write-goods.ts';
import { noteCatalogueChange } from './changes.ts';

export interface PointsTwin {
  name: string;
  image: string;
}

/**
 * Inserts the twin of a points goods and answers its id, or null when the catalogue has no goods on
 * sale to lend it maker, category and warehouse (required columns of every goods row).
 */
export async function insertPointsTwin(tx: Db, twin: PointsTwin, now: Date): Promise<number | null> {
  const [template] = await tx.select().from(goods).where(eq(goods.isOnSale, true)).orderBy(asc(goods.id)).limit(1);
  if (!template) return null;
  const [{ id }] = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('goods_master', 'id'))::int AS id`),
  );
  await insertGoodsRows(
    tx,
    [
      {
        id,
        name: twin.name,
        manufacturerId: template.manufacturerId,
        sccj: template.sccj,
        categoryId: template.categoryId,
        categoryL1: template.categoryL1,
        categoryL2: template.categoryL2,
        warehouseId: template.warehouseId,
        basePrice: 0,
        isOnSale: false,
        isBuy: false,
        stock: 0,
        bzdw: '件',
        ypgg: '积分商城',
        image: twin.image,
        createdAt: now,
        updatedAt: now,
      },
    ],
    [],
    now,
  );
  return id;
}

/** The twin carries the points goods' name and picture onto order lines and shipments. */
export async function renamePointsTwin(tx: Db, goodsId: number, twin: PointsTwin, now: Date): Promise<void> {
  await tx.update(goods).set({ name: twin.name, image: twin.image, updatedAt: now }).where(eq(goods.id, goodsId));
  await noteCatalogueChange(tx, [goodsId], 'edited', now);
}
