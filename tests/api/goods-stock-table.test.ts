// Stock and base price live in goods_stock, read through the `goods` view (migration 0034,
// docs/decisions/goods-write-indexes.md). What would break if a write went to the wrong place or
// lost a concurrent one: an ERP batch's new stock and price are what the buyer's list, keyword
// search, goods page and cart show at once; and checkouts racing ERP stock deltas and writes
// through the view (its INSTEAD OF trigger) lose no unit and never take stock below zero. Runs on
// PGlite and, when TEST_DATABASE_URL is set, also on that PostgreSQL database (real parallel
// transactions; its schema is reset first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { integrationClient, type MadeClient } from '../helpers/integration.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { ensureManufacturer } from '../fixtures/catalogue.ts';
import { roleOperator } from '../helpers/operators.ts';
import { brands, goods } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { BatchResult } from '../../src/domain/integration.ts';
import type { CheckoutResult } from '../../src/domain/orders.ts';
import type { CallResult } from '../helpers/test-app.ts';

const backends: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) backends.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

describe.each(backends)('goods stock and prices on %s', (_name, databaseUrl) => {
  let t: TestApp;
  let shop: Shop;
  let erp: MadeClient;

  beforeAll(async () => {
    t = await createTestApp({ databaseUrl });
    shop = await createShop(t);
    erp = await integrationClient(t, ['stock:write', 'prices:write']);
  }, 120_000);
  afterAll(() => t?.close());

  async function ready(b: ShopBuyer, lines: [number, number][]) {
    const ids = await shop.fill(b, lines);
    const pre = await shop.preview(b, ids, { coupon_id: 0, voucher_id: 0 });
    expect(pre.status, pre.body.msg).toBe(200);
    return { ids, coupon_id: 0, voucher_id: 0, expected_pay_amount: pre.body.data.amounts.pay_amount };
  }

  it("an ERP batch's stock and price are what the buyer's list, search, goods page and cart show at once", async () => {
    const name = '库存表验证胶囊';
    const g = await shop.goods({ name, basePrice: 2_000, stock: 50 }, { externalCode: 'STK-0001' });
    const b = await shop.buyer();
    await shop.fill(b, [[g, 2]]);
    const stock = await erp.erp.post<BatchResult>('/stock', {
      items: [{ external_code: 'STK-0001', seq: 1, stock: 4321 }],
    });
    const price = await erp.erp.post<BatchResult>('/prices', {
      items: [{ external_code: 'STK-0001', seq: 1, price: 1888 }],
    });
    expect([stock.body.data.applied, price.body.data.applied]).toEqual([1, 1]);

    const list = await t.call<{ list: { id: number; number: number; price: number | null }[] }>(
      'GET',
      `/api/goods/list?keywords=${encodeURIComponent(name)}&page_size=50`,
      { cookie: b.cookie },
    );
    expect(list.body.data.list.filter((r) => r.id === g).map((r) => [r.number, r.price])).toEqual([[4321, 1888]]);
    const byPrice = await t.call<{ list: { id: number }[] }>(
      'GET',
      `/api/goods/list?keywords=${encodeURIComponent(name)}&sort=price_asc&page_size=50`,
      { cookie: b.cookie },
    );
    expect(byPrice.body.data.list.map((r) => r.id)).toContain(g);
    const detail = await t.call<{ number: number; price: number | null }>('GET', `/api/goods/detail/${g}`, {
      cookie: b.cookie,
    });
    expect([detail.body.data.number, detail.body.data.price]).toEqual([4321, 1888]);
    const cart = await t.call<{ data: { goods: { id: number; number: number; base_price: number | null } }[] }>(
      'GET',
      '/api/cart/list',
      { cookie: b.cookie },
    );
    const line = cart.body.data.data.find((l) => l.goods.id === g)!;
    expect([line.goods.number, line.goods.base_price]).toEqual([4321, 1888]);
  });

  it("a maker's and a brand's goods sorted by price follow every change of maker or brand (goods_stock's copies)", async () => {
    const makerA = await ensureManufacturer(t.db, '价序甲制药有限公司');
    const makerB = await ensureManufacturer(t.db, '价序乙制药有限公司');
    const [brandX, brandY] = await t.db
      .insert(brands)
      .values([{ name: '价序品牌X' }, { name: '价序品牌Y' }])
      .returning({ id: brands.id });
    // shop.goods inserts through the view, then sets maker and brand through it (its update trigger).
    const made = async (name: string, basePrice: number, manufacturerId: number, brandId: number) =>
      shop.goods({ name, basePrice, stock: 10 }, { manufacturerId, brandId });
    const g1 = await made('价序一号片', 3_000, makerA, brandX.id);
    const g2 = await made('价序二号片', 1_000, makerA, brandX.id);
    const g3 = await made('价序三号片', 2_000, makerA, brandY.id);
    const g4 = await made('价序四号片', 1_500, makerB, brandX.id);
    const b = await shop.buyer();
    const ids = async (query: string) =>
      (
        await t.call<{ list: { id: number }[] }>('GET', `/api/goods/list?${query}&page_size=50`, { cookie: b.cookie })
      ).body.data.list.map((r) => r.id);

    expect(await ids(`manufacturer_id=${makerA}&sort=price_asc`)).toEqual([g2, g3, g1]);
    expect(await ids(`manufacturer_id=${makerA}&sort=price_desc`)).toEqual([g1, g3, g2]);
    expect(await ids(`brand_id=${brandX.id}&sort=price_asc`)).toEqual([g2, g4, g1]);

    // A merge rewrites goods_master rows directly (not through the view).
    const ops = (await roleOperator(t, 'operations')).cookie;
    const merged = await t.call('POST', `/api/admin/catalogue/makers/${makerB}/merge`, {
      cookie: ops,
      json: { into: makerA },
    });
    expect(merged.status, merged.body.msg).toBe(200);
    expect(await ids(`manufacturer_id=${makerA}&sort=price_asc`)).toEqual([g2, g4, g3, g1]);
    expect(await ids(`manufacturer_id=${makerB}&sort=price_asc`)).toEqual([]);

    // A price through the ERP (goods_stock written directly): the maker's order follows it.
    await t.db.update(goods).set({ externalCode: 'STK-SORT-3' }).where(eq(goods.id, g3));
    const price = await erp.erp.post<BatchResult>('/prices', {
      items: [{ external_code: 'STK-SORT-3', seq: 1, price: 500 }],
    });
    expect(price.body.data.applied).toBe(1);
    expect(await ids(`manufacturer_id=${makerA}&sort=price_asc`)).toEqual([g3, g2, g4, g1]);

    // Every goods of the database, however it was written, carries its master row's maker and brand.
    const drift = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM goods_stock s JOIN goods_master m ON m.id = s.goods_id
          WHERE (s.manufacturer_id, s.brand_id) IS DISTINCT FROM (m.manufacturer_id, m.brand_id)`,
    );
    expect(rowsOf<{ n: number }>(drift)).toEqual([{ n: 0 }]);
  });

  it('checkouts racing ERP stock deltas and writes through the goods view lose no unit and never go below zero', async () => {
    const g = await shop.goods({ name: '并发库存口罩', basePrice: 1_000, stock: 20 }, { externalCode: 'STK-0002' });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => shop.buyer()));
    const bodies = await Promise.all(buyers.map((b) => ready(b, [[g, 3]])));
    const placing = buyers.map((b, i) => shop.place(b, bodies[i]));
    // Each ERP batch its own sequence: one that arrives after a higher one is ignored, as it should.
    const erpBatches = Array.from({ length: 4 }, (_, i) =>
      erp.erp.post<BatchResult>('/stock', { items: [{ external_code: 'STK-0002', seq: i + 1, delta: 5 }] }),
    );
    const viewWrites = Array.from({ length: 4 }, () =>
      t.db
        .update(goods)
        .set({ stock: sql`${goods.stock} + 1` })
        .where(eq(goods.id, g)),
    );
    const [orders, batches] = await Promise.all([
      Promise.all(placing),
      Promise.all(erpBatches),
      Promise.all(viewWrites),
    ]);
    const sold = 3 * (orders as CallResult<CheckoutResult>[]).filter((r) => r.status === 200).length;
    expect(orders.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    const erpAdded = 5 * batches.reduce((n, r) => n + r.body.data.applied, 0);
    expect(batches.every((r) => r.status === 200)).toBe(true);
    const left = await shop.stockOf(g);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBe(20 + erpAdded + 4 - sold);
  });

  it('no write takes stock below zero, even one through the goods view that skips the check', async () => {
    const g = await shop.goods({ name: '零库存校验片', basePrice: 1_000, stock: 2 });
    await expect(t.db.update(goods).set({ stock: -1 }).where(eq(goods.id, g))).rejects.toThrow();
    expect(await shop.stockOf(g)).toBe(2);
  });
});
