// The catalogue pack's goods as snapshot rows, built in memory from the stored chunks (one record a
// chunk, db.ts `packChunks`). The search, the category lists and the cart rules read rows; the
// store keeps the columns as the server sent them, since building and indexing a row per goods in
// IndexedDB cost ~0.75 ms a goods (15 s to store 20,000 goods, bench/catalogue-pack-device.ts).
import {
  packGoodsAt,
  packGoodsToListItem,
  plainColumns,
  type PackGoods,
  type PackOverlay,
} from '../domain/catalogue-pack';
import type { PackChunkRow, PackState, SnapshotRow } from './db';
import { yieldToPage } from './yield-to-page';

/** A search key: lower case, no spaces (the server's pinyin keys are already so). */
export const norm = (s: string | null | undefined): string => (s ?? '').toLowerCase().replace(/\s+/g, '');

/** A pack goods as a row: the list item for this company plus its search and list keys. */
export function packRowOf(
  g: PackGoods,
  overlay: PackOverlay,
  version: number,
  bytes: number,
  favorite = false,
): SnapshotRow {
  const item = packGoodsToListItem(g, overlay, favorite);
  const row: SnapshotRow = {
    id: g.id,
    item,
    seenAt: 0,
    nameKey: `${norm(item.name)} ${norm(item.common_name)}`,
    sccjKey: norm(item.sccj),
    approvalKey: norm(item.approval_no),
    categoryIds: [g.category_id, g.category_l2, g.category_l1],
    pack: {
      manufacturerId: g.manufacturer_id,
      sccjPyi: g.sccj_pyi,
      scopeClass: g.scope_class,
      sales: g.sales,
      created: g.created,
      version,
    },
    bytes,
  };
  if (g.py) row.py = g.py;
  if (g.pyi) row.pyi = g.pyi;
  if (g.barcode) row.barcode = g.barcode;
  return row;
}

/** Stored bytes a pack goods is counted for (its share of the uncompressed pack). */
export const packGoodsBytes = (state: Pick<PackState, 'rawBytes' | 'goods'>): number =>
  Math.ceil(state.rawBytes / Math.max(1, state.goods));

/** Rows built per slice when the page must keep the main thread (the background warm-up). */
const ROW_SLICE = 500;

/** Every goods of a stored chunk as rows, in id order; `sliced` gives the page the thread every ROW_SLICE rows. */
export async function chunkRows(
  record: PackChunkRow,
  state: Pick<PackState, 'overlay' | 'rawBytes' | 'goods'>,
  favorites: ReadonlySet<number>,
  sliced: boolean,
): Promise<SnapshotRow[]> {
  // Decoded a goods at a time within the slices: a whole chunk decoded at once was part of the
  // long tasks of the slow-4G download.
  const cols = plainColumns(record.chunk);
  const bytes = packGoodsBytes(state);
  const rows: SnapshotRow[] = [];
  for (let i = 0; i < record.chunk.count; i++) {
    if (sliced && i > 0 && i % ROW_SLICE === 0) await yieldToPage();
    const g = packGoodsAt(cols, i);
    rows.push(packRowOf(g, state.overlay, record.version, bytes, favorites.has(g.id)));
  }
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * A goods seen online (its row written by rememberGoods, without pack facts) that the pack also
 * carries: the seen item, with the pack's list facts and keys, so it stays in its category lists.
 */
export function withPackFacts(seen: SnapshotRow, packed: SnapshotRow): SnapshotRow {
  return {
    ...seen,
    categoryIds: [...new Set([...seen.categoryIds, ...packed.categoryIds])],
    ...(packed.pack ? { pack: packed.pack } : {}),
    ...((seen.py ?? packed.py) ? { py: seen.py ?? packed.py } : {}),
    ...((seen.pyi ?? packed.pyi) ? { pyi: seen.pyi ?? packed.pyi } : {}),
    ...((seen.barcode ?? packed.barcode) ? { barcode: seen.barcode ?? packed.barcode } : {}),
  };
}
