// THE way goods rows come into being: the console's 新建商品, the demo seed (and the catalogue
// import). Rows go in through one bulk statement per chunk with their ladder steps, and every new
// goods is noted in the catalogue change log in the same transaction (kind `created`), so a reader
// of GET /api/goods/changes and the caches hear of it like of any other change. A row is written
// as its master row and its stock row (migration 0034), not through the `goods` view's per-row
// trigger.
import type { Db } from '../../db/client.ts';
import { insertJson } from '../../db/bulk-insert.ts';
import { goods, goodsLadderPrices, goodsMaster, goodsStock } from '../../db/schema.ts';
import { noteCatalogueChange } from './changes.ts';

/** A goods row with every column the seed sets (bulk JSON inserts need uniform rows) and its id. */
export type NewGoodsRow = typeof goods.$inferInsert & { id: number };
export type NewLadderRow = typeof goodsLadderPrices.$inferInsert;

export async function insertGoodsRows(
  tx: Db,
  rows: readonly NewGoodsRow[],
  ladders: readonly NewLadderRow[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await insertJson(
    tx,
    goodsMaster,
    rows.map(({ stock: _stock, basePrice: _basePrice, ...master }) => master),
  );
  await insertJson(
    tx,
    goodsStock,
    rows.map((r) => ({
      goodsId: r.id,
      stock: r.stock ?? 0,
      basePrice: r.basePrice,
      updatedAt: r.updatedAt ?? now,
      // The master row's, copied (migration 0035); naming both skips the copying trigger.
      manufacturerId: r.manufacturerId ?? null,
      brandId: r.brandId ?? null,
    })),
  );
  await insertJson(tx, goodsLadderPrices, ladders);
  await noteCatalogueChange(
    tx,
    rows.map((r) => r.id),
    'created',
    now,
  );
}
