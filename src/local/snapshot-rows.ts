// The catalogue snapshot held in memory for reading: the goods seen online (the catalogueSnapshot
// table) and the goods of the catalogue pack (built from its stored chunks, pack-rows.ts), one row
// per goods in id order. With the whole pack on the device (20,000 goods and more), a search or a
// category list that walked IndexedDB on every keystroke would spend its budget on the cursor alone.
//
// Read once, then kept current: every writer of the table calls snapshotChanged() after its write
// (catalogue-snapshot.ts, catalogue-pack.ts) naming the goods it wrote, and every writer of the
// pack's chunks calls packChunksChanged() naming the chunks; the next read fetches only those
// again. A list page seen online or a delta of 200 goods must not make the next offline search
// rebuild the whole pack. Not Dexie's table hooks: an 'updating' hook makes every bulkPut read the
// rows it replaces first.
//
// Which row wins for a goods in both: the table's (a delta's row, or a goods seen online after the
// pack, given the pack's list facts); a goods the change feed removed (PackState.gone) is left out
// unless the table has it again.
import { packChunkIds, packGoodsAt, plainColumns } from '../domain/catalogue-pack';
import { getMeta, type LocalDb, type PackChunkRow, type PackState, type SnapshotRow } from './db';
import { chunkRows, packGoodsBytes, packRowOf, withPackFacts } from './pack-rows';
import { yieldToPage } from './yield-to-page';

interface View {
  /** Every goods, in id order. */
  rows: SnapshotRow[];
  byId: Map<number, SnapshotRow>;
  /** The parts the view was merged from, kept to patch the next one. */
  table: Map<number, SnapshotRow>;
  chunks: Map<number, SnapshotRow[]>;
  overlayKey: string;
  /** The pack state the view was built with (every writer of it names a change, so it is as current as the rows). */
  state: PackState | undefined;
}

interface Held {
  generation: number;
  view: Promise<View> | null;
  /** The last view built, once built, and the generation it is current for. */
  ready: { view: View; generation: number } | null;
  readAt: number;
  /** Table goods written since the view was built, or null when a write did not say (read all again). */
  changed: Set<number> | null;
  /** Pack chunks written since, or null (rebuild every chunk). */
  chunksChanged: Set<number> | null;
}

const held = new WeakMap<LocalDb, Held>();

/** Table rows read a slice at a time by the background warm-up, the page given the main thread between. */
const WARM_SLICE = 500;

function holdOf(db: LocalDb): Held {
  let h = held.get(db);
  if (!h) {
    h = { generation: 0, view: null, ready: null, readAt: -1, changed: null, chunksChanged: null };
    held.set(db, h);
  }
  return h;
}

/**
 * Every write to the snapshot table calls this once it committed (or failed: a re-read is
 * harmless), with the ids it wrote or deleted; without ids (a clear) the whole table is read again.
 */
export function snapshotChanged(db: LocalDb, ids?: Iterable<number>): void {
  const h = holdOf(db);
  h.generation += 1;
  if (ids === undefined || h.changed === null) h.changed = null;
  else for (const id of ids) h.changed.add(id);
}

/** Every write to the pack's chunks calls this, with the chunk indexes; without, every chunk is read again. */
export function packChunksChanged(db: LocalDb, indexes?: Iterable<number>): void {
  const h = holdOf(db);
  h.generation += 1;
  if (indexes === undefined || h.chunksChanged === null) h.chunksChanged = null;
  else for (const i of indexes) h.chunksChanged.add(i);
}

/** The whole table in slices of WARM_SLICE rows by id, yielding between them: no long task. */
async function readInSlices(db: LocalDb): Promise<SnapshotRow[]> {
  const out: SnapshotRow[] = [];
  for (;;) {
    const last = out.at(-1);
    const where = last ? db.catalogueSnapshot.where(':id').above(last.id) : db.catalogueSnapshot.toCollection();
    const slice = await where.limit(WARM_SLICE).toArray();
    for (const row of slice) out.push(row);
    if (slice.length < WARM_SLICE) return out;
    await yieldToPage();
  }
}

async function tableOf(
  db: LocalDb,
  base: View | null,
  changed: Set<number> | null,
  sliced: boolean,
): Promise<Map<number, SnapshotRow>> {
  if (!base || changed === null) {
    const rows = sliced ? await readInSlices(db) : await db.catalogueSnapshot.toArray();
    return new Map(rows.map((r) => [r.id, r]));
  }
  if (changed.size === 0) return base.table;
  const ids = [...changed];
  const fresh = await db.catalogueSnapshot.bulkGet(ids);
  const table = new Map(base.table);
  ids.forEach((id, i) => {
    const row = fresh[i];
    if (row) table.set(id, row);
    else table.delete(id);
  });
  return table;
}

async function chunksOf(
  db: LocalDb,
  state: PackState | undefined,
  base: View | null,
  changed: Set<number> | null,
  overlayKey: string,
  sliced: boolean,
): Promise<Map<number, SnapshotRow[]>> {
  if (!state) return new Map();
  const whole = !base || changed === null || base.overlayKey !== overlayKey;
  const chunks = whole ? new Map<number, SnapshotRow[]>() : new Map(base.chunks);
  const toRead = whole ? await db.packChunks.toCollection().primaryKeys() : [...changed];
  if (toRead.length === 0) return chunks;
  const favorites = new Set((await db.favorites.where('on').equals(1).primaryKeys()) as number[]);
  for (const index of toRead) {
    // One chunk record at a time: a record is 2,000 goods' columns, read and built apart.
    const record = await db.packChunks.get(index);
    if (record) chunks.set(index, await chunkRows(record, state, favorites, sliced));
    else chunks.delete(index);
    if (sliced) await yieldToPage();
  }
  return chunks;
}

async function build(
  db: LocalDb,
  prev: Promise<View> | null,
  changed: Set<number> | null,
  chunksChanged: Set<number> | null,
  sliced: boolean,
): Promise<View> {
  let base: View | null = null;
  if (prev) base = await prev.catch(() => null);
  const state = await getMeta(db, 'pack');
  const overlayKey = state ? JSON.stringify(state.overlay) : '';
  const table = await tableOf(db, base, changed, sliced);
  const chunks = await chunksOf(db, state, base, chunksChanged, overlayKey, sliced);
  const gone = new Set(state?.gone ?? []);
  const byId = new Map<number, SnapshotRow>();
  // Mid-download a goods may be in an old version's chunk and a new one's: either row is the pack's
  // goods at one version (finishPack drops the old chunks).
  for (const index of [...chunks.keys()].sort((a, b) => a - b))
    for (const row of chunks.get(index)!) if (!gone.has(row.id)) byId.set(row.id, row);
  for (const row of table.values()) {
    const packed = byId.get(row.id);
    byId.set(row.id, packed && !row.pack ? withPackFacts(row, packed) : row);
  }
  const rows = [...byId.values()].sort((a, b) => a.id - b.id);
  return { rows, byId, table, chunks, overlayKey, state };
}

/** Builds the view again (the changed parts only) unless the held one is current. */
function refresh(db: LocalDb, h: Held, sliced: boolean): Promise<View> {
  if (h.view && h.readAt === h.generation) return h.view;
  const view = build(db, h.view, h.view ? h.changed : null, h.view ? h.chunksChanged : null, sliced);
  h.view = view;
  h.readAt = h.generation;
  h.changed = new Set();
  h.chunksChanged = new Set();
  const generation = h.generation;
  view.then(
    (built) => {
      if (h.view === view) h.ready = { view: built, generation };
    },
    () => undefined,
  );
  view.catch(() => {
    if (h.view === view) {
      h.view = null;
      h.changed = null;
      h.chunksChanged = null;
    }
  });
  return view;
}

/** Every snapshot row (seen and pack), from memory while nothing changed. */
export async function snapshotRows(db: LocalDb): Promise<SnapshotRow[]> {
  return (await refresh(db, holdOf(db), false)).rows;
}

/**
 * Builds the rows in memory in the background (after the store opens with a whole pack, after a
 * pack is stored), a chunk and a slice at a time, so the first offline search does not wait for it
 * and the page keeps the main thread. A write during the build names what it wrote, which the next
 * read fetches again.
 */
export async function warmSnapshotRows(db: LocalDb): Promise<SnapshotRow[]> {
  return (await refresh(db, holdOf(db), true)).rows;
}

/**
 * The pack state: the one the rows in memory were built with while they are current, else read from
 * the store. An offline list asks for it first, and at 4× CPU reading it from IndexedDB waited
 * 50–75 ms behind the page's drawing (session 16).
 */
export async function currentPackState(db: LocalDb): Promise<PackState | undefined> {
  const h = holdOf(db);
  if (h.ready && h.ready.generation === h.generation) return h.ready.view.state;
  return getMeta(db, 'pack');
}

/** A stored chunk record with its columns resolved, read once per lookup. */
interface ReadChunk {
  record: PackChunkRow;
  cols: unknown[][];
  ids: number[];
}

/**
 * Pack rows for goods ids the table does not have, from the chunks spanning them: the chunks' last
 * ids are read from the index (no record read), each id goes to the first chunk whose last id is at
 * or above it, and each record needed is read once — a delta of 200 goods reads at most the pack's
 * chunks, not 200 records.
 */
async function rowsInChunks(db: LocalDb, state: PackState, ids: readonly number[]): Promise<Map<number, SnapshotRow>> {
  const found = new Map<number, SnapshotRow>();
  const gone = new Set(state.gone ?? []);
  const wanted = ids.filter((id) => !gone.has(id));
  if (wanted.length === 0) return found;
  const lasts = (await db.packChunks.orderBy('last').keys()) as number[];
  const indexes = (await db.packChunks.orderBy('last').primaryKeys()) as number[];
  const read = new Map<number, ReadChunk | null>();
  const chunkAt = async (index: number): Promise<ReadChunk | null> => {
    if (!read.has(index)) {
      const record = await db.packChunks.get(index);
      read.set(index, record ? { record, cols: plainColumns(record.chunk), ids: packChunkIds(record.chunk) } : null);
    }
    return read.get(index)!;
  };
  const favorites = new Set((await db.favorites.bulkGet(wanted)).filter((f) => f?.on === 1).map((f) => f!.goodsId));
  for (const id of wanted) {
    // Mid-download two versions' chunks may overlap: the next candidates are tried.
    let k = lasts.findIndex((last) => last >= id);
    for (; k >= 0 && k < lasts.length; k++) {
      const chunk = await chunkAt(indexes[k]!);
      if (!chunk || chunk.record.first > id) continue;
      const at = chunk.ids.indexOf(id);
      if (at < 0) continue;
      found.set(
        id,
        packRowOf(
          packGoodsAt(chunk.cols, at),
          state.overlay,
          chunk.record.version,
          packGoodsBytes(state),
          favorites.has(id),
        ),
      );
      break;
    }
  }
  return found;
}

/**
 * The stored rows of `ids` (seen or pack), undefined where the device has none. From the rows in
 * memory when they are built and current; else from the table, and a goods only in the pack from
 * the chunk that spans it — a cart add online or a delta must not wait for 20,000 rows to be built.
 */
export async function storedRows(db: LocalDb, ids: readonly number[]): Promise<(SnapshotRow | undefined)[]> {
  const h = holdOf(db);
  if (h.ready && h.ready.generation === h.generation) {
    const { byId } = h.ready.view;
    return ids.map((id) => byId.get(id));
  }
  const rows = await db.catalogueSnapshot.bulkGet([...ids]);
  const missing = ids.filter((_, i) => rows[i] === undefined);
  if (missing.length === 0) return rows;
  const state = await getMeta(db, 'pack');
  if (!state) return rows;
  const packed = await rowsInChunks(db, state, missing);
  return ids.map((id, i) => rows[i] ?? packed.get(id));
}

/** One goods' stored row (seen or pack). */
export async function storedRow(db: LocalDb, id: number): Promise<SnapshotRow | undefined> {
  return (await storedRows(db, [id]))[0];
}
