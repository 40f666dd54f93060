// 为你推荐 (GET /api/index_wntj): best sellers of the categories a company orders from, then
// best sellers overall.
import { and, asc, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goods, orderLines, orders } from '../../../db/schema.ts';
import { rowsOf } from '../search.ts';
import { loadGoodsItems } from '../item.ts';
import { controlledVisibleTo, type Viewer } from '../../price-visibility.ts';
import type { GoodsListItem } from '@domain/catalog.ts';

export const RECOMMEND_PAGE_SIZE = 12;
export const RECOMMEND_PAGES_MAX = 10;
/** How much order history shapes the picks: the latest orders, their top categories. */
const RECOMMEND_RECENT_ORDERS = 50;
const RECOMMEND_CATEGORIES = 5;

/** Goods a recommendation may show: on sale, buyable now, 控销 only for the entitled. */
function buyableNow(viewer: Viewer): SQL {
  return and(
    eq(goods.isOnSale, true),
    eq(goods.isBuy, true),
    sql`${goods.stock} > 0`,
    controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false),
  )!;
}

/** The level-2 categories the company bought most from (by lines) in its latest orders. */
async function orderedCategories(db: Db, companyId: number): Promise<number[]> {
  const recent = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), sql`${orders.status} <> 'cancelled'`))
    .orderBy(desc(orders.createdAt))
    .limit(RECOMMEND_RECENT_ORDERS)
    .as('recent');
  const rows = await db
    .select({ id: goods.categoryL2, n: sql<number>`count(*)::int` })
    .from(orderLines)
    .innerJoin(recent, eq(recent.id, orderLines.orderId))
    .innerJoin(goods, eq(goods.id, orderLines.goodsId))
    .groupBy(goods.categoryL2)
    .orderBy(desc(sql`count(*)`), asc(goods.categoryL2))
    .limit(RECOMMEND_CATEGORIES);
  return rows.map((r) => r.id);
}

/**
 * 为你推荐, page `page` of RECOMMEND_PAGE_SIZE: for a member's company, best sellers of the
 * categories it ordered from, then best sellers overall; for everyone else, best sellers.
 */
export async function recommendations(db: Db, viewer: Viewer, page: number): Promise<GoodsListItem[]> {
  const need = page * RECOMMEND_PAGE_SIZE;
  const picked: number[] = [];
  const cats = viewer.companyId === null ? [] : await orderedCategories(db, viewer.companyId);
  if (cats.length > 0) {
    // One walk of goods_category_l2_idx per category (an IN list would sort all their goods).
    const per = cats.map(
      (id) => sql`(SELECT ${goods.id} AS id, ${goods.salesCount} AS sales FROM ${goods}
                   WHERE ${goods.categoryL2} = ${id} AND ${buyableNow(viewer)}
                   ORDER BY ${goods.salesCount} DESC, ${goods.id} LIMIT ${need})`,
    );
    const res = await db.execute<{ id: number; sales: number }>(
      sql`SELECT id FROM (${sql.join(per, sql` UNION ALL `)}) AS picks ORDER BY sales DESC, id LIMIT ${need}`,
    );
    picked.push(...rowsOf<{ id: number }>(res).map((r) => r.id));
  }
  if (picked.length < need) {
    const rest = await db
      .select({ id: goods.id })
      .from(goods)
      .where(and(buyableNow(viewer), picked.length ? notInArray(goods.id, picked) : undefined))
      .orderBy(desc(goods.salesCount), asc(goods.id))
      .limit(need - picked.length);
    picked.push(...rest.map((r) => r.id));
  }
  return loadGoodsItems(db, viewer, picked.slice((page - 1) * RECOMMEND_PAGE_SIZE, need));
}
