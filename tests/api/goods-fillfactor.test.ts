// Migration 0031 (docs/decisions/catalogue-file.md "Speed"): goods pages keep a fifth free, so an
// update that changes no indexed column (stock) is HOT — no new entry in each of goods' indexes —
// even for goods bulk-loaded by the import; one that changes an indexed column (the base price) is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertCatalogue, insertGoods } from '../fixtures/catalogue.ts';
import { withTx } from '../../server/db/tx.ts';
import { rowsOf } from '../../server/services/goods/search.ts';

let t: TestApp;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  ids = await insertGoods(
    t.db,
    cat,
    Array.from({ length: 60 }, (_, i) => ({ name: `填充测试药品${i}号`, stock: 10 })),
  );
});
afterAll(() => t.close());

const counts = async (tx: typeof t.db) => {
  const [row] = rowsOf<{ upd: string | number; hot: string | number }>(
    await tx.execute(
      sql`SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_xact_user_tables WHERE relname = 'goods'`,
    ),
  );
  return { upd: Number(row?.upd ?? 0), hot: Number(row?.hot ?? 0) };
};

/** Updates and HOT updates of goods that `write` made (inside one transaction). */
async function hotCounts(write: (tx: typeof t.db) => Promise<unknown>): Promise<{ upd: number; hot: number }> {
  return withTx(t.db, async (tx) => {
    const before = await counts(tx);
    await write(tx);
    const after = await counts(tx);
    return { upd: after.upd - before.upd, hot: after.hot - before.hot };
  });
}

describe('goods fillfactor', () => {
  it('goods is stored with fillfactor 80', async () => {
    const [row] = rowsOf<{ reloptions: string[] | null }>(
      await t.db.execute(sql`SELECT reloptions FROM pg_class WHERE relname = 'goods'`),
    );
    expect(row.reloptions).toContain('fillfactor=80');
  });

  it('a stock-only update is HOT where its page has room (none was before 0031); a base-price update never is', async () => {
    const stock = await hotCounts((tx) =>
      tx.execute(sql`UPDATE goods SET stock = stock + 1 WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`),
    );
    expect(stock.upd).toBe(ids.length);
    // Each page has room for some new versions (a fifth of it), not all of its rows' at once.
    expect(stock.hot).toBeGreaterThanOrEqual(ids.length / 5);
    const price = await hotCounts((tx) =>
      tx.execute(sql`UPDATE goods SET base_price = base_price + 1 WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`),
    );
    expect(price).toEqual({ upd: ids.length, hot: 0 });
  });
});
