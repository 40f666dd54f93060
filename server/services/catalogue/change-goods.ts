// Changing a goods' stock or base price outside the console's editor (tests, scripts): the change,
// its log row and the alerts it fires commit together (noteCatalogueChange).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { goods } from '../../db/schema.ts';
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
    const updated = await tx
      .update(goods)
      .set({
        ...(change.stock !== undefined ? { stock: change.stock } : {}),
        ...(change.basePrice !== undefined ? { basePrice: change.basePrice } : {}),
        updatedAt: now,
      })
      .where(eq(goods.id, goodsId))
      .returning({ id: goods.id });
    if (updated.length === 0) return null;
    return noteCatalogueChange(tx, [goodsId], 'stock', now);
  });
}
