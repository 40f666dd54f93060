// The per-buyer catalogue snapshot: goods this buyer has seen (lists, detail, search) or
// downloaded for offline use, with this buyer's prices. Pages call rememberGoods() with what they
// show; the offline search reads it. Pinyin keys are not computed here (pinyin-pro is far too
// big for the page): they are the server's, stored when list items carry pinyin_full /
// pinyin_initials; until then search matches name, common name, 批准文号 and manufacturer.
import type { SearchType } from '../domain/contracts';
import type { GoodsListItem, GoodsListQuery, GoodsListResult } from '../domain/catalog';
import { setMeta, type LocalDb, type SnapshotRow } from './db';
import { guardQuota, isLocalStorageFullError } from './storage';
import { norm } from './pack-rows';
import { snapshotChanged, snapshotRows, storedRow } from './snapshot-rows';

/** Optional server fields (docs/offline.md asks the list endpoints to add them). */
type WithPinyin = GoodsListItem & { pinyin_full?: string | null; pinyin_initials?: string | null };

export function snapshotRowOf(item: GoodsListItem, now: number, prev?: SnapshotRow, categoryId?: number): SnapshotRow {
  const p = item as WithPinyin;
  const categoryIds = new Set(prev?.categoryIds ?? []);
  if (categoryId !== undefined) categoryIds.add(categoryId);
  const row: SnapshotRow = {
    id: item.id,
    item,
    seenAt: now,
    nameKey: `${norm(item.name)} ${norm(item.common_name)}`,
    sccjKey: norm(item.sccj),
    approvalKey: norm(item.approval_no),
    categoryIds: [...categoryIds],
    bytes: 0,
  };
  const py = norm(p.pinyin_full) || prev?.py;
  const pyi = norm(p.pinyin_initials) || prev?.pyi;
  if (py) row.py = py;
  if (pyi) row.pyi = pyi;
  const own = 'barcode' in item && typeof item.barcode === 'string' ? item.barcode : '';
  const barcode = own || prev?.barcode;
  if (barcode) row.barcode = barcode;
  row.bytes = JSON.stringify(row).length;
  return row;
}

export interface RememberOptions {
  now?: number;
  /** The category the items were listed under (download, category pages). */
  categoryId?: number;
}

/** Upserts goods the buyer has seen. Throws LocalStorageFullError when the disk is full. */
export function rememberGoods(
  db: LocalDb,
  items: readonly GoodsListItem[],
  opts: RememberOptions = {},
): Promise<number> {
  if (items.length === 0) return Promise.resolve(0);
  const now = opts.now ?? Date.now();
  return guardQuota(() =>
    db.transaction('rw', [db.catalogueSnapshot], async () => {
      const prev = await db.catalogueSnapshot.bulkGet(items.map((g) => g.id));
      const rows = items.map((g, i) => snapshotRowOf(g, now, prev[i], opts.categoryId));
      await db.catalogueSnapshot.bulkPut(rows);
      return rows.reduce((sum, r) => sum + r.bytes, 0);
    }),
  ).finally(() =>
    snapshotChanged(
      db,
      items.map((g) => g.id),
    ),
  );
}

/**
 * Drops stored copies of goods the server says are gone (the detail answered 商品不存在或已下架):
 * a retired goods must not stay findable and buyable offline from an old copy.
 */
export async function forgetGoods(db: LocalDb, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.catalogueSnapshot.bulkDelete([...ids]);
  snapshotChanged(db, ids);
}

export async function snapshotGoods(db: LocalDb, id: number): Promise<GoodsListItem | undefined> {
  return (await storedRow(db, id))?.item;
}

const ASCII = /^[a-z0-9]+$/;

/** One search term, prepared once per search, not once per row (the search walks every goods of the pack). */
interface Term {
  text: string;
  /** " <term>": the start of the common name inside nameKey. */
  spaced: string;
  ascii: boolean;
}

/** Lower is better; null = no match. */
function scoreTerm(row: SnapshotRow, term: Term, type: SearchType): number | null {
  const t = term.text;
  if (type === 2) {
    if (row.sccjKey.startsWith(t)) return 0;
    if (row.pack?.sccjPyi && term.ascii && row.pack.sccjPyi.startsWith(t)) return 1;
    return row.sccjKey.includes(t) ? 1 : null;
  }
  // nameKey is "<name> <common name>", each without spaces: a prefix of either, with no split per row.
  if (row.nameKey.startsWith(t) || row.nameKey.includes(term.spaced)) return 0;
  if (term.ascii) {
    if (row.pyi?.startsWith(t) || row.py?.startsWith(t)) return 1;
    if (row.pyi?.includes(t) || row.py?.includes(t)) return 3;
  }
  if (row.nameKey.includes(t)) return 2;
  if (row.approvalKey.includes(t)) return 4;
  if (row.barcode !== undefined && row.barcode === t) return 0;
  return null;
}

/** The keyword's terms, or null when it has none. */
export function searchTermsOf(keyword: string): Term[] | null {
  const terms = keyword
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .map((text) => ({ text, spaced: ` ${text}`, ascii: ASCII.test(text) }));
  return terms.length === 0 ? null : terms;
}

/**
 * The row's score for every term (summed), or null when a term does not match. A copy stored
 * marked 已下架 (from the favourites) is kept for them, never offered by search.
 */
export function searchScore(row: SnapshotRow, terms: readonly Term[], type: SearchType): number | null {
  if (row.item.off_sale === 1) return null;
  let score = 0;
  for (const t of terms) {
    const s = scoreTerm(row, t, type);
    if (s === null) return null;
    score += s;
  }
  return score;
}

export const LOCAL_SEARCH_LIMIT = 50;

/**
 * Searches the snapshot like GET /api/goods/search: type 1 by medicine name (name, common name,
 * pinyin full/initials, 批准文号), type 2 by manufacturer. Every space-separated term must match.
 * Best matches first (prefix before contains), then most recently seen.
 */
export async function searchLocal(
  db: LocalDb,
  keyword: string,
  type: SearchType = 1,
  limit: number = LOCAL_SEARCH_LIMIT,
): Promise<GoodsListItem[]> {
  const terms = searchTermsOf(keyword);
  if (!terms) return [];
  const hits: { row: SnapshotRow; score: number }[] = [];
  for (const row of await snapshotRows(db)) {
    const score = searchScore(row, terms, type);
    if (score !== null) hits.push({ row, score });
  }
  hits.sort((a, b) => a.score - b.score || b.row.seenAt - a.row.seenAt || a.row.id - b.row.id);
  return hits.slice(0, limit).map((h) => h.row.item);
}

export async function snapshotStats(db: LocalDb): Promise<{ goods: number; bytes: number }> {
  let bytes = 0;
  let goods = 0;
  await db.catalogueSnapshot.each((r) => {
    goods += 1;
    bytes += r.bytes;
  });
  return { goods, bytes };
}

// ---- download for offline use ------------------------------------------------------------------

export const DOWNLOAD_PAGE_SIZE = 100;

export interface DownloadProgress {
  categoryId: number;
  /** Goods stored so far in this download. */
  goods: number;
  /** Estimated bytes stored so far (JSON length). */
  bytes: number;
  budgetBytes: number;
  /** Goods the server reported for the categories started so far. */
  total: number;
}

export type DownloadStop = 'done' | 'budget' | 'cancelled' | 'quota' | 'error';

export interface DownloadResult {
  goods: number;
  bytes: number;
  stoppedBy: DownloadStop;
  error?: unknown;
}

export interface DownloadOptions {
  categoryIds: readonly number[];
  budgetBytes: number;
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
  pageSize?: number;
  now?: () => number;
}

export type FetchGoodsPage = (query: GoodsListQuery, signal?: AbortSignal) => Promise<GoodsListResult>;

function isAbort(err: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  const e = err as { kind?: unknown; name?: unknown } | null;
  return e?.kind === 'aborted' || e?.name === 'AbortError';
}

/**
 * Pages GET goods/list for each category into the snapshot until everything is stored or the
 * byte budget is used up. Cancel with `signal`. The snapshot's "as of" time is set when it ends
 * by itself (done or budget), which the offline banner shows.
 */
export async function downloadForOffline(
  db: LocalDb,
  fetchPage: FetchGoodsPage,
  opts: DownloadOptions,
): Promise<DownloadResult> {
  const now = opts.now ?? Date.now;
  const pageSize = opts.pageSize ?? DOWNLOAD_PAGE_SIZE;
  let goods = 0;
  let bytes = 0;
  let total = 0;
  const finish = async (stoppedBy: DownloadStop, error?: unknown): Promise<DownloadResult> => {
    if (stoppedBy === 'done' || stoppedBy === 'budget') await setMeta(db, 'catalogueAsOf', now());
    return error === undefined ? { goods, bytes, stoppedBy } : { goods, bytes, stoppedBy, error };
  };

  for (const categoryId of opts.categoryIds) {
    for (let page = 1; ; page++) {
      if (opts.signal?.aborted) return finish('cancelled');
      if (bytes >= opts.budgetBytes) return finish('budget');
      let result: GoodsListResult;
      try {
        result = await fetchPage({ category_id: categoryId, page, page_size: pageSize }, opts.signal);
      } catch (err) {
        return isAbort(err, opts.signal) ? finish('cancelled') : finish('error', err);
      }
      if (page === 1) total += result.total;
      if (opts.signal?.aborted) return finish('cancelled');
      // Only what fits: the budget is a promise to the buyer about their disk.
      const t = now();
      const fitting: GoodsListItem[] = [];
      let pageBytes = 0;
      for (const item of result.list) {
        const size = snapshotRowOf(item, t, undefined, categoryId).bytes;
        if (bytes + pageBytes + size > opts.budgetBytes) break;
        fitting.push(item);
        pageBytes += size;
      }
      try {
        await rememberGoods(db, fitting, { now: t, categoryId });
      } catch (err) {
        if (isLocalStorageFullError(err)) return finish('quota', err);
        throw err;
      }
      goods += fitting.length;
      bytes += pageBytes;
      opts.onProgress?.({ categoryId, goods, bytes, budgetBytes: opts.budgetBytes, total });
      if (fitting.length < result.list.length) return finish('budget');
      if (result.list.length < pageSize || page * pageSize >= result.total) break;
    }
  }
  return finish('done');
}
