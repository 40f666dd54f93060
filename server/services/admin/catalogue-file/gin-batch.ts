// Bulk writes to goods under its GIN search indexes. They are built with fastupdate off (PGlite has
// no autovacuum to flush a pending list, schema.ts), which makes every inserted or renamed row
// update each index at once: ~4 ms a row on PGlite, 80 s for a 20,000-goods import. For the span of
// one bulk write this switches the pending list on, then merges it into the indexes in one sorted
// pass (gin_clean_pending_list) and switches it off again, all inside the writing transaction.
// ALTER INDEX … SET (fastupdate) takes a SHARE UPDATE EXCLUSIVE lock: readers and searches go on.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../goods/search.ts';

export async function withGinBatched<T>(tx: Db, write: () => Promise<T>): Promise<T> {
  const indexes = rowsOf<{ indexname: string }>(
    await tx.execute(sql`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'goods' AND indexdef LIKE '%USING gin%' ORDER BY indexname`),
  ).map((r) => r.indexname);
  for (const name of indexes) await tx.execute(sql`ALTER INDEX ${sql.identifier(name)} SET (fastupdate = on)`);
  const result = await write();
  for (const name of indexes) {
    await tx.execute(sql`SELECT gin_clean_pending_list(${name}::regclass)`);
    await tx.execute(sql`ALTER INDEX ${sql.identifier(name)} SET (fastupdate = off)`);
  }
  return result;
}
