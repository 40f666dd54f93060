// 常购清单: named quick-purchase selections per company. Saving under an existing name replaces
// that list; reading shows each goods as it is now for this buyer (null when gone or hidden), so
// a reorder is the list's lines sent to POST /api/cart in one request.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { purchaseLists } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/envelope.ts';
import { withTx } from '../../db/tx.ts';
import { loadGoodsItems } from '../goods/item.ts';
import type { Viewer } from '../price-visibility.ts';
import { MAX_SAVED_LISTS, type SavedList } from '@domain/quick-purchase.ts';
import { visibleIds } from './history.ts';
import { goodsNames } from './names.ts';

export const LIST_NOT_FOUND = '常购清单不存在';

export interface ListItemInput {
  goods_id: number;
  number: number;
}

async function toViews(db: Db, viewer: Viewer, rows: (typeof purchaseLists.$inferSelect)[]): Promise<SavedList[]> {
  const ids = [...new Set(rows.flatMap((r) => r.items.map((i) => i.goods_id)))];
  const visible = await visibleIds(db, viewer, ids);
  const items = new Map((await loadGoodsItems(db, viewer, [...visible])).map((g) => [g.id, g]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    items: r.items.map((i) => ({
      goods_id: i.goods_id,
      number: i.number,
      name: i.name,
      goods: items.get(i.goods_id) ?? null,
    })),
    updated_at: Math.floor(r.updatedAt.getTime() / 1000),
  }));
}

export async function listSavedLists(db: Db, viewer: Viewer & { companyId: number }): Promise<SavedList[]> {
  const rows = await db
    .select()
    .from(purchaseLists)
    .where(eq(purchaseLists.companyId, viewer.companyId))
    .orderBy(desc(purchaseLists.updatedAt), asc(purchaseLists.id));
  return toViews(db, viewer, rows);
}

/** Creates the list, or replaces the company's list of the same name. */
export async function saveList(
  db: Db,
  viewer: Viewer & { companyId: number },
  name: string,
  input: readonly ListItemInput[],
  now: Date,
): Promise<SavedList> {
  // The same goods twice is one line with the numbers added, as in the cart.
  const merged = new Map<number, number>();
  for (const i of input) merged.set(i.goods_id, (merged.get(i.goods_id) ?? 0) + i.number);
  const visible = await visibleIds(db, viewer, [...merged.keys()]);
  const unknown = [...merged.keys()].filter((id) => !visible.has(id));
  if (unknown.length > 0) throw badRequest('清单中有商品不存在或已下架', { goods_ids: unknown });
  const names = await goodsNames(db, [...merged.keys()]);
  const items = [...merged].map(([goods_id, number]) => ({ goods_id, number, name: names.get(goods_id) ?? '' }));
  const id = await withTx(db, async (tx) => {
    // Serialises one company's saves so the limit holds under concurrent requests.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7302, ${viewer.companyId})`);
    const [existing] = await tx
      .select({ id: purchaseLists.id })
      .from(purchaseLists)
      .where(and(eq(purchaseLists.companyId, viewer.companyId), eq(purchaseLists.name, name)));
    if (existing) {
      await tx.update(purchaseLists).set({ items, updatedAt: now }).where(eq(purchaseLists.id, existing.id));
      return existing.id;
    }
    const [{ n }] = await tx
      .select({ n: count() })
      .from(purchaseLists)
      .where(eq(purchaseLists.companyId, viewer.companyId));
    if (n >= MAX_SAVED_LISTS) throw badRequest(`常购清单最多保存${MAX_SAVED_LISTS}个，请先删除不用的清单`);
    const [row] = await tx
      .insert(purchaseLists)
      .values({ companyId: viewer.companyId, name, items, createdAt: now, updatedAt: now })
      .returning({ id: purchaseLists.id });
    return row.id;
  });
  const [row] = await db.select().from(purchaseLists).where(eq(purchaseLists.id, id));
  return (await toViews(db, viewer, [row]))[0];
}

/** Deletes one of the company's lists; another company's id answers like a missing one. */
export async function deleteList(db: Db, companyId: number, id: number): Promise<void> {
  const gone = await db
    .delete(purchaseLists)
    .where(and(eq(purchaseLists.id, id), eq(purchaseLists.companyId, companyId)))
    .returning({ id: purchaseLists.id });
  if (gone.length === 0) throw notFound(LIST_NOT_FOUND);
}
