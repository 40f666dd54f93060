// The catalogue snapshot held in memory for reading: with the whole pack on the device (20,000
// goods and more), a search or a category list that walked IndexedDB on every keystroke would
// spend its budget on the cursor alone. The rows are read once and kept until the table changes:
// every writer of the table calls snapshotChanged() after its write (catalogue-snapshot.ts,
// catalogue-pack.ts). Not Dexie's table hooks: an 'updating' hook makes every bulkPut read the
// rows it replaces first, which doubles the cost of storing a pack.
import type { LocalDb, SnapshotRow } from './db';

interface Held {
  generation: number;
  rows: Promise<SnapshotRow[]> | null;
  readAt: number;
}

const held = new WeakMap<LocalDb, Held>();

function holdOf(db: LocalDb): Held {
  let h = held.get(db);
  if (!h) {
    h = { generation: 0, rows: null, readAt: -1 };
    held.set(db, h);
  }
  return h;
}

/** Every write to the snapshot table calls this once it committed (or failed: a re-read is harmless). */
export function snapshotChanged(db: LocalDb): void {
  holdOf(db).generation += 1;
}

/** Every snapshot row, from memory while the table is unchanged. */
export function snapshotRows(db: LocalDb): Promise<SnapshotRow[]> {
  const h = holdOf(db);
  if (h.rows && h.readAt === h.generation) return h.rows;
  const generation = h.generation;
  const rows = db.catalogueSnapshot.toArray();
  h.rows = rows;
  h.readAt = generation;
  rows.catch(() => {
    if (h.rows === rows) h.rows = null;
  });
  return rows;
}
