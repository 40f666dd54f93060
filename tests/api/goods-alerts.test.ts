// 到货通知 / 降价提醒: GET/POST /api/user/alerts, DELETE /api/user/alerts/{id}; who may set what
// (控销, price visibility, in stock, at or above today's price, 50 a company); and the firing:
// one buyer message per alert per change, whether the change comes from changeGoods() (what the
// console's goods editor and import run: checkGoodsAlerts in the change's transaction) or a
// cancelled order giving stock back, and however often it is checked.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer, type CatalogueIds } from '../fixtures/catalogue.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import { goods, goodsAlerts, goodsPrices, messages } from '../../server/db/schema.ts';
import { checkGoodsAlerts } from '../../server/services/goods-alerts/check.ts';
import { changeGoods } from '../../server/services/catalogue/change-goods.ts';
import { releaseOrder } from '../../server/services/orders/release.ts';
import type { GoodsAlert } from '../../src/domain/goods-alerts.ts';
import type { Page } from '../../src/domain/envelope.ts';

let t: TestApp;
let cat: CatalogueIds;
let buyer: Buyer;
let other: Buyer;
let pending: Buyer;
let special: Buyer;

const set = (b: Buyer | null, body: object) =>
  t.call('POST', '/api/user/alerts', { body: body as never, cookie: b?.cookie });
const list = (b: Buyer, query = '') =>
  t.call<Page<GoodsAlert>>('GET', `/api/user/alerts${query}`, { cookie: b.cookie });
const change = (id: number, patch: { stock?: number; basePrice?: number }) =>
  changeGoods(t.db, id, patch, t.clock.now());
const messagesOf = (b: Buyer) =>
  t.db
    .select({ title: messages.title, body: messages.body, kind: messages.kind })
    .from(messages)
    .where(eq(messages.companyId, b.companyId))
    .orderBy(messages.id);
const newGoods = async (over: Partial<Parameters<typeof insertGoods>[2][number]> = {}) =>
  (await insertGoods(t.db, cat, [{ name: '阿莫西林胶囊', ...over }]))[0];

beforeAll(async () => {
  t = await createTestApp();
  cat = await insertCatalogue(t.db);
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  other = await insertBuyer(t.db, 'approved', t.clock.now());
  pending = await insertBuyer(t.db, 'pending', t.clock.now());
  special = await insertBuyer(t.db, 'special', t.clock.now());
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(goodsAlerts);
  await t.db.delete(messages);
});

describe('POST /api/user/alerts', () => {
  it("sets 到货通知 on goods out of stock and 降价提醒 below today's price, listed with the buyer's price", async () => {
    const out = await newGoods({ name: '连花清瘟胶囊', ypgg: '0.35g*24粒', stock: 0 });
    const r1 = await set(buyer, { goods_id: out, kind: 'restock' });
    expect([r1.status, r1.body.msg]).toEqual([200, '已订阅到货通知，到货后将发消息提醒您']);
    const r2 = await set(buyer, { goods_id: out, kind: 'price_drop', target_price: '10.5' });
    expect(r2.body.data).toMatchObject({
      kind: 'price_drop',
      kind_text: '降价提醒',
      target_price: 1050,
      notified_at: null,
    });
    const page = await list(buyer);
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.list[0].goods).toMatchObject({ id: out, name: '连花清瘟胶囊', price: 1250, number: 0 });
    expect((await list(buyer, `?goods_id=${out}`)).body.data.total).toBe(2);
    expect((await list(other)).body.data.total).toBe(0);
  });

  it('a second alert of the same kind replaces the first', async () => {
    const g = await newGoods();
    await set(buyer, { goods_id: g, kind: 'price_drop', target_price: '10' });
    await set(buyer, { goods_id: g, kind: 'price_drop', target_price: '9' });
    expect((await list(buyer)).body.data.list.map((a) => a.target_price)).toEqual([900]);
  });

  it('refuses what the buyer may not ask for', async () => {
    const inStock = await newGoods({ name: '有货', stock: 5 });
    const kx = await newGoods({ name: '控销', isKx: true, stock: 0 });
    const offSale = await newGoods({ name: '下架', isOnSale: false, stock: 0 });
    const cases: [Buyer, object, string, string][] = [
      [buyer, { goods_id: inStock, kind: 'restock' }, 'kind', '该商品有货，可直接购买'],
      [buyer, { goods_id: kx, kind: 'restock' }, 'goods_id', '商品不存在或已下架'],
      [buyer, { goods_id: offSale, kind: 'restock' }, 'goods_id', '商品不存在或已下架'],
      [buyer, { goods_id: 999999, kind: 'restock' }, 'goods_id', '商品不存在或已下架'],
      [pending, { goods_id: inStock, kind: 'price_drop', target_price: '1' }, 'kind', '资质审核通过后才能设置降价提醒'],
      [
        buyer,
        { goods_id: inStock, kind: 'price_drop', target_price: '12.50' },
        'target_price',
        '提醒价格须低于当前价格',
      ],
      [buyer, { goods_id: inStock, kind: 'price_drop' }, 'target_price', '请输入大于0的提醒价格，如 12.50'],
      [
        buyer,
        { goods_id: inStock, kind: 'price_drop', target_price: 'abc' },
        'target_price',
        '请输入大于0的提醒价格，如 12.50',
      ],
      [buyer, { goods_id: inStock, kind: 'sale' }, 'kind', '提醒类型无效'],
      [buyer, { goods_id: 'x', kind: 'restock' }, 'goods_id', '请选择商品'],
    ];
    for (const [who, body, field, msg] of cases) {
      const res = await set(who, body);
      expect([res.status, res.body.msg, res.body.data?.errors?.[field]]).toEqual([422, msg, [msg]]);
    }
    expect((await set(special, { goods_id: kx, kind: 'restock' })).status).toBe(200);
    expect((await set(null, { goods_id: inStock, kind: 'restock' })).body.code).toBe(10001);
    expect((await t.db.select().from(goodsAlerts)).length).toBe(1);
  });

  it('holds at most 50 alerts a company', async () => {
    const ids = await insertGoods(
      t.db,
      cat,
      Array.from({ length: 51 }, (_, i) => ({ name: `缺货${i}`, stock: 0 })),
    );
    for (const id of ids.slice(0, 50)) expect((await set(buyer, { goods_id: id, kind: 'restock' })).status).toBe(200);
    const res = await set(buyer, { goods_id: ids[50], kind: 'restock' });
    expect([res.status, res.body.msg]).toEqual([422, '最多设置50个提醒，请先删除不需要的提醒']);
    // Replacing one it already holds is not a 51st.
    expect((await set(buyer, { goods_id: ids[0], kind: 'restock' })).status).toBe(200);
    expect((await set(other, { goods_id: ids[50], kind: 'restock' })).status).toBe(200);
  });
});

describe('DELETE /api/user/alerts/{id}', () => {
  it("deletes the company's own alert; another company's is 404 and stays", async () => {
    const g = await newGoods({ name: '缺货', stock: 0 });
    const mine = (await set(buyer, { goods_id: g, kind: 'restock' })).body.data.id;
    expect((await t.call('DELETE', `/api/user/alerts/${mine}`, { cookie: other.cookie })).status).toBe(404);
    expect((await list(buyer)).body.data.total).toBe(1);
    const res = await t.call('DELETE', `/api/user/alerts/${mine}`, { cookie: buyer.cookie });
    expect([res.status, res.body.msg]).toEqual([200, '提醒已删除']);
    expect((await list(buyer)).body.data.total).toBe(0);
    expect((await t.call('DELETE', `/api/user/alerts/${mine}`, { cookie: buyer.cookie })).status).toBe(404);
  });
});

describe('firing', () => {
  it('到货通知: one message when stock returns, none for later changes or repeated checks', async () => {
    const g = await newGoods({ name: '连花清瘟胶囊', ypgg: '0.35g*24粒', stock: 0 });
    await set(buyer, { goods_id: g, kind: 'restock' });
    await set(other, { goods_id: g, kind: 'restock' });
    expect(await change(g, { stock: 0 })).toBe(0);
    expect(await messagesOf(buyer)).toEqual([]);
    expect(await change(g, { stock: 30 })).toBe(2);
    expect(await messagesOf(buyer)).toEqual([
      {
        title: '到货通知',
        body: '您订阅的「连花清瘟胶囊（0.35g*24粒）」已到货，当前库存30盒，欢迎选购。',
        kind: 'system',
      },
    ]);
    await change(g, { stock: 40 });
    await checkGoodsAlerts(t.db, [g], t.clock.now());
    await change(g, { stock: 0 });
    await change(g, { stock: 5 });
    expect(await messagesOf(buyer)).toHaveLength(1);
    expect(await messagesOf(other)).toHaveLength(1);
    expect((await list(buyer)).body.data.list[0].notified_at).toBe(Math.floor(t.clock.now().getTime() / 1000));
  });

  it('concurrent checks of one change write one message', async () => {
    const g = await newGoods({ stock: 0 });
    await set(buyer, { goods_id: g, kind: 'restock' });
    await t.db.update(goods).set({ stock: 9 }).where(eq(goods.id, g));
    const fired = await Promise.all([1, 2, 3].map(() => checkGoodsAlerts(t.db, [g], t.clock.now())));
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await messagesOf(buyer)).toHaveLength(1);
  });

  it("降价提醒: fires once at or below the buyer's own (rank) price; re-setting arms it again", async () => {
    const g = await newGoods({ name: '感冒灵颗粒', ypgg: '', basePrice: 2000 });
    await set(buyer, { goods_id: g, kind: 'price_drop', target_price: '15' });
    expect(await changeGoods(t.db, g, { basePrice: 1600 }, t.clock.now())).toBe(0);
    expect(await changeGoods(t.db, g, { basePrice: 1500 }, t.clock.now())).toBe(1);
    expect(await messagesOf(buyer)).toEqual([
      { title: '降价提醒', body: '您关注的「感冒灵颗粒」已降至¥15.00，低于您设置的提醒价¥15.00。', kind: 'promotion' },
    ]);
    expect(await changeGoods(t.db, g, { basePrice: 1400 }, t.clock.now())).toBe(0);
    // The buyer's rank price is what counts: a rank-1 price under the mark fires a new alert.
    await changeGoods(t.db, g, { basePrice: 2000 }, t.clock.now());
    await set(buyer, { goods_id: g, kind: 'price_drop', target_price: '18' });
    await t.db.insert(goodsPrices).values({ goodsId: g, rank: 1, price: 1700 });
    expect(await checkGoodsAlerts(t.db, [g], t.clock.now())).toBe(1);
    expect(await messagesOf(buyer)).toHaveLength(2);
  });

  it('does not fire for a buyer who lost sight of the goods (控销)', async () => {
    const g = await newGoods({ stock: 0 });
    await set(buyer, { goods_id: g, kind: 'restock' });
    await t.db.update(goods).set({ isKx: true }).where(eq(goods.id, g));
    expect(await change(g, { stock: 3 })).toBe(0);
    expect(
      (
        await t.db
          .select()
          .from(goodsAlerts)
          .where(and(eq(goodsAlerts.goodsId, g)))
      )[0].notifiedAt,
    ).toBeNull();
  });

  it('fires when a cancelled order gives the last units back', async () => {
    const g = await newGoods({ name: '布洛芬缓释胶囊', stock: 0 });
    await set(buyer, { goods_id: g, kind: 'restock' });
    const order = await insertOrder(t.db, other, {
      status: 'pending_payment',
      lines: [{ goodsId: g, warehouseId: cat.warehouseId, number: 4, price: 1250, name: '布洛芬缓释胶囊' }],
    });
    await t.db.transaction((tx) => releaseOrder(tx, order.id, t.clock.now(), { note: '测试取消', actor: 'buyer' }));
    expect((await messagesOf(buyer)).map((m) => m.body)).toEqual([
      '您订阅的「布洛芬缓释胶囊（10g*9袋）」已到货，当前库存4盒，欢迎选购。',
    ]);
  });

  it('changeGoods answers null for goods that do not exist', async () => {
    expect(await change(999999, { stock: 1 })).toBeNull();
  });
});
