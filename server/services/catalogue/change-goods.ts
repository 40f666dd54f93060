// Changing goods outside the console's editor (the demo seed, tests, scripts): stock or base price,
// and the badges promotions put on goods (赠, 换购). The change, its log row and the alerts it fires
// commit together (noteCatalogueChange).
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { goods, goodsStock } from '../../db/schema.ts';
import { noteCatalogueChange } from './changes.ts';

export interface GoodsChange {
  /** Units available to sell. */
  stock?: number;
  /** Price before ladders and rank prices, fen. */
  basePrice?: number;
}

/** Returns the alerts fired, or null when the goods does not exist. */
export async function changeGoods(db: Db, goodsId: number, change: GoodsChange, now: Date): Promise<number | null> {
  return withTx(db, async (tx) => {
    // Stock and price are goods_stock's (migration 0034).
    const updated = await tx
      .update(goodsStock)
      .set({
        ...(change.stock !== undefined ? { stock: change.stock } : {}),
        ...(change.basePrice !== undefined ? { basePrice: change.basePrice } : {}),
        updatedAt: now,
      })
      .where(eq(goodsStock.goodsId, goodsId))
      .returning({ id: goodsStock.goodsId });
    if (updated.length === 0) return null;
    return noteCatalogueChange(tx, [goodsId], 'stock', now);
  });
}

/** Adds a badge (`tags`, e.g. 赠, 换购) to goods that lack it; the goods changed are noted `edited`. */
export async function addGoodsTag(db: Db, goodsIds: readonly number[], tag: string, now: Date): Promise<number[]> {
  if (goodsIds.length === 0) return [];
  return withTx(db, async (tx) => {
    const changed = await tx
      .update(goods)
      .set({ tags: sql`array_append(${goods.tags}, ${tag}::text)`, updatedAt: now })
      .where(and(inArray(goods.id, [...goodsIds]), sql`NOT (${tag}::text = ANY(${goods.tags}))`))
      .returning({ id: goods.id });
    const ids = changed.map((r) => r.id);
    await noteCatalogueChange(tx, ids, 'edited', now);
    return ids;
  });
}

/** Takes a badge off every goods carrying it except `keep`; the goods changed are noted `edited`. */
export async function dropGoodsTag(db: Db, tag: string, keep: readonly number[], now: Date): Promise<number[]> {
  return withTx(db, async (tx) => {
    const changed = await tx
      .update(goods)
      .set({ tags: sql`array_remove(${goods.tags}, ${tag}::text)`, updatedAt: now })
      .where(and(sql`${tag}::text = ANY(${goods.tags})`, keep.length > 0 ? notInArray(goods.id, [...keep]) : undefined))
      .returning({ id: goods.id });
    const ids = changed.map((r) => r.id);
    await noteCatalogueChange(tx, ids, 'edited', now);
    return ids;
  });
}
