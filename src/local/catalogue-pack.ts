// The catalogue pack on the device (issue 35 §1, docs/offline.md "The catalogue pack"): the whole
// catalogue this buyer's class may see, stored chunk by chunk into the catalogue snapshot table,
// so the offline search, category lists, detail and quick purchase read it as they read goods seen
// online. A download resumes where it stopped (the chunks already stored are skipped); once
// complete, the device follows the change feed from the pack's version. A new class (rank changed)
// or a feed too far behind fetches a new pack.
import type { CatalogueChangesPage } from '../domain/catalogue-changes';
import { checkPackChunk, packChunkIds, type PackChunk, type PackManifest } from '../domain/catalogue-pack';
import type { GoodsListItem } from '../domain/catalog';
import { getPlainJson, http } from '../http/client';
import { getMeta, setMeta, type LocalDb, type PackChunkRow, type PackState } from './db';
import { snapshotRowOf } from './catalogue-snapshot';
import { packGoodsBytes, packRowOf } from './pack-rows';
import { guardQuota, isLocalStorageFullError } from './storage';
import { packChunksChanged, snapshotChanged, storedRows } from './snapshot-rows';
import { yieldToPage } from './yield-to-page';

export { packRowOf } from './pack-rows';

/** How the device reaches the pack endpoints; tests may pass their own. */
export interface PackTransport {
  manifest(signal?: AbortSignal): Promise<PackManifest>;
  /** A chunk, or 'gone' when the server no longer serves that version (start again). */
  chunk(href: string, index: number, signal?: AbortSignal): Promise<PackChunk | 'gone'>;
  changes(since: number, after: number | null, signal?: AbortSignal): Promise<CatalogueChangesPage>;
}

const apiPath = (href: string): string => href.replace(/^\/api\//, '');

export const httpPackTransport: PackTransport = {
  manifest: (signal) => http.get<PackManifest>('goods/pack', undefined, { signal }),
  async chunk(href, index, signal) {
    const res = await getPlainJson<PackChunk>(`${apiPath(href)}/${index}`, signal);
    if (res.status === 410 || res.status === 403) return 'gone';
    if (!res.data) throw new Error(`catalogue pack chunk ${index}: HTTP ${res.status}`);
    return res.data;
  },
  changes: (since, after, signal) =>
    // pack=1: each goods also as the pack carries it (category, pinyin, 经营范围 class).
    http.get<CatalogueChangesPage>(
      'goods/changes',
      after === null ? { since, limit: CHANGES_PAGE, pack: 1 } : { since, after, limit: CHANGES_PAGE, pack: 1 },
      { signal },
    ),
};

const CHANGES_PAGE = 500;
/** More delta pages than this (10,000 changes) and a new pack is cheaper than the feed. */
export const MAX_DELTA_PAGES = 20;

export interface PackProgress {
  chunksStored: number;
  chunks: number;
  goodsStored: number;
  goods: number;
  bytes: number;
}

export type PackStop = 'done' | 'cancelled' | 'quota' | 'error';

export interface PackResult {
  stoppedBy: PackStop;
  goods: number;
  bytes: number;
  error?: unknown;
}

export interface PackDownloadOptions {
  onProgress?: (p: PackProgress) => void;
  signal?: AbortSignal;
  now?: () => number;
}

function isAbort(err: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  const e = err as { kind?: unknown; name?: unknown } | null;
  return e?.kind === 'aborted' || e?.name === 'AbortError';
}

export const readPackState = (db: LocalDb): Promise<PackState | undefined> => getMeta(db, 'pack');

function freshState(m: PackManifest): PackState {
  return {
    class: m.class,
    version: m.version,
    after: null,
    packVersion: m.version,
    href: m.href,
    chunks: m.chunks,
    stored: [],
    goods: m.goods,
    bytes: m.bytes,
    rawBytes: m.raw_bytes,
    builtAt: m.built_at,
    overlay: m.overlay,
    completeAt: null,
    syncedAt: null,
    gone: [],
  };
}

/**
 * Downloads the buyer's class pack, or the rest of it: chunks already stored for the same
 * (class, version) are skipped. A pack of another class empties the snapshot first (its goods and
 * prices belong to the other class). When every chunk is stored, goods the pack no longer has are
 * removed, and the snapshot's "as of" time is set.
 */
export async function downloadPack(
  db: LocalDb,
  transport: PackTransport,
  opts: PackDownloadOptions = {},
): Promise<PackResult> {
  const now = opts.now ?? Date.now;
  let goodsStored = 0;
  let bytes = 0;
  const stop = (stoppedBy: PackStop, error?: unknown): PackResult =>
    error === undefined ? { stoppedBy, goods: goodsStored, bytes } : { stoppedBy, goods: goodsStored, bytes, error };
  for (let attempt = 0; attempt < 2; attempt++) {
    let manifest: PackManifest;
    try {
      manifest = await transport.manifest(opts.signal);
    } catch (err) {
      return isAbort(err, opts.signal) ? stop('cancelled') : stop('error', err);
    }
    let state = await readPackState(db);
    if (state && state.class !== manifest.class) {
      // Another class's prices and 控销 goods must not stay on the device.
      await db.transaction('rw', [db.catalogueSnapshot, db.packChunks, db.meta], async () => {
        await db.catalogueSnapshot.clear();
        await db.packChunks.clear();
        await db.meta.delete('pack');
      });
      snapshotChanged(db);
      packChunksChanged(db);
      state = undefined;
    }
    const resuming = state && state.completeAt === null && state.packVersion === manifest.version;
    if (!resuming) {
      state = { ...freshState(manifest), ...(state?.completeAt ? { syncedAt: state.syncedAt } : {}) };
      await setMeta(db, 'pack', state);
      // The rows in memory hold the pack state they were built with: a new download is a change.
      packChunksChanged(db, []);
    }
    let current = state!;
    goodsStored = 0;
    bytes = 0;
    const report = () =>
      opts.onProgress?.({
        chunksStored: current.stored.length,
        chunks: current.chunks,
        goodsStored,
        goods: current.goods,
        bytes,
      });
    report();
    let gone = false;
    const missing = [...Array(current.chunks).keys()].filter((i) => !current.stored.includes(i));
    // The next chunk is fetched while this one is stored: on a slow link the transfer and the
    // writes overlap instead of adding up (one chunk ahead at most).
    let ahead: Promise<PackChunk | 'gone'> | null = null;
    for (let k = 0; k < missing.length; k++) {
      const i = missing[k]!;
      if (opts.signal?.aborted) return stop('cancelled');
      let chunk: PackChunk | 'gone';
      try {
        chunk = await (ahead ?? transport.chunk(current.href, i, opts.signal));
      } catch (err) {
        return isAbort(err, opts.signal) ? stop('cancelled') : stop('error', err);
      }
      const after = missing[k + 1];
      ahead = chunk !== 'gone' && after !== undefined ? transport.chunk(current.href, after, opts.signal) : null;
      // Awaited on the next turn; a stop before that leaves it unobserved but never unhandled.
      ahead?.catch(() => undefined);
      if (chunk === 'gone') {
        gone = true;
        break;
      }
      if (opts.signal?.aborted) return stop('cancelled');
      checkPackChunk(chunk);
      const ids = packChunkIds(chunk);
      const perGoods = packGoodsBytes(current);
      const next: PackState = { ...current, stored: [...current.stored, i] };
      // One record for the chunk's 2,000 goods, its columns as they came: a row per goods with three
      // indexes cost ~0.75 ms a goods (15 s for 20,000 in Chromium, bench/catalogue-pack-device.ts).
      // The record and the chunk counted as stored go in one transaction.
      const record: PackChunkRow = {
        index: i,
        version: current.packVersion,
        first: Math.min(...ids),
        last: Math.max(...ids),
        chunk,
      };
      try {
        await guardQuota(() =>
          db.transaction('rw', [db.packChunks, db.meta], async () => {
            await db.packChunks.put(record);
            await setMeta(db, 'pack', next);
          }),
        );
      } catch (err) {
        if (isLocalStorageFullError(err)) return stop('quota', err);
        throw err;
      } finally {
        packChunksChanged(db, [i]);
      }
      current = next;
      goodsStored += ids.length;
      bytes += ids.length * perGoods;
      report();
      await yieldToPage();
    }
    if (gone) continue;
    await finishPack(db, current, now());
    return stop('done');
  }
  return stop('error', new Error('catalogue pack: the server kept replacing the pack'));
}

/**
 * Every chunk stored: drop what is not this pack's — chunks of an earlier version the new pack has no
 * index for, rows seen before it or written by an earlier pack's deltas (the pack has them now).
 */
async function finishPack(db: LocalDb, state: PackState, at: number): Promise<void> {
  const { stale, oldChunks } = await db.transaction('rw', [db.catalogueSnapshot, db.packChunks, db.meta], async () => {
    const stale: number[] = [];
    await db.catalogueSnapshot.each((row) => {
      if (!row.pack || row.pack.version !== state.packVersion) stale.push(row.id);
    });
    await db.catalogueSnapshot.bulkDelete(stale);
    const oldChunks = (await db.packChunks.toCollection().primaryKeys()).filter(
      (index) => !state.stored.includes(index),
    );
    await db.packChunks.bulkDelete(oldChunks);
    await setMeta(db, 'pack', { ...state, completeAt: at, syncedAt: at });
    await setMeta(db, 'catalogueAsOf', at);
    return { stale, oldChunks };
  });
  snapshotChanged(db, stale);
  packChunksChanged(db, oldChunks);
}

export type DeltaOutcome = 'applied' | 'no-pack' | 'new-pack-needed';

/**
 * Applies the change feed since the pack's version: a changed goods replaces its row, built as a
 * pack row from the feed's `pack_goods` (a server without it: the list item, keeping the row's
 * category and list keys), a gone one is removed. Too many pages: 'new-pack-needed'.
 */
export async function applyPackDeltas(
  db: LocalDb,
  transport: PackTransport,
  now: () => number = Date.now,
  signal?: AbortSignal,
): Promise<DeltaOutcome> {
  let state = await readPackState(db);
  if (!state || state.completeAt === null) return 'no-pack';
  for (let page = 0; page < MAX_DELTA_PAGES; page++) {
    const feed = await transport.changes(state.version, state.after, signal);
    const live = feed.changes.filter((c): c is typeof c & { goods: GoodsListItem } => c.goods !== null);
    const goneIds = feed.changes.filter((c) => c.goods === null).map((c) => c.goods_id);
    const t = now();
    const liveIds = new Set(live.map((c) => c.goods_id));
    // The stored chunks still carry a removed goods: it is named in `gone` until the next pack.
    const gone = [...new Set([...(state.gone ?? []).filter((id) => !liveIds.has(id)), ...goneIds])];
    const next: PackState = { ...state, version: feed.next_since, after: feed.next_after, syncedAt: t, gone };
    const prev = await storedRows(
      db,
      live.map((c) => c.goods_id),
    );
    const perGoods = packGoodsBytes(state);
    const at = state;
    const rows = live.map((c, i) => {
      const before = prev[i];
      if (c.pack_goods) {
        // As a pack row: a goods created after the pack gets its category lists and 经营范围 class too.
        const row = packRowOf(c.pack_goods, at.overlay, at.packVersion, perGoods, before?.item.is_favorite === 1);
        row.seenAt = before?.seenAt ?? 0;
        return row;
      }
      const row = snapshotRowOf(c.goods, t, before);
      row.seenAt = before?.seenAt ?? 0;
      if (before?.pack) row.pack = { ...before.pack, sales: c.goods.sales };
      row.categoryIds = before?.categoryIds ?? [];
      row.bytes = before?.bytes ?? row.bytes;
      return row;
    });
    await guardQuota(() =>
      db.transaction('rw', [db.catalogueSnapshot, db.meta], async () => {
        await db.catalogueSnapshot.bulkPut(rows);
        await db.catalogueSnapshot.bulkDelete(goneIds);
        await setMeta(db, 'pack', next);
        await setMeta(db, 'catalogueAsOf', t);
      }),
    ).finally(() => snapshotChanged(db, [...live.map((c) => c.goods_id), ...goneIds]));
    state = next;
    if (!feed.has_more) return 'applied';
  }
  return 'new-pack-needed';
}

export interface PackSummary {
  goods: number;
  /** Compressed bytes transferred for the pack, and its size as stored (uncompressed JSON). */
  bytes: number;
  rawBytes: number;
  builtAt: string;
  completeAt: number | null;
  syncedAt: number | null;
  chunksStored: number;
  chunks: number;
}

export async function packSummary(db: LocalDb): Promise<PackSummary | null> {
  const s = await readPackState(db);
  if (!s) return null;
  return {
    goods: s.goods,
    bytes: s.bytes,
    rawBytes: s.rawBytes,
    builtAt: s.builtAt,
    completeAt: s.completeAt,
    syncedAt: s.syncedAt,
    chunksStored: s.stored.length,
    chunks: s.chunks,
  };
}
