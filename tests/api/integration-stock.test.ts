// Stock and prices from the ERP (issue 34 §1): absolute values and deltas by external code, the
// ERP's change sequence (an older update never overwrites a newer one), per-item results, the
// buyer seeing the change at once, idempotent replay, and concurrent batches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { integrationClient, type MadeClient } from '../helpers/integration.ts';
import { auditLog, goods, goodsLadderPrices, warehouses } from '../../server/db/schema.ts';
import type { BatchResult } from '../../src/domain/integration.ts';

let t: TestApp;
let erp: MadeClient;
let buyer: string;
const code = (id: number) => `KY${String(id).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  erp = await integrationClient(t, ['stock:write', 'prices:write']);
  buyer = await t.signIn('demo', 'demo1234');
}, 120_000);
afterAll(() => t.close());

const stockOf = async (id: number) => (await t.db.select({ s: goods.stock }).from(goods).where(eq(goods.id, id)))[0]!.s;
const priceOf = async (id: number) =>
  (await t.db.select({ p: goods.basePrice }).from(goods).where(eq(goods.id, id)))[0]!.p;

describe('POST /stock', () => {
  it('sets absolute stock; the buyer sees it on the goods page at once; an audit row names the ERP', async () => {
    const before = await stockOf(3);
    const res = await erp.erp.post<BatchResult>('/stock', { items: [{ external_code: code(3), seq: 1, stock: 777 }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ items: 1, applied: 1, failed: 0, ignored: 0 });
    expect(res.body.data.results[0]).toEqual({ index: 0, code: code(3), status: 'applied', id: 3, errors: [] });
    const detail = await t.call('GET', '/api/goods/detail/3', { cookie: buyer });
    expect(detail.body.data.number).toBe(777);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'goods.erp_stock'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.staffName).toBe('ERP对接：测试ERP');
    expect(rows[0]!.after).toEqual({ field: 'stock', changes: [[3, before, 777, 1]] });
  });

  it('ignores an update whose sequence is not above the last applied one (out of order), in a later batch or the same one', async () => {
    await erp.erp.post('/stock', { items: [{ external_code: code(4), seq: 10, stock: 50 }] });
    const older = await erp.erp.post<BatchResult>('/stock', {
      items: [
        { external_code: code(4), seq: 9, stock: 999 },
        { external_code: code(4), seq: 10, stock: 998 },
      ],
    });
    expect(older.body.data).toMatchObject({ applied: 0, ignored: 2 });
    expect(older.body.data.results[0]!.status).toBe('ignored');
    expect(older.body.data.results[0]!.errors[0]).toContain('已忽略');
    expect(await stockOf(4)).toBe(50);
    // In one batch the items of a goods apply in sequence order, whatever their order in the list.
    const mixed = await erp.erp.post<BatchResult>('/stock', {
      items: [
        { external_code: code(4), seq: 13, stock: 13 },
        { external_code: code(4), seq: 12, stock: 12 },
      ],
    });
    expect(mixed.body.data.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await stockOf(4)).toBe(13);
    // Sequences are per kind: a price sequence of 1 is new although stock is at 13.
    const price = await erp.erp.post<BatchResult>('/prices', {
      items: [{ external_code: code(4), seq: 1, price: 4321 }],
    });
    expect(price.body.data.applied).toBe(1);
    expect(await priceOf(4)).toBe(4321);
  });

  it('applies deltas in sequence and refuses one that would make stock negative', async () => {
    await erp.erp.post('/stock', { items: [{ external_code: code(5), seq: 1, stock: 10 }] });
    const res = await erp.erp.post<BatchResult>('/stock', {
      items: [
        { external_code: code(5), seq: 2, delta: 5 },
        { external_code: code(5), seq: 3, delta: -20 },
        { external_code: code(5), seq: 4, delta: -15 },
      ],
    });
    expect(res.body.data.results.map((r) => r.status)).toEqual(['applied', 'failed', 'applied']);
    expect(res.body.data.results[1]!.errors[0]).toBe('stock：库存不能为负数（现有15，增减-20）');
    expect(await stockOf(5)).toBe(0);
  });

  it('a batch of 1,000 with 3 bad items applies 997 and names the 3', async () => {
    // Goods 21–40, fifty items each (the other tests use goods 1–20).
    const items: unknown[] = Array.from({ length: 1000 }, (_, i) => ({
      external_code: code(21 + (i % 20)),
      seq: 1000 + i,
      stock: i,
    }));
    items[17] = { external_code: 'NO-SUCH-CODE', seq: 5000, stock: 1 };
    items[500] = { external_code: code(6), seq: 5001, stock: -3 };
    items[999] = { external_code: code(7), seq: 5002 };
    const res = await erp.erp.post<BatchResult>('/stock', { items });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toBe(1000);
    expect(res.body.data.failed).toBe(3);
    expect(res.body.data.applied + res.body.data.unchanged).toBe(997);
    const failed = res.body.data.results.filter((r) => r.status === 'failed');
    expect(failed.map((r) => [r.index, r.code, r.errors])).toEqual([
      [17, 'NO-SUCH-CODE', ['external_code：商品不存在：NO-SUCH-CODE']],
      [500, code(6), ['stock：库存不能为负数']],
      [999, code(7), ['stock：须填写 stock（绝对值）或 delta（增减量）之一']],
    ]);
    // Each goods ends at its highest-sequence value of the batch.
    expect(await stockOf(21)).toBe(980);
  });

  it('checks the warehouse when the ERP names it', async () => {
    const [w] = await t.db
      .select({ name: warehouses.name })
      .from(goods)
      .innerJoin(warehouses, eq(warehouses.id, goods.warehouseId))
      .where(eq(goods.id, 8));
    const res = await erp.erp.post<BatchResult>('/stock', {
      items: [
        { external_code: code(8), warehouse: w!.name, seq: 1, stock: 88 },
        { external_code: code(9), warehouse: '不存在的仓', seq: 1, stock: 99 },
      ],
    });
    expect(res.body.data.results.map((r) => r.status)).toEqual(['applied', 'failed']);
    expect(res.body.data.results[1]!.errors[0]).toMatch(/^warehouse：仓库不符：该商品由“.+”发货$/);
  });

  it('a retry with the same Idempotency-Key replays the answer and applies nothing again', async () => {
    await erp.erp.post('/stock', { items: [{ external_code: code(10), seq: 1, stock: 100 }] });
    const batch = { items: [{ external_code: code(10), seq: 2, delta: -1 }] };
    const first = await erp.erp.post<BatchResult>('/stock', batch, { idempotencyKey: 'stock-retry-1' });
    const retry = await erp.erp.post<BatchResult>('/stock', batch, { idempotencyKey: 'stock-retry-1' });
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await stockOf(10)).toBe(99);
  });

  it('concurrent batches for the same goods end at the highest sequence', async () => {
    const sends = Array.from({ length: 8 }, (_, i) =>
      erp.erp.post('/stock', { items: [{ external_code: code(11), seq: 100 + i, stock: 100 + i }] }),
    );
    const all = await Promise.all(sends);
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(await stockOf(11)).toBe(107);
  });

  it('refuses a batch over 1,000 items, an empty one, and a client without the scope', async () => {
    const big = await erp.erp.post('/stock', {
      items: Array.from({ length: 1001 }, (_, i) => ({ external_code: code(1), seq: i, stock: 1 })),
    });
    expect(big.status).toBe(422);
    expect(big.body.msg).toBe('每批最多1000条');
    expect((await erp.erp.post('/stock', { items: [] })).status).toBe(422);
    const stockOnly = await integrationClient(t, ['stock:write'], '只管库存');
    const res = await stockOnly.erp.post('/prices', { items: [{ external_code: code(1), seq: 1, price: 100 }] });
    expect(res.status).toBe(403);
    expect((res.body.data as { reason: string }).reason).toBe('scope_not_granted');
  });
});

describe('POST /prices', () => {
  it('sets the base price in fen, refuses one below the top ladder price, applies deltas', async () => {
    const [ladder] = await t.db.select().from(goodsLadderPrices).limit(1);
    const laddered = ladder!.goodsId;
    const before12 = await priceOf(12);
    const res = await erp.erp.post<BatchResult>('/prices', {
      items: [
        { external_code: code(12), seq: 1, price: 1234 },
        { external_code: code(laddered), seq: 1, price: 1 },
        { external_code: code(12), seq: 2, price_delta: -34 },
        { external_code: code(13), seq: 1, price: 0 },
      ],
    });
    expect(res.body.data.results.map((r) => r.status)).toEqual(['applied', 'failed', 'applied', 'failed']);
    expect(res.body.data.results[1]!.errors[0]).toMatch(/^price：价格低于该商品的阶梯价/);
    expect(res.body.data.results[3]!.errors).toEqual(['price：价格须大于0']);
    expect(await priceOf(12)).toBe(1200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'goods.erp_price'));
    const changes = rows.flatMap((r) => (r.after as { changes: number[][] }).changes).filter((c) => c[0] === 12);
    expect(changes).toEqual([[12, before12, 1200, 2]]);
  });
});
