// Quick purchase on the device: the purchase history and saved lists (常购清单) as last read
// online, and matching a pasted list with no connection against the catalogue snapshot. The
// history and lists are small (hundreds of rows), read whole and replaced whole, so they live in
// `meta` rather than tables of their own (no schema version needed).
import type { GoodsListItem } from '../domain/catalog';
import { parsePastedList, type MatchedLine, type PurchaseHistoryRow, type SavedList } from '../domain/quick-purchase';
import { matchLinesLocally, type MatchCandidate } from '../domain/quick-purchase-match';
import { rememberGoods } from './catalogue-snapshot';
import { getMeta, setMeta, type LocalDb } from './db';
import { snapshotRows } from './snapshot-rows';
import { guardQuota } from './storage';

/** History rows kept: a clinic's whole regular assortment, with room. */
export const HISTORY_KEEP = 1000;

export interface QuickPurchaseCache {
  history: PurchaseHistoryRow[];
  lists: SavedList[];
}

/** Merges history rows read online (newest read wins per goods) and remembers their goods. */
export async function rememberHistory(db: LocalDb, rows: readonly PurchaseHistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await guardQuota(async () => {
    const prev = (await getMeta(db, 'purchaseHistory')) ?? [];
    const byId = new Map(prev.map((r) => [r.goods_id, r]));
    for (const r of rows) byId.set(r.goods_id, r);
    const merged = [...byId.values()].sort((a, b) => b.last_at - a.last_at).slice(0, HISTORY_KEEP);
    await setMeta(db, 'purchaseHistory', merged);
  });
  await rememberGoods(
    db,
    rows.flatMap((r) => (r.goods ? [r.goods] : [])),
  );
}

/** The saved lists as the server listed them (the whole set), with their goods remembered. */
export async function rememberLists(db: LocalDb, lists: readonly SavedList[]): Promise<void> {
  await guardQuota(() => setMeta(db, 'savedLists', [...lists]));
  await rememberGoods(
    db,
    lists.flatMap((l) => l.items.flatMap((i) => (i.goods ? [i.goods] : []))),
  );
}

export async function readQuickPurchase(db: LocalDb): Promise<QuickPurchaseCache> {
  return { history: (await getMeta(db, 'purchaseHistory')) ?? [], lists: (await getMeta(db, 'savedLists')) ?? [] };
}

/**
 * A pasted list matched with no connection: every goods the device knows (the snapshot: seen,
 * searched, downloaded, bought) is a candidate; barcodes come from the purchase history and the
 * snapshot (codes scanned online before, details that carried one); goods bought before win among
 * equally named ones, as on the server.
 */
export async function matchOffline(db: LocalDb, content: string): Promise<MatchedLine[]> {
  const lines = parsePastedList(content);
  const [rows, history, recent] = await Promise.all([
    snapshotRows(db),
    getMeta(db, 'purchaseHistory'),
    db.recentOrders.toArray(),
  ]);
  const barcodes = new Map((history ?? []).map((h) => [h.goods_id, h.barcode]));
  const seen = new Set<number>();
  const candidates: MatchCandidate[] = [];
  const add = (item: GoodsListItem, known = '') => {
    if (seen.has(item.id)) return;
    seen.add(item.id);
    candidates.push({ item, barcode: barcodes.get(item.id) || known });
  };
  for (const r of rows) add(r.item, r.barcode);
  for (const h of history ?? []) if (h.goods) add(h.goods);
  const preferred = new Set<number>((history ?? []).map((h) => h.goods_id));
  for (const o of recent) for (const l of o.order.lines) preferred.add(l.goods_id);
  return matchLinesLocally(lines, candidates, preferred);
}
