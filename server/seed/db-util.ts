// Small database helpers for the seed: explicit ids (so related rows are built without read-backs),
// sequence repair after explicit ids, and chunked multi-row inserts.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Raw execute returns the driver's result; PGlite and node-postgres both carry `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The id after the table's largest (1 for an empty table). Table names are ours, never user input. */
export async function firstFreeId(db: Db, table: string): Promise<number> {
  const res = await db.execute(sql.raw(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM "${table}"`));
  return Number(rowsOf<{ next: number | string }>(res)[0].next);
}

/** Moves a serial's sequence past the largest id, so later inserts without an id do not collide. */
export async function syncSequence(db: Db, table: string): Promise<void> {
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE((SELECT MAX(id) FROM "${table}"), 0) + 1, false)`,
    ),
  );
}

/**
 * Drops the secondary indexes of `tables` (not those backing a primary key or constraint) and
 * returns a function that recreates them from their saved definitions. Building a GIN trigram
 * index once over 100,000 rows is several times faster than updating it row by row; inside the
 * seed's transaction nobody else sees the tables without them.
 */
export async function suspendIndexes(db: Db, tables: readonly string[]): Promise<() => Promise<void>> {
  const list = tables.map((t) => `'${t}'`).join(', ');
  const defs = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(
      sql.raw(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
         WHERE i.schemaname = 'public' AND i.tablename IN (${list})
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
         ORDER BY i.indexname`,
      ),
    ),
  );
  for (const d of defs) await db.execute(sql.raw(`DROP INDEX "public"."${d.indexname}"`));
  return async () => {
    for (const d of defs) await db.execute(sql.raw(d.indexdef));
  };
}

// Bulk inserts are the db layer's (services write goods with them too).
export { insertJson } from '../db/bulk-insert.ts';
