// Transactions for services and handlers. drizzle's PgTransaction extends PgDatabase, so the
// transaction handle already is a `Db`: a service takes `Db` and runs the same inside a
// transaction or outside one, and no caller needs a cast.
//
// A transaction may carry work for its last moment (beforeCommit: statements that must be the
// last lock taken, like the catalogue's version counter) and for after it committed (afterCommit:
// telling in-process caches). A withTx inside another (a savepoint) shares the outer one's hooks:
// they run when the outermost transaction ends, which is when its writes become visible.
import type { Db } from './client.ts';

interface Frame {
  before: ((tx: Db) => Promise<void>)[];
  after: (() => void)[];
  /** Per-transaction state of callers (txLocal). */
  locals: Map<object, unknown>;
}

const frames = new WeakMap<Db, Frame>();

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const outer = frames.get(db);
  if (outer) {
    return db.transaction((tx) => {
      frames.set(tx, outer);
      return fn(tx);
    });
  }
  const frame: Frame = { before: [], after: [], locals: new Map() };
  const result = await db.transaction(async (tx) => {
    frames.set(tx, frame);
    const value = await fn(tx);
    // A hook may add another (it runs in order, each once).
    for (let i = 0; i < frame.before.length; i++) await frame.before[i]!(tx);
    return value;
  });
  for (const done of frame.after) done();
  return result;
}

/** Whether `db` is a transaction opened by withTx (so its hooks will run). */
export const inTx = (db: Db): boolean => frames.has(db);

/**
 * Runs `last` as the transaction's last statements, once, before it commits. Outside a withTx
 * transaction it runs at once in a transaction of its own.
 */
export async function beforeCommit(db: Db, last: (tx: Db) => Promise<void>): Promise<void> {
  const frame = frames.get(db);
  if (frame) frame.before.push(last);
  else await withTx(db, last);
}

/** Runs `done` after the transaction committed (never when it rolls back); at once outside one. */
export function afterCommit(db: Db, done: () => void): void {
  const frame = frames.get(db);
  if (frame) frame.after.push(done);
  else done();
}

/**
 * State one caller keeps for the whole (outermost) transaction, made by `init` on first use; null
 * outside a withTx transaction.
 */
export function txLocal<T>(db: Db, key: object, init: () => T): T | null {
  const frame = frames.get(db);
  if (!frame) return null;
  if (!frame.locals.has(key)) frame.locals.set(key, init());
  return frame.locals.get(key) as T;
}
