// GET /api/goods/list: every list, zone, brand and search-result page (GoodsListQuery in
// src/domain/catalog.ts). Also the brand zone list and 为你推荐, the other goods listings.
//
// Cost model (EXPLAIN on the 100,000-goods seed, docs/api-catalogue.md "List design"):
// - The page itself is `ORDER BY <sort> LIMIT n` walking an index in sort order (goods_sales_idx,
//   goods_category_*_idx (…, sales_count), goods_price_idx, goods_created_idx) with the other
//   filters checked per row, or a bitmap scan of a selective filter and a top-N sort: well under
//   a millisecond for page 1.
// - Counting is what costs: every match is a heap visit (the goods row is wide), tens of ms for
//   a big category. So the total is exact up to LIST_TOTAL_CAP and capped there (the pager
//   cannot go further either), it is computed together with the facets in one pass over at most
//   LIST_TOTAL_CAP + 1 matches, and that summary is cached per filter for SUMMARY_TTL_MS.
// - With keywords, the default order is relevance: the search tiers of goods-search.ts in rank
//   order, each alternative its own index-backed `ORDER BY sales_count DESC LIMIT n` statement,
//   exactly as the search box does it, so no statement ranks every match.
import { and, asc, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import { brands, categories, goods, manufacturers, orderLines, orders } from '../db/schema.ts';
import { forbidden, validationError } from '../http/envelope.ts';
import { parseOrThrow } from '../http/validate.ts';
import { ID_MAX, PAGE_SIZE_DEFAULT, blank, flagParam, intParam, pageParams } from '../http/params.ts';
import { manufacturerAlternatives, parseKeyword, rowsOf, searchTiers, type SearchQuery } from './goods-search.ts';
import { controlledVisibleTo, pricesVisibleTo, type Viewer } from './price-visibility.ts';
import { loadGoodsItems } from './goods-item.ts';
import type { GoodsListItem, GoodsListResult, GoodsSort, GoodsZone } from '../../src/domain/catalog.ts';
import type { Page } from '../../src/domain/envelope.ts';

/** Matches counted (and pages reachable); a total of exactly this reads "this many or more". */
export { LIST_TOTAL_CAP } from '../../src/domain/catalog.ts';
import { LIST_TOTAL_CAP } from '../../src/domain/catalog.ts';
export const FACET_LIMIT = 20;
export const SUMMARY_TTL_MS = 60_000;
const SUMMARY_CACHE_MAX = 500;
const PRICE_MAX_FEN = 100_000_000;

export const BADGE_TAGS: readonly string[] = ['优', '秒', '满', '换购', '赠', '特', '新'];
const TAGS_MAX = BADGE_TAGS.length;
export const KX_ZONE_REFUSED = '该专区仅对控销客户开放';

const ZONES = ['jxq', 'kx', 'zy', 'qx', 'yx', 'youx'] as const satisfies readonly GoodsZone[];
const SORTS = ['default', 'sales', 'price_asc', 'price_desc', 'newest'] as const satisfies readonly GoodsSort[];

// --- input ---------------------------------------------------------------------------------

const listQuery = z.object({
  ...pageParams,
  keywords: z.string({ error: '搜索关键词格式错误' }).optional(),
  type: z.preprocess(blank, z.enum(['1', '2'], { error: '搜索类型无效' }).optional()),
  category_id: intParam('分类编号无效', 1, ID_MAX),
  manufacturer_id: intParam('生产厂家编号无效', 1, ID_MAX),
  brand_id: intParam('品牌编号无效', 1, ID_MAX),
  tags: z.preprocess(blank, z.union([z.string(), z.array(z.string())], { error: '商品标签无效' }).optional()),
  zone: z.preprocess(blank, z.enum(ZONES, { error: '专区无效' }).optional()),
  yx: flagParam('包邮参数无效'),
  price_min: intParam('最低价格式错误', 0, PRICE_MAX_FEN),
  price_max: intParam('最高价格式错误', 0, PRICE_MAX_FEN),
  in_stock: flagParam('有货参数无效'),
  sort: z.preprocess(blank, z.enum(SORTS, { error: '排序方式无效' }).optional()),
});

export interface ListFilter {
  keyword: SearchQuery | null;
  /** 1: the keyword is a goods name (default), 2: a manufacturer. */
  type: 1 | 2;
  categoryId?: number;
  manufacturerId?: number;
  brandId?: number;
  tags: string[];
  zone?: GoodsZone;
  yx: boolean;
  priceMin?: number;
  priceMax?: number;
  inStock: boolean;
  sort: GoodsSort;
}

export interface ListInput {
  filter: ListFilter;
  page: number;
  pageSize: number;
}

function parseTags(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return [];
  const parts = (Array.isArray(raw) ? raw : raw.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length > TAGS_MAX || parts.some((t) => !BADGE_TAGS.includes(t))) {
    throw validationError({ tags: ['商品标签无效'] });
  }
  return [...new Set(parts)].sort();
}

/** The raw query (bracket-parsed) → a checked ListInput; any problem is a 422. */
export function parseListQuery(raw: unknown): ListInput {
  const q = parseOrThrow(listQuery, raw);
  if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
    throw validationError({ price_min: ['最低价不能高于最高价'] });
  }
  return {
    filter: {
      keyword: parseKeyword(q.keywords),
      type: q.type === '2' ? 2 : 1,
      categoryId: q.category_id,
      manufacturerId: q.manufacturer_id,
      brandId: q.brand_id,
      tags: parseTags(q.tags),
      zone: q.zone,
      yx: q.yx ?? false,
      priceMin: q.price_min,
      priceMax: q.price_max,
      inStock: q.in_stock ?? false,
      sort: q.sort ?? 'default',
    },
    page: q.page ?? 1,
    pageSize: q.page_size ?? PAGE_SIZE_DEFAULT,
  };
}

// --- the plan: conditions and order --------------------------------------------------------

const ZONE_COLUMN = {
  jxq: goods.isJxq,
  kx: goods.isKx,
  zy: goods.isZy,
  qx: goods.isQx,
  yx: goods.isFreeShipping,
  youx: goods.isYoux,
} as const;

/** One statement's worth of a list: what matches, in which order. */
export interface ListPlan {
  /** ANDed; never empty (is_on_sale is always there). */
  base: SQL[];
  /** With a goods-name keyword: the search tiers in rank order, each a list of alternatives. */
  tiers: SQL[][] | null;
  /** 'relevance' only with a goods-name keyword and the default sort. */
  order: 'relevance' | Exclude<GoodsSort, 'default'>;
  /** Nothing can match (unknown category, no manufacturer for the keyword…). */
  empty: boolean;
  /** The filter as it applies to this viewer, for the summary cache. */
  key: string;
}

const categoryLevels = ttlCache<ReadonlyMap<number, number>>(SUMMARY_TTL_MS, 1);

/** Every category's level, cached: the table is small and read by every category page. */
async function loadCategoryLevels(db: Db): Promise<ReadonlyMap<number, number>> {
  const rows = await db.select({ id: categories.id, level: categories.level }).from(categories);
  return new Map(rows.map((r) => [r.id, r.level]));
}

async function categoryCondition(deps: Deps, id: number): Promise<SQL | null> {
  const level = (await categoryLevels(deps, '', () => loadCategoryLevels(deps.db))).get(id);
  if (level === undefined) return null;
  if (level === 1) return eq(goods.categoryL1, id);
  if (level === 2) return eq(goods.categoryL2, id);
  return eq(goods.categoryId, id);
}

/** Builds the plan; refuses the 控销 zone to viewers not entitled to it. */
export async function planList(deps: Deps, viewer: Viewer, f: ListFilter): Promise<ListPlan> {
  const { db } = deps;
  const controlled = controlledVisibleTo(viewer);
  const pricesShown = pricesVisibleTo(viewer);
  if (f.zone === 'kx' && !controlled) throw forbidden(KX_ZONE_REFUSED);

  let empty = false;
  const base: SQL[] = [eq(goods.isOnSale, true)];
  if (!controlled) base.push(eq(goods.isKx, false));
  if (f.zone) base.push(eq(ZONE_COLUMN[f.zone], true));
  if (f.yx && f.zone !== 'yx') base.push(eq(goods.isFreeShipping, true));
  if (f.categoryId !== undefined) {
    const cond = await categoryCondition(deps, f.categoryId);
    if (cond) base.push(cond);
    else empty = true;
  }
  if (f.manufacturerId !== undefined) base.push(eq(goods.manufacturerId, f.manufacturerId));
  if (f.brandId !== undefined) base.push(eq(goods.brandId, f.brandId));
  if (f.tags.length > 0) {
    base.push(sql`${goods.tags} && ARRAY[${sql.join(f.tags.map((t) => sql`${t}`), sql`, `)}]::text[]`);
  }
  // Price filters and price sorts would reveal prices to a viewer who may not see them.
  const priceMin = pricesShown ? f.priceMin : undefined;
  const priceMax = pricesShown ? f.priceMax : undefined;
  if (priceMin !== undefined) base.push(sql`${goods.basePrice} >= ${priceMin}`);
  if (priceMax !== undefined) base.push(sql`${goods.basePrice} <= ${priceMax}`);
  if (f.inStock) base.push(sql`${goods.stock} > 0`, eq(goods.isBuy, true));

  let tiers: SQL[][] | null = null;
  if (f.keyword && !empty) {
    const makers = await manufacturerAlternatives(db, f.keyword);
    if (f.type === 2) {
      if (makers.length === 0) empty = true;
      else base.push(makers[0]);
    } else {
      // Parenthesised: drizzle's and() does not wrap its operands.
      tiers = searchTiers(f.keyword)
        .map((t) => (t.name === 'manufacturer' ? makers : t.alternatives).map((alt) => sql`(${alt})`))
        .filter((alts) => alts.length > 0);
    }
  }

  const sort = !pricesShown && (f.sort === 'price_asc' || f.sort === 'price_desc') ? 'default' : f.sort;
  const order = sort === 'default' ? (tiers ? 'relevance' : 'sales') : sort;
  const key = JSON.stringify([
    controlled,
    f.keyword?.text ?? null,
    f.keyword ? f.type : 0,
    f.categoryId ?? 0,
    f.manufacturerId ?? 0,
    f.brandId ?? 0,
    f.tags,
    f.zone ?? '',
    f.yx,
    priceMin ?? -1,
    priceMax ?? -1,
    f.inStock,
  ]);
  return { base, tiers, order, empty, key };
}

export function orderBy(order: Exclude<GoodsSort, 'default'>): SQL[] {
  switch (order) {
    case 'price_asc':
      return [asc(goods.basePrice), asc(goods.id)];
    case 'price_desc':
      return [desc(goods.basePrice), desc(goods.id)];
    case 'newest':
      return [desc(goods.createdAt), desc(goods.id)];
    case 'sales':
      return [desc(goods.salesCount), asc(goods.id)];
  }
}

const anyOf = (conds: SQL[]): SQL => (conds.length === 1 ? conds[0] : or(...conds)!);

// --- the page --------------------------------------------------------------------------------

/**
 * Ids of the first `need` matches in relevance order: tier by tier, each alternative the best
 * `need` by sales on its own index, a tier's alternatives merged by sales, earlier tiers first.
 * A tier can only repeat goods earlier tiers returned, so `LIMIT need` per statement is exact.
 */
async function relevanceIds(db: Db, plan: ListPlan, need: number): Promise<number[]> {
  const found = new Set<number>();
  for (const alternatives of plan.tiers ?? []) {
    const rows: { id: number; sales: number }[] = [];
    for (const alt of alternatives) rows.push(...(await tierStatement(db, plan, alt, need)));
    if (alternatives.length > 1) rows.sort((a, b) => b.sales - a.sales || a.id - b.id);
    for (const r of rows) {
      if (found.size >= need) break;
      found.add(r.id);
    }
    if (found.size >= need) break;
  }
  return [...found];
}

/** One relevance statement: the best `need` matches of one tier alternative, by sales. */
export function tierStatement(db: Db, plan: ListPlan, alt: SQL, need: number) {
  return db
    .select({ id: goods.id, sales: goods.salesCount })
    .from(goods)
    .where(and(...plan.base, alt))
    .orderBy(desc(goods.salesCount), asc(goods.id))
    .limit(need);
}

/** The page statement of an explicit (non-relevance) order. */
export function sortedStatement(db: Db, plan: ListPlan, order: Exclude<GoodsSort, 'default'>, offset: number, limit: number) {
  const where = plan.tiers ? and(...plan.base, anyOf(plan.tiers.flat())) : and(...plan.base);
  return db
    .select({ id: goods.id })
    .from(goods)
    .where(where)
    .orderBy(...orderBy(order))
    .limit(limit)
    .offset(offset);
}

/** Ids of one page; a page past LIST_TOTAL_CAP is empty. */
export async function pageIds(db: Db, plan: ListPlan, page: number, pageSize: number): Promise<number[]> {
  const offset = (page - 1) * pageSize;
  if (plan.empty || offset >= LIST_TOTAL_CAP) return [];
  const limit = Math.min(pageSize, LIST_TOTAL_CAP - offset);
  if (plan.order === 'relevance') return (await relevanceIds(db, plan, offset + limit)).slice(offset);
  return (await sortedStatement(db, plan, plan.order, offset, limit)).map((r) => r.id);
}

// --- total and facets ----------------------------------------------------------------------

export interface ListSummary {
  total: number;
  facets: GoodsListResult['facets'];
}

const EMPTY_SUMMARY: ListSummary = { total: 0, facets: { manufacturers: [], brands: [] } };

/** At most LIST_TOTAL_CAP + 1 matches with their manufacturer and brand, in no particular order. */
function sampleStatement(plan: ListPlan): SQL {
  const cap = LIST_TOTAL_CAP + 1;
  const where = and(...plan.base)!;
  if (!plan.tiers) {
    return sql`SELECT ${goods.manufacturerId} AS manufacturer_id, ${goods.brandId} AS brand_id
               FROM ${goods} WHERE ${where} LIMIT ${cap}`;
  }
  // One index-backed branch per alternative (an OR across index kinds would scan), deduplicated.
  const branches = plan.tiers.flat().map(
    (alt) => sql`(SELECT ${goods.id} AS id, ${goods.manufacturerId} AS manufacturer_id, ${goods.brandId} AS brand_id
                  FROM ${goods} WHERE ${where} AND ${alt} LIMIT ${cap})`,
  );
  return sql`SELECT manufacturer_id, brand_id FROM (${sql.join(branches, sql` UNION `)}) AS matches LIMIT ${cap}`;
}

interface SummaryRow extends Record<string, unknown> {
  manufacturer_id: number | null;
  brand_id: number | null;
  by_manufacturer: number;
  by_brand: number;
  n: number;
}

/** The total and both facets in one pass over the sample (GROUPING SETS). */
export function summaryStatement(plan: ListPlan): SQL {
  return sql`
    SELECT manufacturer_id, brand_id,
           (GROUPING(brand_id) = 1 AND GROUPING(manufacturer_id) = 0) AS by_manufacturer,
           (GROUPING(manufacturer_id) = 1 AND GROUPING(brand_id) = 0) AS by_brand,
           count(*)::int AS n
    FROM (${sampleStatement(plan)}) AS sample
    GROUP BY GROUPING SETS ((manufacturer_id), (brand_id), ())`;
}

const topN = <T extends { id: number; n: number }>(rows: T[]): T[] =>
  rows.sort((a, b) => b.n - a.n || a.id - b.id).slice(0, FACET_LIMIT);

async function loadSummary(db: Db, plan: ListPlan): Promise<ListSummary> {
  const rows = rowsOf<SummaryRow>(await db.execute<SummaryRow>(summaryStatement(plan)));
  let total = 0;
  const makerCounts: { id: number; n: number }[] = [];
  const brandCounts: { id: number; n: number }[] = [];
  for (const r of rows) {
    if (r.by_manufacturer && r.manufacturer_id !== null) makerCounts.push({ id: r.manufacturer_id, n: r.n });
    else if (r.by_brand && r.brand_id !== null) brandCounts.push({ id: r.brand_id, n: r.n });
    else if (!r.by_manufacturer && !r.by_brand) total = r.n;
  }
  const makerTop = topN(makerCounts);
  const brandTop = topN(brandCounts);
  const [makerNames, brandNames] = await Promise.all([
    makerTop.length
      ? db
          .select({ id: manufacturers.id, name: manufacturers.name })
          .from(manufacturers)
          .where(inArray(manufacturers.id, makerTop.map((m) => m.id)))
      : Promise.resolve([]),
    brandTop.length
      ? db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(and(inArray(brands.id, brandTop.map((b) => b.id)), eq(brands.isShow, true)))
      : Promise.resolve([]),
  ]);
  const makerName = new Map(makerNames.map((m) => [m.id, m.name]));
  const brandName = new Map(brandNames.map((b) => [b.id, b.name]));
  return {
    total: Math.min(total, LIST_TOTAL_CAP),
    facets: {
      manufacturers: makerTop.flatMap((m) => {
        const name = makerName.get(m.id);
        return name === undefined ? [] : [{ id: m.id, name, count: Math.min(m.n, LIST_TOTAL_CAP) }];
      }),
      brands: brandTop.flatMap((b) => {
        const name = brandName.get(b.id);
        return name === undefined ? [] : [{ id: b.id, name }];
      }),
    },
  };
}

interface CacheEntry<T> {
  expiresAt: number;
  value: Promise<T>;
}

/**
 * A per-app (keyed by its deps, so apps in one process never share) TTL cache with LRU eviction.
 * Concurrent misses share one load; a failed load is not kept.
 */
function ttlCache<T>(ttlMs: number, max: number) {
  const caches = new WeakMap<Deps, Map<string, CacheEntry<T>>>();
  return (deps: Deps, key: string, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(deps);
    if (!cache) {
      cache = new Map();
      caches.set(deps, cache);
    }
    const now = deps.clock().getTime();
    const hit = cache.get(key);
    cache.delete(key);
    if (hit && hit.expiresAt > now) {
      cache.set(key, hit);
      return hit.value;
    }
    const value = load();
    const entry: CacheEntry<T> = { expiresAt: now + ttlMs, value };
    cache.set(key, entry);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
    const own = cache;
    value.catch(() => {
      if (own.get(key) === entry) own.delete(key);
    });
    return value;
  };
}

const summaries = ttlCache<ListSummary>(SUMMARY_TTL_MS, SUMMARY_CACHE_MAX);

/** The summary of a plan, from the cache when fresh. */
export function listSummary(deps: Deps, plan: ListPlan): Promise<ListSummary> {
  if (plan.empty) return Promise.resolve(EMPTY_SUMMARY);
  return summaries(deps, plan.key, () => loadSummary(deps.db, plan));
}

export async function listGoods(deps: Deps, viewer: Viewer, input: ListInput): Promise<GoodsListResult> {
  const plan = await planList(deps, viewer, input.filter);
  const [ids, summary] = await Promise.all([
    pageIds(deps.db, plan, input.page, input.pageSize),
    listSummary(deps, plan),
  ]);
  return {
    list: await loadGoodsItems(deps.db, viewer, ids),
    total: summary.total,
    page: input.page,
    page_size: input.pageSize,
    facets: summary.facets,
  };
}

// --- brand zone -------------------------------------------------------------------------------

export interface BrandListItem {
  id: number;
  name: string;
  logo: string;
  description: string;
  goods_count: number;
}

const brandCounts = ttlCache<ReadonlyMap<number, number>>(SUMMARY_TTL_MS, SUMMARY_CACHE_MAX);

/** On-sale goods per brand (控销 only when `controlled`), for the brands of one page. */
export function brandCountsStatement(db: Db, ids: number[], controlled: boolean) {
  return db
    .select({ id: goods.brandId, n: sql<number>`count(*)::int` })
    .from(goods)
    .where(and(inArray(goods.brandId, ids), eq(goods.isOnSale, true), controlled ? undefined : eq(goods.isKx, false)))
    .groupBy(goods.brandId);
}

async function loadBrandCounts(db: Db, ids: number[], controlled: boolean): Promise<ReadonlyMap<number, number>> {
  const rows = await brandCountsStatement(db, ids, controlled);
  return new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.n] as const])));
}

/**
 * Shown brands by sort, each with the number of goods the viewer may see. The counts read every
 * goods row of the page's brands, so they are cached like list totals.
 */
export async function listBrands(deps: Deps, viewer: Viewer, page: number, pageSize: number): Promise<Page<BrandListItem>> {
  const { db } = deps;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, logo: brands.logo, description: brands.description })
      .from(brands)
      .where(eq(brands.isShow, true))
      .orderBy(asc(brands.sort), asc(brands.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(brands).where(eq(brands.isShow, true)),
  ]);
  const ids = rows.map((r) => r.id);
  const controlled = controlledVisibleTo(viewer);
  const counts =
    ids.length === 0
      ? new Map<number, number>()
      : await brandCounts(deps, JSON.stringify([controlled, ids]), () => loadBrandCounts(db, ids, controlled));
  return {
    list: rows.map((r) => ({ ...r, goods_count: counts.get(r.id) ?? 0 })),
    total: n,
    page,
    page_size: pageSize,
  };
}

// --- 为你推荐 -------------------------------------------------------------------------------

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
