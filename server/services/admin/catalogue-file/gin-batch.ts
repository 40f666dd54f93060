// Bulk writes to goods_master under its GIN search indexes. Most are built with fastupdate off (PGlite has
// no autovacuum to flush a pending list, schema.ts), which makes every inserted or updated row
// update each of them at once: ~4 ms a row on PGlite, 80 s for a 20,000-goods import. For the span
// of one bulk write this switches the pending list on for those indexes, then merges it into them
// in one sorted pass (gin_clean_pending_list) and switches it off again; indexes already on a
// pending list are left as they are. withGinBatched does it inside one writing transaction; the
// catalogue import, which writes in many short ones, switches on before its first and merges after
// its last, each step a short transaction of its own (import-run.ts).
//
// On PGlite only. `ALTER INDEX … SET (fastupdate)` takes an ACCESS EXCLUSIVE lock on the index,
// held to the end of the transaction, and planning any query on goods opens every goods index: on
// PostgreSQL every list, search and cart read of goods waited for the whole import or ERP batch
// (search p95 31 s during a 20,000-row import, bench/catalogue-import.ts --engine postgres). PGlite
// runs a transaction exclusively anyway, so there the lock keeps no reader waiting that the
// transaction did not already. On PostgreSQL the indexes keep their pending list (migration 0033),
// which autovacuum merges, so a bulk write there is as cheap without the switch
// (docs/decisions/goods-write-indexes.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../goods/search.ts';

/** Switches the pending list on for goods' GIN indexes built without one (PGlite only); answers their names. */
export async function ginBatchOn(tx: Db): Promise<string[]> {
  const indexes = rowsOf<{ name: string }>(
    await tx.execute(sql`
      SELECT c.relname AS name
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_am a ON a.oid = c.relam
      WHERE i.indrelid = 'goods_master'::regclass AND a.amname = 'gin'
        AND EXISTS (SELECT 1 FROM unnest(c.reloptions) o WHERE o IN ('fastupdate=false', 'fastupdate=off'))
        AND version() LIKE '%PGlite%'
      ORDER BY c.relname`),
  ).map((r) => r.name);
  for (const name of indexes) await tx.execute(sql`ALTER INDEX ${sql.identifier(name)} SET (fastupdate = on)`);
  return indexes;
}

/** Merges one index's pending list into it and switches the list off again (safe to repeat). */
export async function ginBatchOff(tx: Db, name: string): Promise<void> {
  await tx.execute(sql`SELECT gin_clean_pending_list(${name}::regclass)`);
  await tx.execute(sql`ALTER INDEX ${sql.identifier(name)} SET (fastupdate = off)`);
}

/** `write` with the pending list on, all in the caller's transaction `tx`. */
export async function withGinBatched<T>(tx: Db, write: () => Promise<T>): Promise<T> {
  const indexes = await ginBatchOn(tx);
  const result = await write();
  for (const name of indexes) await ginBatchOff(tx, name);
  return result;
}
