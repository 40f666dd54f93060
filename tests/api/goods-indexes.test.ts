// Migration 0033 (docs/decisions/goods-write-indexes.md): every goods update that is not HOT adds an
// entry to each index of goods, so the table carries only indexes a query uses. The console's and
// the 药检报告 keyword searches, which ILIKE name and sccj, still find goods without the trigram
// indexes that were dropped (their OR also tests approval_no, which no index covers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { rowsOf } from '../../server/services/goods/search.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
});
afterAll(() => t.close());

// Goods is a view since migration 0034: its indexes are its master row's and its stock row's.
const goodsIndexes = async (table = 'goods_master') =>
  rowsOf<{ name: string }>(
    await t.db.execute(sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table} ORDER BY indexname`),
  ).map((r) => r.name);

describe('goods indexes', () => {
  it('goods has no trigram index on name or sccj and no index over the zone flags together', async () => {
    const names = await goodsIndexes();
    expect(names).not.toContain('goods_name_trgm_idx');
    expect(names).not.toContain('goods_sccj_trgm_idx');
    expect(names).not.toContain('goods_zone_idx');
  });

  it('goods carries exactly the indexes its queries use (adding one is a decision: each costs every non-HOT write)', async () => {
    expect(await goodsIndexes()).toEqual([
      'goods_brand_idx',
      'goods_category_idx',
      'goods_category_l1_idx',
      'goods_category_l2_idx',
      'goods_common_name_prefix_idx',
      'goods_created_idx',
      'goods_external_code_uq',
      'goods_free_shipping_category_idx',
      'goods_manufacturer_idx',
      'goods_master_pkey',
      'goods_name_prefix_idx',
      'goods_pinyin_full_idx',
      'goods_pinyin_full_trgm_idx',
      'goods_pinyin_initials_idx',
      'goods_pinyin_initials_trgm_idx',
      'goods_sales_idx',
      'goods_search_grams_idx',
      'goods_tags_idx',
      'goods_zone_jxq_idx',
      'goods_zone_kx_idx',
      'goods_zone_qx_idx',
      'goods_zone_youx_idx',
      'goods_zone_yx_idx',
      'goods_zone_zy_idx',
    ]);
  });

  it('stock and base price live in the narrow goods_stock under its key and one price index, the master row under none of them', async () => {
    expect(await goodsIndexes('goods_stock')).toEqual([
      'goods_stock_brand_price_idx',
      'goods_stock_maker_price_idx',
      'goods_stock_pkey',
      'goods_stock_price_idx',
    ]);
    const columns = rowsOf<{ column_name: string }>(
      await t.db.execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'goods_master' AND column_name IN ('stock', 'base_price')`,
      ),
    );
    expect(columns).toEqual([]);
  });

  it('the console finds a goods by a fragment of its name and of its maker without those indexes', async () => {
    const ops = await operatorSignIn(t, 'operations');
    const [g] = rowsOf<{ id: number; name: string; sccj: string }>(
      await t.db.execute(
        sql`SELECT id, name, sccj FROM goods WHERE length(name) > 3 AND length(sccj) > 3 ORDER BY id LIMIT 1`,
      ),
    );
    const find = async (q: string) => {
      const res = await t.call('GET', `/api/admin/goods?q=${encodeURIComponent(q)}&page_size=100`, { cookie: ops });
      expect(res.status, res.body.msg).toBe(200);
      return (res.body.data.list as { id: number }[]).map((r) => r.id);
    };
    expect(await find(g.name.slice(1, -1))).toContain(g.id);
    expect(await find(g.sccj.slice(1, -1))).toContain(g.id);
  });
});
