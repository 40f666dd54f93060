// Migration 0031 (docs/decisions/catalogue-file.md "Speed"): goods pages keep a fifth free, so an
// update that changes no indexed column (stock) is HOT — no new entry in each of goods' indexes —
// even for goods bulk-loaded by the import; one that changes an indexed column (the base price) is not.
// Migration 0034: stock and base price live in goods_stock, so their updates leave the wide master
// row (and its ~30 indexes) untouched.
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

const counts = async (tx: typeof t.db, table: string) => {
  const [row] = rowsOf<{ upd: string | number; hot: string | number }>(
    await tx.execute(
      sql`SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_xact_user_tables WHERE relname = ${table}`,
    ),
  );
  return { upd: Number(row?.upd ?? 0), hot: Number(row?.hot ?? 0) };
};

interface Counts {
  upd: number;
  hot: number;
}

/** Updates and HOT updates of goods_stock and of goods_master that `write` made (inside one transaction). */
async function hotCounts(write: (tx: typeof t.db) => Promise<unknown>): Promise<{ stock: Counts; master: Counts }> {
  return withTx(t.db, async (tx) => {
    const before = { stock: await counts(tx, 'goods_stock'), master: await counts(tx, 'goods_master') };
    await write(tx);
    const after = { stock: await counts(tx, 'goods_stock'), master: await counts(tx, 'goods_master') };
    const diff = (a: Counts, b: Counts) => ({ upd: a.upd - b.upd, hot: a.hot - b.hot });
    return { stock: diff(after.stock, before.stock), master: diff(after.master, before.master) };
  });
}

describe('goods fillfactor', () => {
  it('the goods master and stock rows are stored with fillfactor 80', async () => {
    for (const table of ['goods_master', 'goods_stock']) {
      const [row] = rowsOf<{ reloptions: string[] | null }>(
        await t.db.execute(sql`SELECT reloptions FROM pg_class WHERE relname = ${table}`),
      );
      expect(row.reloptions, table).toContain('fillfactor=80');
    }
  });

  it('a stock or price update of goods writes goods_stock only: stock HOT where its page has room, price never', async () => {
    const stock = await hotCounts((tx) =>
      tx.execute(sql`UPDATE goods SET stock = stock + 1 WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`),
    );
    expect(stock.master).toEqual({ upd: 0, hot: 0 });
    expect(stock.stock.upd).toBe(ids.length);
    // Each page has room for some new versions (a fifth of it), not all of its rows' at once.
    expect(stock.stock.hot).toBeGreaterThanOrEqual(ids.length / 5);
    const price = await hotCounts((tx) =>
      tx.execute(sql`UPDATE goods SET base_price = base_price + 1 WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`),
    );
    expect(price).toEqual({ stock: { upd: ids.length, hot: 0 }, master: { upd: 0, hot: 0 } });
  });
});
