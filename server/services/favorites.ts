// A company's favourite goods. Favourites belong to the company, so every user of a pharmacy
// shares them; goods are checked against what the viewer may see, so a favourite cannot be used
// to probe hidden goods.
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { favorites, goods } from '../db/schema.ts';
import { validationError } from '../http/envelope.ts';
import { controlledVisibleTo, type Viewer } from './price-visibility.ts';
import { loadGoodsItems } from './goods/item.ts';
import type { GoodsListItem } from '@domain/catalog.ts';
import type { Page } from '@domain/envelope.ts';

/** Goods the viewer may see: on sale, 控销 only for the entitled. */
function visibleTo(viewer: Viewer): SQL {
  return and(eq(goods.isOnSale, true), controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false))!;
}

/** 控销 goods only for the entitled; goods off sale stay (marked 已下架). */
function listedTo(viewer: Viewer): SQL | undefined {
  return controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false);
}

/**
 * A favourite taken off sale stays in the list, marked (`off_sale: 1`) and not buyable (`is_buy: 0`),
 * so the buyer sees why it cannot be reordered; the cart refuses it anyway.
 */
function markRetired(item: GoodsListItem, onSale: boolean): GoodsListItem {
  return onSale ? item : { ...item, off_sale: 1, is_buy: 0 };
}

/**
 * Newest first. Goods taken off sale are listed marked 已下架 (issue 32); goods out of the viewer's
 * reach (控销 without the entitlement) drop out of the list, not out of the table.
 */
export async function listFavorites(
  db: Db,
  companyId: number,
  viewer: Viewer,
  page: number,
  pageSize: number,
): Promise<Page<GoodsListItem>> {
  const where = and(eq(favorites.companyId, companyId), listedTo(viewer));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: favorites.goodsId, onSale: goods.isOnSale })
      .from(favorites)
      .innerJoin(goods, eq(goods.id, favorites.goodsId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.goodsId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(favorites).innerJoin(goods, eq(goods.id, favorites.goodsId)).where(where),
  ]);
  const onSale = new Map(rows.map((r) => [r.id, r.onSale]));
  const items = await loadGoodsItems(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  const list = items.map((item) => markRetired(item, onSale.get(item.id) === true));
  return { list, total: n, page, page_size: pageSize };
}

/** Every id must be goods the viewer may see (else 422 商品不存在, nothing added). */
export async function addFavorites(db: Db, companyId: number, viewer: Viewer, ids: number[], now: Date): Promise<void> {
  const known = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.id, ids), visibleTo(viewer)));
  if (known.length !== ids.length) throw validationError({ goods_ids: ['商品不存在'] });
  // Adding a favourite again is not an error; it keeps its original place in the list.
  await db
    .insert(favorites)
    .values(ids.map((goodsId) => ({ companyId, goodsId, createdAt: now })))
    .onConflictDoNothing();
}

/** Removes those of `ids` the company has; answers how many that was. */
export async function removeFavorites(db: Db, companyId: number, ids: number[]): Promise<number> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.companyId, companyId), inArray(favorites.goodsId, ids)))
    .returning({ id: favorites.goodsId });
  return removed.length;
}
