// Transactions for services and handlers. drizzle's PgTransaction extends PgDatabase, so the
// transaction handle already is a `Db`: a service takes `Db` and runs the same inside a
// transaction or outside one, and no caller needs a cast.
import type { Db } from './client.ts';

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export function withTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx));
}
