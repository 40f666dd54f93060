// Bulk goods writes on real PostgreSQL (TEST_DATABASE_URL; skipped without it) keep buyers' reads
// of goods going (docs/decisions/goods-write-indexes.md): switching the GIN indexes' pending list
// on for a bulk write (gin-batch.ts) took an ACCESS EXCLUSIVE lock on them to the transaction's end,
// and planning any query on goods opens every goods index, so every list and search waited for a
// whole catalogue import or ERP batch. A read here waits at most lock_timeout and then fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { integrationClient, type MadeClient } from '../helpers/integration.ts';
import { withTx } from '../../server/db/tx.ts';
import { withGinBatched } from '../../server/services/admin/catalogue-file/gin-batch.ts';
import { rowsOf } from '../../server/services/goods/search.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('bulk goods writes on PostgreSQL', () => {
  let t: TestApp;
  let erp: MadeClient;

  beforeAll(async () => {
    t = await createTestApp({ databaseUrl, seed: 60 });
    erp = await integrationClient(t, ['stock:write']);
  }, 120_000);
  afterAll(() => t?.close());

  /** A buyer's kind of read of goods on another connection, refused if it has to wait for a lock. */
  const readGoodsBeside = () =>
    withTx(t.db, async (r) => {
      await r.execute(sql`SET LOCAL lock_timeout = '3s'`);
      return rowsOf<{ n: number | string }>(
        await r.execute(sql`SELECT count(*) AS n FROM goods WHERE name LIKE '%颗粒%' OR is_on_sale`),
      )[0]!.n;
    });

  it('a bulk write holds no lock on a goods index that stops readers, and a read beside it answers', async () => {
    await withTx(t.db, (tx) =>
      withGinBatched(tx, async () => {
        await tx.execute(sql`UPDATE goods SET stock = stock + 1, base_price = base_price + 1`);
        const blocking = rowsOf<{ relname: string }>(
          await tx.execute(sql`
            SELECT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_index i ON i.indexrelid = c.oid
            WHERE l.pid = pg_backend_pid() AND i.indrelid = 'goods'::regclass AND l.mode = 'AccessExclusiveLock'`),
        );
        expect(blocking.map((b) => b.relname)).toEqual([]);
        expect(Number(await readGoodsBeside())).toBeGreaterThan(0);
      }),
    );
  });

  it('an ERP stock batch of 60 goods applies on PostgreSQL (its GIN entries written with the rows)', async () => {
    const codes = rowsOf<{ external_code: string }>(
      await t.db.execute(sql`SELECT external_code FROM goods WHERE external_code <> '' ORDER BY id LIMIT 60`),
    );
    expect(codes).toHaveLength(60);
    const res = await erp.erp.post<{ applied: number; failed: number }>('/stock', {
      items: codes.map((c, i) => ({ external_code: c.external_code, seq: 1000 + i, stock: 777 })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.applied).toBe(60);
    const [left] = rowsOf<{ n: number | string }>(
      await t.db.execute(
        sql`SELECT count(*) AS n FROM goods WHERE external_code <> '' AND id IN (SELECT id FROM goods ORDER BY id LIMIT 60) AND stock <> 777`,
      ),
    );
    expect(Number(left!.n)).toBe(0);
  });
});
