// GET /api/user/fast_buy: every goods the company bought before, one row per goods, with the
// last purchase (price, quantity, date), how many orders contained it, and the goods as it is
// now for this buyer (price, stock), sortable by each and filtered by a keyword.
//
// Which orders count: the company's own normal orders that were not cancelled (a store sees its
// own history; a head office sees its own, not its stores'). Points-mall orders are not goods
// purchases. The goods may since have gone off sale or become 控销: the row stays (the buyer
// recognises it from the last purchase), with `goods: null`, and cannot be added; a goods off
// sale says so (`off_sale: 1`, shown 已下架).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { anyId } from '../cart/packed.ts';
import type { Db } from '../../db/client.ts';
import { goods, goodsPrices, orderLines, orders } from '../../db/schema.ts';
import { rowsOf, visibleGoodsRow } from '../goods/search.ts';
import { escapeLike } from '../../db/like.ts';
import { loadGoodsItems } from '../goods/item.ts';
import { controlledVisibleTo, pricesVisibleTo, type Viewer } from '../price-visibility.ts';
import type { HistoryOrder, PurchaseHistoryPage, PurchaseHistoryRow } from '@domain/quick-purchase.ts';

interface HistoryRow extends Record<string, unknown> {
  goods_id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  barcode: string;
  is_on_sale: boolean;
  last_price: number;
  last_number: number;
  times: number;
  last_at: Date | string;
  total: number;
}

export interface HistoryQuery {
  order: HistoryOrder;
  keywords: string;
  page: number;
  pageSize: number;
}

/** The ORDER BY of one order value (the goods id breaks ties, so pages never overlap). */
function orderSql(order: HistoryOrder, viewer: Viewer): SQL {
  const showPrices = pricesVisibleTo(viewer);
  // Goods the buyer can no longer buy have no current price or stock to sort by: they go last.
  const buyable = visibleGoodsRow(controlledVisibleTo(viewer));
  const desc = order.endsWith('_desc');
  const key = order.slice(0, order.lastIndexOf('_'));
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const column: Record<string, SQL> = {
    last_at: sql`h.last_at`,
    times: sql`h.times`,
    last_price: sql`h.last_price`,
    last_number: sql`h.last_number`,
    // Hidden prices are not a sort key: the order would reveal them.
    price: showPrices ? sql`CASE WHEN ${buyable} THEN COALESCE(gp.price, g.base_price) END` : sql`h.last_at`,
    stock: sql`CASE WHEN ${buyable} THEN g.stock END`,
    name: sql`h.name`,
  };
  return sql`${column[key] ?? sql`h.last_at`} ${dir} NULLS LAST, h.goods_id ${dir}`;
}

/** The keyword against the last-bought name and the goods' names, maker, codes and pinyin. */
function keywordSql(keywords: string): SQL {
  if (keywords === '') return sql`TRUE`;
  const like = `%${escapeLike(keywords)}%`;
  const latin = `%${escapeLike(keywords.toLowerCase().replace(/\s+/gu, ''))}%`;
  return sql`(h.name ILIKE ${like} OR g.name ILIKE ${like} OR g.common_name ILIKE ${like} OR g.sccj ILIKE ${like}
    OR g.approval_no ILIKE ${like} OR g.barcode = ${keywords} OR CAST(g.id AS text) = ${keywords}
    OR g.pinyin_initials LIKE ${latin} OR g.pinyin_full LIKE ${latin})`;
}

export async function purchaseHistory(
  db: Db,
  viewer: Viewer & { companyId: number },
  q: HistoryQuery,
): Promise<PurchaseHistoryPage> {
  const offset = (q.page - 1) * q.pageSize;
  const res = await db.execute<HistoryRow>(sql`
    WITH h AS (
      SELECT ol.goods_id,
             (array_agg(ol.name ORDER BY o.created_at DESC, ol.id DESC))[1] AS name,
             (array_agg(ol.sccj ORDER BY o.created_at DESC, ol.id DESC))[1] AS sccj,
             (array_agg(ol.ypgg ORDER BY o.created_at DESC, ol.id DESC))[1] AS ypgg,
             (array_agg(ol.bzdw ORDER BY o.created_at DESC, ol.id DESC))[1] AS bzdw,
             (array_agg(ol.price ORDER BY o.created_at DESC, ol.id DESC))[1] AS last_price,
             (array_agg(ol.number ORDER BY o.created_at DESC, ol.id DESC))[1] AS last_number,
             count(DISTINCT o.id)::int AS times,
             max(o.created_at) AS last_at
      FROM ${orderLines} ol
      JOIN ${orders} o ON o.id = ol.order_id
      WHERE o.company_id = ${viewer.companyId} AND o.status <> 'cancelled' AND o.kind = 'normal'
      GROUP BY ol.goods_id
    )
    SELECT h.*, g.barcode, g.is_on_sale, count(*) OVER ()::int AS total
    FROM h
    JOIN ${goods} g ON g.id = h.goods_id
    LEFT JOIN ${goodsPrices} gp ON gp.goods_id = g.id AND gp.rank = ${viewer.rank}
    WHERE ${keywordSql(q.keywords)}
    ORDER BY ${orderSql(q.order, viewer)}
    LIMIT ${q.pageSize} OFFSET ${offset}`);
  const rows = rowsOf<HistoryRow>(res);
  const visible = await visibleIds(
    db,
    viewer,
    rows.map((r) => r.goods_id),
  );
  const items = new Map((await loadGoodsItems(db, viewer, [...visible])).map((g) => [g.id, g]));
  const list: PurchaseHistoryRow[] = rows.map((r) => ({
    goods_id: r.goods_id,
    goods: items.get(r.goods_id) ?? null,
    off_sale: r.is_on_sale ? 0 : 1,
    name: r.name,
    sccj: r.sccj,
    ypgg: r.ypgg,
    bzdw: r.bzdw,
    barcode: r.barcode,
    last_price: Number(r.last_price),
    last_number: Number(r.last_number),
    times: Number(r.times),
    last_at: Math.floor(new Date(r.last_at).getTime() / 1000),
  }));
  // A page past the end still says how many rows there are.
  const total = rows[0]?.total ?? (offset > 0 ? await countHistory(db, viewer.companyId, q.keywords) : 0);
  return { list, total: Number(total), page: q.page, page_size: q.pageSize };
}

async function countHistory(db: Db, companyId: number, keywords: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (
      SELECT ol.goods_id, (array_agg(ol.name ORDER BY o.created_at DESC))[1] AS name
      FROM ${orderLines} ol JOIN ${orders} o ON o.id = ol.order_id
      WHERE o.company_id = ${companyId} AND o.status <> 'cancelled' AND o.kind = 'normal'
      GROUP BY ol.goods_id) h
    JOIN ${goods} g ON g.id = h.goods_id
    WHERE ${keywordSql(keywords)}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** The ids among `ids` this viewer may see and buy from (on sale; 控销 only when entitled). */
export async function visibleIds(db: Db, viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        anyId(goods.id, [...new Set(ids)]),
        eq(goods.isOnSale, true),
        viewer.isSpecial ? undefined : eq(goods.isKx, false),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Goods ids the company bought before (the matcher prefers them among equals). */
export async function boughtGoodsIds(db: Db, companyId: number): Promise<Set<number>> {
  const res = await db.execute<{ goods_id: number }>(sql`
    SELECT DISTINCT ol.goods_id FROM ${orderLines} ol JOIN ${orders} o ON o.id = ol.order_id
    WHERE o.company_id = ${companyId} AND o.status <> 'cancelled' AND o.kind = 'normal'`);
  return new Set(rowsOf<{ goods_id: number }>(res).map((r) => r.goods_id));
}
