// The console's goods list: free text over name, 通用名, 批准文号, barcode, manufacturer and the
// goods number; filters by category (any level), on sale, stock (low/out) and flag; server
// sorting and paging. Operators see every goods, on sale or not, 控销 or not.
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { categories, goods } from '../../../db/schema.ts';
import type { Paged } from '@domain/admin.ts';
import { LOW_STOCK_THRESHOLD } from '@domain/admin.ts';
import type {
  ConsoleGoodsRow,
  GoodsCategoryOption,
  GoodsFlag,
  GoodsSort,
  GoodsStockFilter,
} from '@domain/admin-goods.ts';
import { pageOf, rowsBefore } from '../../../db/paging.ts';
import { escapeLike } from '../../../db/like.ts';

export interface GoodsListQuery {
  q?: string;
  category?: number;
  onSale?: boolean;
  stock?: GoodsStockFilter;
  flag?: GoodsFlag;
  sort: GoodsSort;
  desc: boolean;
  page: number;
  size: number;
}

const FLAG_COLUMNS = {
  kx: goods.isKx,
  jxq: goods.isJxq,
  ephedrine: goods.isEphedrine,
  free_shipping: goods.isFreeShipping,
  dpby: goods.isDpby,
} as const;

const SORT_COLUMNS = {
  id: goods.id,
  name: goods.name,
  base_price: goods.basePrice,
  stock: goods.stock,
  sales_count: goods.salesCount,
  updated_at: goods.updatedAt,
} as const;

/** The flags a goods row carries, in GOODS_FLAGS order. */
export function flagsOf(g: {
  isKx: boolean;
  isJxq: boolean;
  isEphedrine: boolean;
  isFreeShipping: boolean;
  isDpby: boolean;
}): GoodsFlag[] {
  const on: Record<GoodsFlag, boolean> = {
    kx: g.isKx,
    jxq: g.isJxq,
    ephedrine: g.isEphedrine,
    free_shipping: g.isFreeShipping,
    dpby: g.isDpby,
  };
  return (Object.keys(on) as GoodsFlag[]).filter((k) => on[k]);
}

/** The list's filters as a condition (the catalogue export takes the same). */
export function whereOf(query: Pick<GoodsListQuery, 'q' | 'category' | 'onSale' | 'stock' | 'flag'>): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const text: SQL[] = [
      ilike(goods.name, pattern),
      ilike(goods.commonName, pattern),
      ilike(goods.approvalNo, pattern),
      ilike(goods.sccj, pattern),
      eq(goods.barcode, query.q),
    ];
    // A goods number typed alone finds that goods.
    if (/^\d{1,9}$/.test(query.q)) text.push(eq(goods.id, Number(query.q)));
    where.push(or(...text)!);
  }
  if (query.category !== undefined) {
    const c = query.category;
    where.push(or(eq(goods.categoryId, c), eq(goods.categoryL1, c), eq(goods.categoryL2, c))!);
  }
  if (query.onSale !== undefined) where.push(eq(goods.isOnSale, query.onSale));
  if (query.stock === 'out') where.push(lte(goods.stock, 0));
  if (query.stock === 'low') where.push(and(sql`${goods.stock} > 0`, lte(goods.stock, LOW_STOCK_THRESHOLD))!);
  if (query.flag) where.push(eq(FLAG_COLUMNS[query.flag], true));
  return where.length > 0 ? and(...where) : undefined;
}

export async function listConsoleGoods(db: Db, query: GoodsListQuery): Promise<Paged<ConsoleGoodsRow>> {
  const where = whereOf(query);
  const [{ total }] = await db.select({ total: count() }).from(goods).where(where);
  const column = SORT_COLUMNS[query.sort];
  // A goods number or barcode typed whole puts that goods on top, ahead of every goods whose
  // 批准文号 merely contains the digits.
  const exact =
    query.q && /^\d{1,20}$/.test(query.q)
      ? [
          sql`(${goods.barcode} = ${query.q}${/^\d{1,9}$/.test(query.q) ? sql` OR ${goods.id} = ${Number(query.q)}` : sql``}) DESC`,
        ]
      : [];
  const rows = await db
    .select({ g: goods, category: categories.name })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .where(where)
    // The id breaks ties, so paging never repeats or skips a row of equal price or stock.
    .orderBy(...exact, query.desc ? desc(column) : asc(column), query.desc ? desc(goods.id) : asc(goods.id))
    .limit(query.size)
    .offset(rowsBefore(query));
  return pageOf(
    query,
    total,
    rows.map(({ g, category }) => ({
      id: g.id,
      name: g.name,
      common_name: g.commonName,
      ypgg: g.ypgg,
      sccj: g.sccj,
      approval_no: g.approvalNo,
      barcode: g.barcode,
      category,
      base_price: g.basePrice,
      stock: g.stock,
      sales_count: g.salesCount,
      is_on_sale: g.isOnSale,
      flags: flagsOf(g),
      updated_at: g.updatedAt.getTime(),
    })),
  );
}

/** The category tree's first two levels, for the list's filter. */
export async function goodsCategoryOptions(db: Db): Promise<GoodsCategoryOption[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.level, [1, 2]))
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
  return rows.map((r) => ({ id: r.id, name: r.name, level: r.level, parent_id: r.parentId }));
}
