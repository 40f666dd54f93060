// GET /api/goods/list answered on the device from the catalogue pack when the server cannot be
// reached (issue 35 §2): the same filters (category at any level, maker, brand, badge tags, zone,
// free shipping, price range, in stock, keyword) and sorts as the server's list
// (server/services/goods/list/plan.ts), over the rows in memory (snapshot-rows.ts). Only once a
// whole pack is stored: goods merely seen would make a list look complete when it is not.
import type { GoodsListItem, GoodsListQuery, GoodsListResult } from '../domain/catalog';
import type { LocalDb, SnapshotRow } from './db';
import { getMeta } from './db';
import { searchScore, searchTermsOf } from './catalogue-snapshot';
import { snapshotRows } from './snapshot-rows';

const ZONE_FIELD = {
  jxq: 'is_jxq',
  kx: 'is_kx',
  zy: 'is_zy',
  qx: 'is_qx',
  yx: 'is_free_shipping',
  youx: 'is_youx',
} as const satisfies Record<string, keyof GoodsListItem>;

const PAGE_SIZE_DEFAULT = 20;
const PAGE_SIZE_MAX = 100;

function matches(row: SnapshotRow, q: GoodsListQuery, tags: string[], pricesShown: boolean): boolean {
  const g = row.item;
  if (q.category_id !== undefined && !row.categoryIds.includes(q.category_id)) return false;
  if (q.manufacturer_id !== undefined && row.pack?.manufacturerId !== q.manufacturer_id) return false;
  if (q.brand_id !== undefined && g.brand_id !== q.brand_id) return false;
  if (tags.length > 0 && !g.tags.some((t) => tags.includes(t))) return false;
  if (q.zone && g[ZONE_FIELD[q.zone]] !== 1) return false;
  if (q.yx === 1 && g.is_free_shipping !== 1) return false;
  // As on the server: a price filter never applies where prices are hidden.
  if (pricesShown && q.price_min !== undefined && (g.base_price ?? 0) < q.price_min) return false;
  if (pricesShown && q.price_max !== undefined && (g.base_price ?? 0) > q.price_max) return false;
  if (q.in_stock === 1 && (g.number <= 0 || g.is_buy !== 1)) return false;
  return true;
}

function compare(sort: GoodsListQuery['sort'], a: SnapshotRow, b: SnapshotRow): number {
  switch (sort) {
    case 'price_asc':
      return (a.item.base_price ?? 0) - (b.item.base_price ?? 0) || a.id - b.id;
    case 'price_desc':
      return (b.item.base_price ?? 0) - (a.item.base_price ?? 0) || b.id - a.id;
    case 'newest':
      return (b.pack?.created ?? 0) - (a.pack?.created ?? 0) || b.id - a.id;
    default:
      return b.item.sales - a.item.sales || a.id - b.id;
  }
}

/** The list as the server would answer it, from the pack; null when no whole pack is stored. */
export async function listLocal(db: LocalDb, q: GoodsListQuery): Promise<GoodsListResult | null> {
  const pack = await getMeta(db, 'pack');
  if (!pack?.completeAt) return null;
  const page = Math.max(1, Math.floor(q.page ?? 1));
  const pageSize = Math.min(PAGE_SIZE_MAX, Math.max(1, Math.floor(q.page_size ?? PAGE_SIZE_DEFAULT)));
  const tags = (q.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const rows = await snapshotRows(db);
  const pricesShown = rows.some((r) => r.item.price !== null);
  let matched: SnapshotRow[];
  const terms = q.keywords ? searchTermsOf(q.keywords) : null;
  if (terms) {
    // A keyword: the goods the offline search finds, in the snapshot's order (by id) unless sorted.
    const type = q.type ?? 1;
    matched = rows.filter((r) => searchScore(r, terms, type) !== null && matches(r, q, tags, pricesShown));
    if (q.sort && q.sort !== 'default') matched.sort((a, b) => compare(q.sort, a, b));
  } else {
    matched = rows.filter((r) => matches(r, q, tags, pricesShown));
    const sort = !pricesShown && (q.sort === 'price_asc' || q.sort === 'price_desc') ? 'default' : q.sort;
    matched.sort((a, b) => compare(sort, a, b));
  }
  const makers = new Map<number, { id: number; name: string; count: number }>();
  for (const r of matched) {
    const id = r.pack?.manufacturerId;
    if (id === undefined) continue;
    const m = makers.get(id);
    if (m) m.count += 1;
    else makers.set(id, { id, name: r.item.sccj, count: 1 });
  }
  const list = matched.slice((page - 1) * pageSize, page * pageSize).map((r) => r.item);
  return {
    list,
    total: matched.length,
    page,
    page_size: pageSize,
    facets: { manufacturers: [...makers.values()].sort((a, b) => b.count - a.count).slice(0, 30), brands: [] },
  };
}

/** A goods' list item from the snapshot (pack or seen), for the detail page with no server. */
export async function localGoods(db: LocalDb, id: number): Promise<GoodsListItem | null> {
  return (await db.catalogueSnapshot.get(id))?.item ?? null;
}
