// The catalogue snapshot held in memory for reading: with the whole pack on the device (20,000
// goods and more), a search or a category list that walked IndexedDB on every keystroke would
// spend its budget on the cursor alone. The rows are read once and then kept current: every
// writer of the table calls snapshotChanged() after its write (catalogue-snapshot.ts,
// catalogue-pack.ts), naming the goods it wrote, and the next read fetches only those rows again.
// A list page seen online or a delta of 200 goods must not make the next offline search read the
// whole pack again (7–12 s at 4× CPU on the device, bench/catalogue-pack-device.ts). Not Dexie's
// table hooks: an 'updating' hook makes every bulkPut read the rows it replaces first, which
// doubles the cost of storing a pack.
import type { LocalDb, SnapshotRow } from './db';
import { yieldToPage } from './yield-to-page';

interface Held {
  generation: number;
  /** In id order (the table's primary key), as toArray() gives them. */
  rows: Promise<SnapshotRow[]> | null;
  readAt: number;
  /** The goods written since the rows were read, or null when a write did not say (read all again). */
  changed: Set<number> | null;
}

const held = new WeakMap<LocalDb, Held>();

/** Rows read a slice at a time by the background warm-up, the page given the main thread between. */
const WARM_SLICE = 500;

function holdOf(db: LocalDb): Held {
  let h = held.get(db);
  if (!h) {
    h = { generation: 0, rows: null, readAt: -1, changed: null };
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

/** `rows` with the stored state of `ids`: replaced, removed when gone, added in id order when new. */
async function patched(db: LocalDb, base: Promise<SnapshotRow[]>, ids: number[]): Promise<SnapshotRow[]> {
  const rows = await base;
  const fresh = await db.catalogueSnapshot.bulkGet(ids);
  const byId = new Map<number, SnapshotRow | undefined>(ids.map((id, i) => [id, fresh[i]]));
  const out: SnapshotRow[] = [];
  for (const row of rows) {
    if (!byId.has(row.id)) out.push(row);
    else {
      const now = byId.get(row.id);
      if (now) out.push(now);
      byId.delete(row.id);
    }
  }
  const added = [...byId.values()].filter((r): r is SnapshotRow => r !== undefined);
  if (added.length === 0) return out;
  return [...out, ...added].sort((a, b) => a.id - b.id);
}

/** Reads the rows again (all, or only the changed ones) unless the held copy is current. */
function refresh(db: LocalDb, h: Held, readAll: () => Promise<SnapshotRow[]>): Promise<SnapshotRow[]> {
  if (h.rows && h.readAt === h.generation) return h.rows;
  const rows = h.rows && h.changed !== null ? patched(db, h.rows, [...h.changed]) : readAll();
  h.rows = rows;
  h.readAt = h.generation;
  h.changed = new Set();
  rows.catch(() => {
    if (h.rows === rows) {
      h.rows = null;
      h.changed = null;
    }
  });
  return rows;
}

/** Every snapshot row, from memory while the table is unchanged. */
export function snapshotRows(db: LocalDb): Promise<SnapshotRow[]> {
  return refresh(db, holdOf(db), () => db.catalogueSnapshot.toArray());
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

/**
 * Reads the snapshot into memory in the background (after the store opens with a whole pack, after
 * a pack is stored), so the first offline search does not wait for it. A write during the read
 * names its goods (snapshotChanged), which the next read fetches again.
 */
export function warmSnapshotRows(db: LocalDb): Promise<SnapshotRow[]> {
  return refresh(db, holdOf(db), () => readInSlices(db));
}
