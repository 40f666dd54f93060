// The static part of GET /api/focus/common (hot terms, nav, category trees, brands), built from a
// handful of small queries and kept in memory per app instance for COMMON_TTL_MS: the catalogue
// changes rarely and every page load asks for it. The timestamp is never cached (the route adds it).
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { brands, categories, goods, hotKeywords, navItems } from '../../db/schema.ts';
import type { BrandItem, CategoryNode, CommonData, NavItem } from '@domain/contracts.ts';
import { CATEGORY_CHILDREN_SHOWN } from '@domain/constants.ts';

export const COMMON_TTL_MS = 60_000;
export const COMMON_BRAND_LIMIT = 30;
const CATEGORY_DEPTH = 3;

export type CommonStatic = Omit<CommonData, 'timestamp'>;

interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  logo: string;
  logo1: string;
  zone: 'standard' | 'zy' | 'qx';
}

/** SPEC §3 `childrenShow`: the first CATEGORY_CHILDREN_SHOWN children, in the console's order. */
function childrenShown(kids: readonly CategoryNode[]): number[] {
  return kids.slice(0, CATEGORY_CHILDREN_SHOWN).map((k) => k.id);
}

/** Builds the visible trees of every zone; a hidden category hides its whole subtree. */
export function buildCategoryTrees(rows: CategoryRow[]): Record<CategoryRow['zone'], CategoryNode[]> {
  const children = new Map<number | null, CategoryRow[]>();
  for (const r of rows) {
    const list = children.get(r.parentId);
    if (list) list.push(r);
    else children.set(r.parentId, [r]);
  }
  const grow = (r: CategoryRow, depth: number): CategoryNode => {
    const kids = depth < CATEGORY_DEPTH ? (children.get(r.id) ?? []).map((k) => grow(k, depth + 1)) : [];
    return { id: r.id, name: r.name, logo: r.logo, logo1: r.logo1, children: kids, childrenShow: childrenShown(kids) };
  };
  const trees: Record<CategoryRow['zone'], CategoryNode[]> = { standard: [], zy: [], qx: [] };
  for (const root of children.get(null) ?? []) trees[root.zone].push(grow(root, 1));
  return trees;
}

/** Keeps the nodes that hold, or have a descendant holding, one of `withGoods`. */
export function pruneTree(nodes: CategoryNode[], withGoods: ReadonlySet<number>): CategoryNode[] {
  const out: CategoryNode[] = [];
  for (const n of nodes) {
    const kids = pruneTree(n.children, withGoods);
    if (kids.length > 0 || withGoods.has(n.id)) out.push({ ...n, children: kids, childrenShow: childrenShown(kids) });
  }
  return out;
}

/** Categories with at least one on-sale free-shipping (包邮, yx=1) goods: one grouped, index-only query. */
async function freeShippingCategoryIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .select({ id: goods.categoryId })
    .from(goods)
    .where(and(eq(goods.isFreeShipping, true), eq(goods.isOnSale, true)))
    .groupBy(goods.categoryId);
  return new Set(rows.map((r) => r.id));
}

async function loadNav(db: Db): Promise<NavItem[]> {
  const rows = await db.select().from(navItems).orderBy(asc(navItems.sort), asc(navItems.id));
  const toItem = (r: (typeof rows)[number]): NavItem => ({
    id: r.id,
    name: r.name,
    url: r.url,
    image: r.image,
    is_open: r.isOpen ? 1 : 0,
    children: rows.filter((k) => k.parentId === r.id).map(toItem),
  });
  return rows.filter((r) => r.parentId === null).map(toItem);
}

export async function loadCommonStatic(db: Db): Promise<CommonStatic> {
  const [hot, nav, cats, yxIds, brandRows] = await Promise.all([
    db.select({ keyword: hotKeywords.keyword }).from(hotKeywords).orderBy(asc(hotKeywords.sort), asc(hotKeywords.id)),
    loadNav(db),
    db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        name: categories.name,
        logo: categories.logo,
        logo1: categories.logo1,
        zone: categories.zone,
      })
      .from(categories)
      .where(eq(categories.isShow, true))
      .orderBy(asc(categories.level), asc(categories.sort), asc(categories.id)),
    freeShippingCategoryIds(db),
    db
      .select({ id: brands.id, name: brands.name, logo: brands.logo })
      .from(brands)
      .where(eq(brands.isShow, true))
      .orderBy(asc(brands.sort), asc(brands.id))
      .limit(COMMON_BRAND_LIMIT),
  ]);
  const trees = buildCategoryTrees(cats);
  // The main menu lists every root (西药…计生, then 中药饮片, 医疗器械); the zone trees are subsets.
  const all = [...trees.standard, ...trees.zy, ...trees.qx];
  return {
    rnss: hot.map((h) => h.keyword),
    nav,
    category: all,
    category_yx: pruneTree(all, yxIds),
    category_zy: trees.zy,
    category_qx: trees.qx,
    brand: brandRows satisfies BrandItem[],
  };
}

interface CacheEntry {
  expiresAt: number;
  value: Promise<CommonStatic>;
}

// Keyed by the app's deps, so two apps in one process (tests) never share an entry.
const cache = new WeakMap<Deps, CacheEntry>();

/** The cached static part; concurrent misses share one load, and a failed load is not kept. */
export function commonStatic(deps: Deps): Promise<CommonStatic> {
  const now = deps.clock().getTime();
  const hit = cache.get(deps);
  if (hit && hit.expiresAt > now) return hit.value;
  const value = loadCommonStatic(deps.db);
  const entry: CacheEntry = { expiresAt: now + COMMON_TTL_MS, value };
  cache.set(deps, entry);
  value.catch(() => {
    if (cache.get(deps) === entry) cache.delete(deps);
  });
  return value;
}

/** Drops this instance's cached answer (the console changed the nav or hot words); others expire within COMMON_TTL_MS. */
export function forgetCommonStatic(deps: Deps): void {
  cache.delete(deps);
}
