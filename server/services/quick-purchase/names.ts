// Goods names by id, for what is saved beside an id (a saved list keeps the name it was saved with).
import { goods } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { anyId } from '../cart/packed.ts';

export async function goodsNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: goods.id, name: goods.name, ypgg: goods.ypgg })
    .from(goods)
    .where(anyId(goods.id, ids));
  return new Map(rows.map((r) => [r.id, r.ypgg ? `${r.name} ${r.ypgg}` : r.name]));
}
