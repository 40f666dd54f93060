// GET /api/goods/list answered on the device from the catalogue pack when the server cannot be
// reached (issue 35 §2): the same filters (category at any level, maker, brand, badge tags, zone,
// free shipping, price range, in stock, keyword) and sorts as the server's list
// (server/services/goods/list/plan.ts), over the rows in memory (snapshot-rows.ts). Only once a
// whole pack is stored: goods merely seen would make a list look complete when it is not.
import type { GoodsListItem, GoodsListQuery, GoodsListResult } from '../domain/catalog';
import type { LocalDb, SnapshotRow } from './db';
import { searchScore, searchTermsOf } from './catalogue-snapshot';
import { currentPackState, snapshotRows, storedRow } from './snapshot-rows';

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

type RowOrder = (a: SnapshotRow, b: SnapshotRow) => number;

/** The sort's order, chosen once per list (not a switch per comparison of a 20,000-row sort). */
function orderOf(sort: GoodsListQuery['sort']): RowOrder {
  switch (sort) {
    case 'price_asc':
      return (a, b) => (a.item.base_price ?? 0) - (b.item.base_price ?? 0) || a.id - b.id;
    case 'price_desc':
      return (a, b) => (b.item.base_price ?? 0) - (a.item.base_price ?? 0) || b.id - a.id;
    case 'newest':
      return (a, b) => (b.pack?.created ?? 0) - (a.pack?.created ?? 0) || b.id - a.id;
    default:
      return (a, b) => b.item.sales - a.item.sales || a.id - b.id;
  }
}

/** Past this many rows before the page's end, the whole list is sorted instead of picked. */
const PICK_MAX = 200;

/**
 * The first `count` rows in `order` (a total order: every sort ends on the id), the same as
 * sorting all and slicing: kept in a short sorted array, each row compared with its last, so a
 * first page of a category of thousands costs one pass, not a sort of them all.
 */
function firstInOrder(rows: readonly SnapshotRow[], order: RowOrder, count: number): SnapshotRow[] {
  if (count > PICK_MAX) return [...rows].sort(order).slice(0, count);
  const best: SnapshotRow[] = [];
  for (const row of rows) {
    if (best.length === count && order(row, best[count - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && order(row, best[at - 1]!) < 0) at -= 1;
    best.splice(at, 0, row);
    if (best.length > count) best.pop();
  }
  return best;
}

/** The list as the server would answer it, from the pack; null when no whole pack is stored. */
export async function listLocal(db: LocalDb, q: GoodsListQuery): Promise<GoodsListResult | null> {
  const pack = await currentPackState(db);
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
  // null: the rows keep the snapshot's order (by id).
  let order: RowOrder | null;
  const terms = q.keywords ? searchTermsOf(q.keywords) : null;
  if (terms) {
    // A keyword: the goods the offline search finds, in the snapshot's order (by id) unless sorted.
    const type = q.type ?? 1;
    matched = rows.filter((r) => searchScore(r, terms, type) !== null && matches(r, q, tags, pricesShown));
    order = q.sort && q.sort !== 'default' ? orderOf(q.sort) : null;
  } else {
    matched = rows.filter((r) => matches(r, q, tags, pricesShown));
    order = orderOf(!pricesShown && (q.sort === 'price_asc' || q.sort === 'price_desc') ? 'default' : q.sort);
  }
  // Makers with as many goods keep the order of their first goods in the list (as when the
  // list was sorted whole and counted in that order).
  const makers = new Map<number, { id: number; name: string; count: number; first: SnapshotRow }>();
  for (const r of matched) {
    const id = r.pack?.manufacturerId;
    if (id === undefined) continue;
    const m = makers.get(id);
    if (!m) makers.set(id, { id, name: r.item.sccj, count: 1, first: r });
    else {
      m.count += 1;
      if (order && order(r, m.first) < 0) {
        m.first = r;
        m.name = r.item.sccj;
      }
    }
  }
  const manufacturers = [...makers.values()]
    .sort((a, b) => b.count - a.count || (order ? order(a.first, b.first) : 0))
    .slice(0, 30)
    .map(({ id, name, count }) => ({ id, name, count }));
  const end = page * pageSize;
  const upToPage = order ? firstInOrder(matched, order, end) : matched.slice(0, end);
  const list = upToPage.slice((page - 1) * pageSize, end).map((r) => r.item);
  return {
    list,
    total: matched.length,
    page,
    page_size: pageSize,
    facets: { manufacturers, brands: [] },
  };
}

/** A goods' list item from the snapshot (pack or seen), for the detail page with no server. */
export async function localGoods(db: LocalDb, id: number): Promise<GoodsListItem | null> {
  return (await storedRow(db, id))?.item ?? null;
}
