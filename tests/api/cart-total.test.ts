// GET /api/cart/total (the badge), GET /api/cart/list (drawer, first version), POST /api/cart/batch_delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  insertBuyer,
  insertCartLine,
  insertCatalogue,
  insertGoods,
  type Buyer,
  type CatalogueIds,
} from '../fixtures/catalogue.ts';
import { cartLines } from '../../server/db/schema.ts';
import type { CartList } from '../../server/routes/cart.ts';

let t: TestApp;
let cat: CatalogueIds;
let goodsIds: number[];
let a: Buyer;
let b: Buyer;
let pending: Buyer;

beforeAll(async () => {
  t = await createTestApp();
  cat = await insertCatalogue(t.db);
  goodsIds = await insertGoods(t.db, cat, [
    { name: '感冒灵颗粒', sccj: '华润三九医药股份有限公司', stock: 40 },
    { name: '阿莫西林胶囊', stock: 7 },
    { name: '板蓝根颗粒' },
  ]);
  const now = t.clock.now();
  a = await insertBuyer(t.db, 'approved', now);
  b = await insertBuyer(t.db, 'approved', now);
  pending = await insertBuyer(t.db, 'pending', now);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/cart/total', () => {
  it('answers 0 (not 401) for a visitor', async () => {
    const res = await t.call('GET', '/api/cart/total');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 10000, msg: 'ok', data: { count: 0 } });
  });

  it("counts the member company's lines only", async () => {
    await insertCartLine(t.db, a, goodsIds[0], cat);
    await insertCartLine(t.db, a, goodsIds[1], cat, 3);
    await insertCartLine(t.db, b, goodsIds[0], cat);
    expect((await t.call('GET', '/api/cart/total', { cookie: a.cookie })).body.data).toEqual({ count: 2 });
    expect((await t.call('GET', '/api/cart/total', { cookie: b.cookie })).body.data).toEqual({ count: 1 });
    expect((await t.call('GET', '/api/cart/total', { cookie: pending.cookie })).body.data).toEqual({ count: 0 });
  });

  it('treats an unknown session cookie as a visitor', async () => {
    const res = await t.call('GET', '/api/cart/total', { cookie: 'sid=not-a-session' });
    expect(res.body.data).toEqual({ count: 0 });
  });
});

describe('GET /api/cart/list', () => {
  it('needs a signed-in member', async () => {
    const res = await t.call('GET', '/api/cart/list');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it("returns the company's lines, newest first, with the drawer's goods fields", async () => {
    const res = await t.call<CartList>('GET', '/api/cart/list', { cookie: a.cookie });
    expect(res.status).toBe(200);
    const { data, shipping_data, activity_data, filter_data } = res.body.data;
    expect(data.map((l) => l.goods.name)).toEqual(['阿莫西林胶囊', '感冒灵颗粒']);
    expect(data[0]).toMatchObject({
      id: expect.any(Number),
      number: 3,
      price: 1250,
      is_selected: 1,
      type: 0,
      goods: {
        id: goodsIds[1],
        name: '阿莫西林胶囊',
        sccj: '测试制药有限公司',
        ypgg: '10g*9袋',
        goods_image: '',
        bzdw: '盒',
        number: 7,
        is_buy: 1,
      },
    });
    expect(shipping_data).toEqual({ shipping_amount: 0, no_trans_order_amount: 0, fee: 0 });
    expect(activity_data).toEqual({ manjians: [], discounts: [] });
    expect(filter_data).toEqual({
      current: 99_999,
      warehouses: [{ ck_id: cat.warehouseId, name: '广州仓', count: 2 }],
    });
  });

  it('hides prices from a member whose company is under review', async () => {
    await insertCartLine(t.db, pending, goodsIds[2], cat);
    const res = await t.call<CartList>('GET', '/api/cart/list', { cookie: pending.cookie });
    expect(res.body.data.data).toHaveLength(1);
    expect(res.body.data.data[0].price).toBeNull();
  });
});

describe('POST /api/cart/batch_delete', () => {
  it('needs a signed-in member', async () => {
    const res = await t.call('POST', '/api/cart/batch_delete', { json: { ids: [1] } });
    expect(res.status).toBe(401);
  });

  it("deletes the member's own lines and ignores other companies' ids", async () => {
    const mine = await insertCartLine(t.db, a, goodsIds[2], cat);
    const [theirs] = await t.db
      .select({ id: cartLines.id })
      .from(cartLines)
      .where(eq(cartLines.companyId, b.companyId));
    const res = await t.call('POST', '/api/cart/batch_delete', { cookie: a.cookie, body: { ids: [mine, theirs.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 10000, msg: '删除成功', data: { count: 1 } });
    expect(await t.db.select().from(cartLines).where(eq(cartLines.id, theirs.id))).toHaveLength(1);
    expect(await t.db.select().from(cartLines).where(eq(cartLines.id, mine))).toHaveLength(0);
    expect((await t.call('GET', '/api/cart/total', { cookie: b.cookie })).body.data).toEqual({ count: 1 });
  });

  it('accepts JSON ids too, and answers count 0 for ids already gone', async () => {
    const lines = await t.db.select({ id: cartLines.id }).from(cartLines).where(eq(cartLines.companyId, a.companyId));
    const res = await t.call('POST', '/api/cart/batch_delete', {
      cookie: a.cookie,
      json: { ids: lines.map((l) => l.id) },
    });
    expect(res.body.data).toEqual({ count: lines.length });
    const again = await t.call('POST', '/api/cart/batch_delete', {
      cookie: a.cookie,
      json: { ids: lines.map((l) => l.id) },
    });
    expect(again.body.data).toEqual({ count: 0 });
    expect((await t.call('GET', '/api/cart/total', { cookie: a.cookie })).body.data).toEqual({ count: 0 });
  });

  it('refuses missing or malformed ids with 422', async () => {
    for (const json of [{}, { ids: [] }, { ids: ['abc'] }, { ids: [0] }, { ids: [1.5] }, { ids: [{ a: 1 }] }]) {
      const res = await t.call('POST', '/api/cart/batch_delete', { cookie: a.cookie, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.code).toBe(422);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
