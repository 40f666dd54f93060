// The server cart (SPEC §7 "Cart" except checkout): add, quick_add, edit, batch_select, list,
// copy, next_hint — money and stock correctness, ownership, idempotency and concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { crashBeforeAnswerSaved } from '../helpers/faults.ts';
import {
  insertBuyer,
  insertCatalogue,
  insertGoods,
  type Buyer,
  type CatalogueIds,
  type GoodsSpec,
} from '../fixtures/catalogue.ts';
import {
  cartLines,
  companies,
  goods,
  goodsLadderPrices,
  goodsPrices,
  idempotencyKeys,
  orders,
  promotionGoods,
  promotions,
  siteConfig,
  warehouses,
} from '../../server/db/schema.ts';
import type { CartAddResult, CartCopyResult, CartNextHint, CartState } from '../../src/domain/cart-types.ts';

let t: TestApp;
let cat: CatalogueIds;
let now: Date;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Goods by role, created in beforeAll. */
const G = {} as Record<
  | 'normal'
  | 'ladder'
  | 'kx'
  | 'zero'
  | 'midpack'
  | 'eph'
  | 'limited'
  | 'offsale'
  | 'notbuy'
  | 'promoA'
  | 'promoB'
  | 'promoC'
  | 'flash'
  | 'comboX'
  | 'comboY'
  | 'north'
  | 'spare',
  number
>;
let ladderStep10 = 0;
let manjianId = 0;
let comboId = 0;

let a: Buyer;
let b: Buyer;
let pending: Buyer;
let special: Buyer;

async function addGoods(spec: GoodsSpec, extra: Partial<typeof goods.$inferInsert> = {}): Promise<number> {
  const [id] = await insertGoods(t.db, cat, [spec]);
  if (Object.keys(extra).length > 0) await t.db.update(goods).set(extra).where(eq(goods.id, id));
  return id;
}

const add = (buyer: Buyer | null, params: Record<string, unknown>[], headers?: Record<string, string>) =>
  t.call<CartAddResult>('POST', '/api/cart', { body: { params }, cookie: buyer?.cookie, headers });

const list = (buyer: Buyer, query = '') => t.call<CartState>('GET', `/api/cart/list${query}`, { cookie: buyer.cookie });

async function linesOf(buyer: Buyer) {
  return t.db.select().from(cartLines).where(eq(cartLines.companyId, buyer.companyId)).orderBy(cartLines.id);
}

async function lineFor(buyer: Buyer, goodsId: number) {
  const [row] = await t.db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.companyId, buyer.companyId), eq(cartLines.goodsId, goodsId)));
  return row;
}

async function clear(buyer: Buyer) {
  await t.db.delete(cartLines).where(eq(cartLines.companyId, buyer.companyId));
}

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  cat = await insertCatalogue(t.db);
  G.normal = await addGoods({ name: '感冒灵颗粒', stock: 100 });
  G.ladder = await addGoods({ name: '阿莫西林胶囊', stock: 500, basePrice: 1_250 }, { ladderPriceType: 1 });
  const steps = await t.db
    .insert(goodsLadderPrices)
    .values([
      { goodsId: G.ladder, minNumber: 10, price: 1_100 },
      { goodsId: G.ladder, minNumber: 50, price: 1_000 },
    ])
    .returning({ id: goodsLadderPrices.id });
  ladderStep10 = steps[0].id;
  G.kx = await addGoods({ name: '控销胶囊', isKx: true });
  G.zero = await addGoods({ name: '缺货片', stock: 0 });
  G.midpack = await addGoods({ name: '中包装颗粒', stock: 100 }, { zbz: 10, midPackStrict: true, minBuy: 10 });
  G.eph = await addGoods({ name: '新康泰克', stock: 50 }, { isEphedrine: true, ephedrineLimit: 3 });
  G.limited = await addGoods({ name: '限购片', stock: 100 }, { purchaseLimit: 5 });
  G.offsale = await addGoods({ name: '下架片', isOnSale: false });
  G.notbuy = await addGoods({ name: '暂停销售片', isBuy: false });
  G.promoA = await addGoods({ name: '满减品A', basePrice: 50_000, stock: 100, salesCount: 5 });
  G.promoB = await addGoods({ name: '满减品B', basePrice: 25_000, stock: 100, salesCount: 9 });
  G.promoC = await addGoods({ name: '满减品C', basePrice: 10_000, stock: 100, salesCount: 7 });
  G.flash = await addGoods({ name: '秒杀片', basePrice: 2_000, stock: 100 }, { type: 1 });
  G.comboX = await addGoods({ name: '血糖仪', basePrice: 10_000, stock: 10 });
  G.comboY = await addGoods({ name: '血糖试纸', basePrice: 5_000, stock: 100 });
  G.spare = await addGoods({ name: '备用片', stock: 100 });
  const [north] = await t.db
    .insert(warehouses)
    .values({ name: '北京仓', region: '华北' })
    .returning({ id: warehouses.id });
  G.north = await addGoods({ name: '北方仓商品', stock: 100 }, { warehouseId: north.id });

  const live = { startsAt: new Date(now.getTime() - DAY), endsAt: new Date(now.getTime() + 10 * DAY) };
  const [mj] = await t.db
    .insert(promotions)
    .values({
      kind: 'manjian',
      name: '满1000减50',
      rules: {
        tiers: [
          { amount: 100_000, reduce: 5_000 },
          { amount: 300_000, reduce: 20_000 },
        ],
      },
      ...live,
    })
    .returning({ id: promotions.id });
  manjianId = mj.id;
  const [fl] = await t.db
    .insert(promotions)
    .values({ kind: 'flash', name: '今日秒杀', ...live })
    .returning({ id: promotions.id });
  const [combo] = await t.db
    .insert(promotions)
    .values({ kind: 'combination', name: '血糖监测组合', ...live })
    .returning({ id: promotions.id });
  comboId = combo.id;
  // An ended 满减 must never show.
  const [old] = await t.db
    .insert(promotions)
    .values({
      kind: 'manjian',
      name: '已结束',
      rules: { tiers: [{ amount: 1, reduce: 1 }] },
      startsAt: new Date(now.getTime() - 10 * DAY),
      endsAt: new Date(now.getTime() - DAY),
    })
    .returning({ id: promotions.id });
  await t.db.insert(promotionGoods).values([
    { promotionId: manjianId, goodsId: G.promoA },
    { promotionId: manjianId, goodsId: G.promoB },
    { promotionId: manjianId, goodsId: G.promoC },
    { promotionId: old.id, goodsId: G.normal },
    { promotionId: fl.id, goodsId: G.flash, price: 1_500, stockLimit: 10, sold: 2, perCompanyLimit: 5 },
    { promotionId: comboId, goodsId: G.comboX, price: 9_000, quantity: 1 },
    { promotionId: comboId, goodsId: G.comboY, price: 4_000, quantity: 2 },
  ]);
  await t.db.insert(siteConfig).values({ key: 'shipping', value: { shipping_amount: 80_000, fee: 1_000 } });

  a = await insertBuyer(t.db, 'approved', now);
  b = await insertBuyer(t.db, 'approved', now);
  pending = await insertBuyer(t.db, 'pending', now);
  special = await insertBuyer(t.db, 'special', now);
});

afterAll(async () => {
  await t.close();
});

describe('who may use the cart', () => {
  it('a visitor gets 401 from every cart call but the badge', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/cart'],
      ['POST', `/api/cart/quick_add/${G.normal}`],
      ['POST', '/api/cart/1/edit'],
      ['POST', '/api/cart/batch_select'],
      ['POST', '/api/cart/copy'],
      ['POST', '/api/cart/next_hint'],
      ['GET', '/api/cart/list'],
    ];
    for (const [method, path] of calls) {
      const json =
        method === 'GET' ? undefined : { params: [{ goods_id: G.normal, number: 1 }], ids: [1], is_selected: 1 };
      const res = await t.call(method, path, { json });
      expect(res.status, path).toBe(401);
      expect(res.body.code, path).toBe(10001);
    }
  });

  it('a member whose company is not approved gets 403 and nothing is added', async () => {
    const res = await add(pending, [{ goods_id: G.normal, number: 1 }]);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, msg: '资质审核通过后才能购买' });
    expect(await linesOf(pending)).toHaveLength(0);
    for (const path of [
      `/api/cart/quick_add/${G.normal}`,
      '/api/cart/1/edit',
      '/api/cart/copy',
      '/api/cart/next_hint',
    ]) {
      const res = await t.call('POST', path, {
        cookie: pending.cookie,
        json: { number: 1, ids: [1], other_user_ids: [1] },
      });
      expect(res.status, path).toBe(403);
    }
  });
});

describe('POST /api/cart', () => {
  it('adds with the server price, whatever price the client sends', async () => {
    const res = await add(a, [
      {
        goods_id: G.normal,
        number: 2,
        price: 1,
        ck_id: 999,
        goods_price_id: 5,
        ladder_price_id: 7,
        goods_manjian_id: 3,
        is_yj: 1,
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('加入购物车成功');
    expect(res.body.data.count).toBe(1);
    const line = await lineFor(a, G.normal);
    expect(res.body.data.lines).toEqual([line.id]);
    expect(line).toMatchObject({
      number: 2,
      price: 1_250,
      warehouseId: cat.warehouseId,
      goodsPriceId: null,
      ladderPriceId: null,
      goodsManjianId: null,
      isYj: true,
      type: 0,
      isSelected: true,
    });
  });

  it('adding the same goods again sums the numbers on one line', async () => {
    const res = await add(a, [{ goods_id: G.normal, number: 3 }]);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(1);
    const rows = await linesOf(a);
    expect(rows).toHaveLength(1);
    expect(rows[0].number).toBe(5);
    // is_yj not sent: the line keeps what it had.
    expect(rows[0].isYj).toBe(true);
    await clear(a);
  });

  it('switches to the ladder price when the total crosses a step', async () => {
    await add(a, [{ goods_id: G.ladder, number: 9 }]);
    expect(await lineFor(a, G.ladder)).toMatchObject({ number: 9, price: 1_250, ladderPriceId: null });
    await add(a, [{ goods_id: G.ladder, number: 1 }]);
    expect(await lineFor(a, G.ladder)).toMatchObject({ number: 10, price: 1_100, ladderPriceId: ladderStep10 });
    await clear(a);
  });

  it('uses the member rank price as the base under the ladder', async () => {
    const [gp] = await t.db
      .insert(goodsPrices)
      .values({ goodsId: G.ladder, rank: 5, price: 1_150 })
      .returning({ id: goodsPrices.id });
    await t.db.update(companies).set({ rank: 5 }).where(eq(companies.id, b.companyId));
    await add(b, [{ goods_id: G.ladder, number: 2, price: 1 }]);
    expect(await lineFor(b, G.ladder)).toMatchObject({ price: 1_150, goodsPriceId: gp.id, ladderPriceId: null });
    await add(b, [{ goods_id: G.ladder, number: 48 }]);
    expect(await lineFor(b, G.ladder)).toMatchObject({ number: 50, price: 1_000, goodsPriceId: gp.id });
    await clear(b);
    await t.db.update(companies).set({ rank: 1 }).where(eq(companies.id, b.companyId));
  });

  it('refuses negative, zero, fractional, huge and non-numeric quantities with 422, adding nothing', async () => {
    for (const number of [-1, 0, 1.5, '2.5', '-3', 'abc', '', '1e3', 10_000_000, '99999999999999999999']) {
      const res = await add(a, [{ goods_id: G.normal, number }]);
      expect(res.status, String(number)).toBe(422);
      expect(res.body.code).toBe(422);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const json = await t.call('POST', '/api/cart', {
      cookie: a.cookie,
      json: { params: [{ goods_id: G.normal, number: 1e300 }] },
    });
    expect(json.status).toBe(422);
    expect(await linesOf(a)).toHaveLength(0);
  });

  it('refuses malformed goods ids, types and bodies with 422', async () => {
    for (const params of [
      [{ goods_id: 'x', number: 1 }],
      [{ number: 1 }],
      [{ goods_id: G.normal, number: 1, type: 7 }],
      [{ goods_id: G.normal, number: 1, type: 3 }],
      [],
    ]) {
      const res = await add(a, params);
      expect(res.status, JSON.stringify(params)).toBe(422);
    }
    const none = await t.call('POST', '/api/cart', { cookie: a.cookie, json: {} });
    expect(none.status).toBe(422);
  });

  it('refuses quantities above the stock', async () => {
    const res = await add(a, [{ goods_id: G.normal, number: 101 }]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('感冒灵颗粒：最多可购买100盒');
  });

  it('refuses zero stock, unknown, off-sale and not-buyable goods', async () => {
    const zero = await add(a, [{ goods_id: G.zero, number: 1 }]);
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toBe('缺货片：库存不足');
    for (const id of [G.offsale, 999_999]) {
      const res = await add(a, [{ goods_id: id, number: 1 }]);
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain('商品不存在或已下架');
    }
    const notbuy = await add(a, [{ goods_id: G.notbuy, number: 1 }]);
    expect(notbuy.status).toBe(400);
    expect(notbuy.body.msg).toBe('暂停销售片：该商品暂不可购买');
    expect(await linesOf(a)).toHaveLength(0);
  });

  it('refuses 控销 goods unless the company is is_special', async () => {
    const res = await add(a, [{ goods_id: G.kx, number: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('控销胶囊：商品不存在或已下架');
    expect(await linesOf(a)).toHaveLength(0);
    const ok = await add(special, [{ goods_id: G.kx, number: 1 }]);
    expect(ok.status).toBe(200);
    await clear(special);
  });

  it('holds mid-pack multiples and minimums', async () => {
    const odd = await add(a, [{ goods_id: G.midpack, number: 15 }]);
    expect(odd.status).toBe(400);
    expect(odd.body.msg).toBe('中包装颗粒：购买数量须为中包装10的整数倍');
    const few = await add(a, [{ goods_id: G.midpack, number: 5 }]);
    expect(few.body.msg).toBe('中包装颗粒：最少购买10盒');
    expect((await add(a, [{ goods_id: G.midpack, number: 20 }])).status).toBe(200);
    // 20 + 5 = 25 is not a multiple either.
    expect((await add(a, [{ goods_id: G.midpack, number: 5 }])).status).toBe(400);
    expect((await lineFor(a, G.midpack)).number).toBe(20);
    await clear(a);
  });

  it('holds the ephedrine limit, counting what is already in the cart', async () => {
    expect((await add(a, [{ goods_id: G.eph, number: 4 }])).body.msg).toBe('新康泰克：最多可购买3盒');
    expect((await add(a, [{ goods_id: G.eph, number: 3 }])).status).toBe(200);
    const more = await add(a, [{ goods_id: G.eph, number: 1 }]);
    expect(more.status).toBe(400);
    expect(more.body.msg).toBe('新康泰克：最多可购买3盒');
    expect((await lineFor(a, G.eph)).number).toBe(3);
    await clear(a);
  });

  it('is all-or-nothing: one bad line refuses the whole request', async () => {
    const res = await add(a, [
      { goods_id: G.normal, number: 1 },
      { goods_id: G.limited, number: 6 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('限购片：最多可购买5盒');
    expect(res.body.data).toEqual({ index: 1, goods_id: G.limited });
    expect(await linesOf(a)).toHaveLength(0);
  });

  it('sums the same goods sent twice in one request', async () => {
    const res = await add(a, [
      { goods_id: G.limited, number: 3 },
      { goods_id: G.limited, number: 3 },
    ]);
    expect(res.body.msg).toBe('限购片：最多可购买5盒');
    const ok = await add(a, [
      { goods_id: G.limited, number: 2 },
      { goods_id: G.limited, number: 3 },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.data.lines).toEqual([(await lineFor(a, G.limited)).id]);
    expect((await lineFor(a, G.limited)).number).toBe(5);
    await clear(a);
  });

  it('refuses more than 300 lines per request with a clear 400', async () => {
    const params = Array.from({ length: 301 }, () => ({ goods_id: G.normal, number: 1 }));
    const res = await t.call('POST', '/api/cart', { cookie: a.cookie, json: { params } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('一次最多加入300种商品');
  });

  it('applies a replayed request with the same Idempotency-Key once', async () => {
    const headers = { 'Idempotency-Key': 'cart-add-replay-1' };
    const first = await add(a, [{ goods_id: G.normal, number: 2 }], headers);
    const again = await add(a, [{ goods_id: G.normal, number: 2 }], headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await lineFor(a, G.normal)).number).toBe(2);
    // A new key is a new add.
    await add(a, [{ goods_id: G.normal, number: 2 }], { 'Idempotency-Key': 'cart-add-replay-2' });
    expect((await lineFor(a, G.normal)).number).toBe(4);
    await clear(a);
  });

  it('stores the answer with the add in one commit: a crash right after the handler cannot double it', async () => {
    // The process "dies" after the handler, before the middleware saves the answer.
    const restore = crashBeforeAnswerSaved(t);
    const headers = { 'Idempotency-Key': 'cart-add-crash-1' };
    try {
      const first = await add(a, [{ goods_id: G.normal, number: 3 }], headers);
      expect(first.status).toBe(200);
      // The outbox retries the same key: it gets the stored answer, the add is not applied again.
      const retry = await add(a, [{ goods_id: G.normal, number: 3 }], headers);
      expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
    } finally {
      restore();
    }
    expect((await lineFor(a, G.normal)).number).toBe(3);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'cart-add-crash-1'));
    expect(row.status).toBe(200);
    await clear(a);
  });

  it('a refused add stores the refusal, not half an add', async () => {
    const headers = { 'Idempotency-Key': 'cart-add-refused-1' };
    const refused = await add(
      a,
      [
        { goods_id: G.normal, number: 1 },
        { goods_id: 999_999, number: 1 },
      ],
      headers,
    );
    expect(refused.status).toBe(400);
    expect(await linesOf(a)).toEqual([]);
    const again = await add(
      a,
      [
        { goods_id: G.normal, number: 1 },
        { goods_id: 999_999, number: 1 },
      ],
      headers,
    );
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(refused.body);
    expect(await linesOf(a)).toEqual([]);
  });

  it('sums concurrent adds of the same goods correctly', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => add(a, [{ goods_id: G.normal, number: 3 }])));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await linesOf(a);
    expect(rows).toHaveLength(1);
    expect(rows[0].number).toBe(18);
    await clear(a);
  });

  it('never lets concurrent adds pass a limit together', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => add(a, [{ goods_id: G.limited, number: 2 }])));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 400)).toHaveLength(2);
    expect((await lineFor(a, G.limited)).number).toBe(4);
    await clear(a);
  });

  it('caps a cart at 999 lines with a clear 400', async () => {
    const big = await insertBuyer(t.db, 'approved', now);
    const [{ manufacturerId }] = await t.db
      .select({ manufacturerId: goods.manufacturerId })
      .from(goods)
      .where(eq(goods.id, G.normal));
    const rows = await t.db
      .insert(goods)
      .values(
        Array.from({ length: 999 }, (_, i) => ({
          name: `批量品${i}`,
          manufacturerId,
          sccj: '测试制药有限公司',
          categoryId: cat.leaf['感冒用药'],
          categoryL1: cat.category['西药'],
          categoryL2: cat.category['感冒发热'],
          warehouseId: cat.warehouseId,
          stock: 10,
          basePrice: 100,
        })),
      )
      .returning({ id: goods.id });
    await t.db.insert(cartLines).values(
      rows.map((r) => ({
        companyId: big.companyId,
        userId: big.userId,
        goodsId: r.id,
        warehouseId: cat.warehouseId,
        number: 1,
        price: 100,
      })),
    );
    const res = await add(big, [{ goods_id: G.normal, number: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('购物车最多可放999种商品，请先结算或删除部分商品');
    // Adding to a line already there still works.
    expect((await add(big, [{ goods_id: rows[0].id, number: 1 }])).status).toBe(200);
  });
});

describe('flash-sale and combination lines', () => {
  it('prices a flash-sale line at the promotion price within its per-company limit', async () => {
    const res = await add(a, [{ goods_id: G.flash, number: 2, type: 1 }]);
    expect(res.status).toBe(200);
    expect(await lineFor(a, G.flash)).toMatchObject({ type: 1, price: 1_500, number: 2 });
    const over = await add(a, [{ goods_id: G.flash, number: 4, type: 1 }]);
    expect(over.body.msg).toBe('秒杀片：最多可购买5盒');
    // The same goods at the normal price is another line.
    expect((await add(a, [{ goods_id: G.flash, number: 1 }])).status).toBe(200);
    expect(await linesOf(a)).toHaveLength(2);
    await clear(a);
  });

  it('refuses a flash-sale add for goods not in a running flash sale', async () => {
    const res = await add(a, [{ goods_id: G.normal, number: 1, type: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('感冒灵颗粒：秒杀活动已结束');
  });

  it('adds a combination as sets priced at the combination prices, limited by member stock', async () => {
    const res = await add(a, [{ goods_id: G.comboY, number: 2, type: 3, combination_id: comboId }]);
    expect(res.status).toBe(200);
    // Keyed on the first member whichever member was sent; one set = 9000 + 2 × 4000.
    expect(await lineFor(a, G.comboX)).toMatchObject({ type: 3, combinationId: comboId, number: 2, price: 17_000 });
    const tooMany = await add(a, [{ goods_id: G.comboX, number: 9, type: 3, combination_id: comboId }]);
    expect(tooMany.body.msg).toBe('血糖监测组合：最多可购买10套');
    const state = (await list(a)).body.data;
    const line = state.data.find((l) => l.type === 3)!;
    expect(line.is_combination).toBe(1);
    expect(line.coupon_eligible).toBe(0);
    expect(line.combination).toMatchObject({ id: comboId, name: '血糖监测组合', price: 17_000 });
    expect(line.combination!.goods.map((m) => [m.goods_id, m.quantity, m.price])).toEqual([
      [G.comboX, 1, 9_000],
      [G.comboY, 2, 4_000],
    ]);
    await clear(a);
  });
});

describe('POST /api/cart/quick_add/{id}', () => {
  it('adds the smallest valid quantity', async () => {
    const res = await t.call<CartAddResult>('POST', `/api/cart/quick_add/${G.midpack}`, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('加入购物车成功');
    expect((await lineFor(a, G.midpack)).number).toBe(10);
    await t.call('POST', `/api/cart/quick_add/${G.normal}`, { cookie: a.cookie });
    expect((await lineFor(a, G.normal)).number).toBe(1);
    expect((await t.call('POST', `/api/cart/quick_add/${G.zero}`, { cookie: a.cookie })).body.msg).toBe(
      '缺货片：库存不足',
    );
    expect((await t.call('POST', `/api/cart/quick_add/${G.kx}`, { cookie: a.cookie })).status).toBe(400);
    expect((await t.call('POST', '/api/cart/quick_add/abc', { cookie: a.cookie })).status).toBe(422);
    await clear(a);
  });
});

describe('POST /api/cart/{id}/edit', () => {
  it('sets the number and re-prices on the ladder', async () => {
    await add(a, [{ goods_id: G.ladder, number: 5 }]);
    const line = await lineFor(a, G.ladder);
    const res = await t.call('POST', `/api/cart/${line.id}/edit`, {
      cookie: a.cookie,
      body: { params: { number: 50 } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.line).toMatchObject({
      id: line.id,
      number: 50,
      price: 1_000,
      raw_price: 50_000,
      price_changed: null,
    });
    expect(res.body.data.cart).toBeUndefined();
    expect(await lineFor(a, G.ladder)).toMatchObject({ number: 50, price: 1_000 });
    const back = await t.call('POST', `/api/cart/${line.id}/edit`, {
      cookie: a.cookie,
      json: { params: { number: 9 }, new: 1 },
    });
    expect(back.body.data.line.price).toBe(1_250);
    expect(back.body.data.cart.data).toHaveLength(1);
  });

  it('refuses 0, bad numbers and numbers the rules refuse, changing nothing', async () => {
    const line = await lineFor(a, G.ladder);
    for (const number of [0, -1, 2.5, 'x']) {
      const res = await t.call('POST', `/api/cart/${line.id}/edit`, { cookie: a.cookie, body: { params: { number } } });
      expect(res.status, String(number)).toBe(422);
    }
    const missing = await t.call('POST', `/api/cart/${line.id}/edit`, { cookie: a.cookie, json: {} });
    expect(missing.status).toBe(422);
    const over = await t.call('POST', `/api/cart/${line.id}/edit`, {
      cookie: a.cookie,
      json: { params: { number: 501 } },
    });
    expect(over.status).toBe(400);
    expect((await lineFor(a, G.ladder)).number).toBe(9);
  });

  it("answers 404 for another company's line and leaves it alone", async () => {
    await add(b, [{ goods_id: G.normal, number: 2 }]);
    const theirs = await lineFor(b, G.normal);
    const res = await t.call('POST', `/api/cart/${theirs.id}/edit`, {
      cookie: a.cookie,
      json: { params: { number: 7 } },
    });
    expect(res.status).toBe(404);
    expect((await lineFor(b, G.normal)).number).toBe(2);
    expect((await t.call('POST', '/api/cart/99999999/edit', { cookie: a.cookie, json: { number: 1 } })).status).toBe(
      404,
    );
    await clear(a);
    await clear(b);
  });
});

describe('POST /api/cart/batch_select', () => {
  it("selects and unselects the company's lines only", async () => {
    await add(a, [
      { goods_id: G.normal, number: 1 },
      { goods_id: G.spare, number: 1 },
    ]);
    await add(b, [{ goods_id: G.normal, number: 1 }]);
    const mine = await linesOf(a);
    const theirs = await lineFor(b, G.normal);
    const off = await t.call('POST', '/api/cart/batch_select', {
      cookie: a.cookie,
      body: { ids: [...mine.map((l) => l.id), theirs.id], is_selected: 0 },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ count: 2, forced_unselected: [] });
    expect((await linesOf(a)).every((l) => !l.isSelected)).toBe(true);
    expect((await lineFor(b, G.normal)).isSelected).toBe(true);
    const on = await t.call('POST', '/api/cart/batch_select', {
      cookie: a.cookie,
      json: { ids: [mine[0].id], is_selected: '1' },
    });
    expect(on.body.data.count).toBe(1);
    expect((await linesOf(a)).map((l) => l.isSelected)).toEqual([true, false]);
    for (const json of [
      { ids: [], is_selected: 1 },
      { ids: [mine[0].id] },
      { ids: [mine[0].id], is_selected: 2 },
      { ids: ['x'], is_selected: 1 },
    ]) {
      expect(
        (await t.call('POST', '/api/cart/batch_select', { cookie: a.cookie, json })).status,
        JSON.stringify(json),
      ).toBe(422);
    }
    await clear(a);
    await clear(b);
  });

  it('keeps a line of goods out of stock unselected', async () => {
    const id = await addGoods({ name: '将缺货片', stock: 5 });
    await add(a, [{ goods_id: id, number: 2 }]);
    await t.db.update(goods).set({ stock: 0 }).where(eq(goods.id, id));
    const line = await lineFor(a, id);
    await t.db.update(cartLines).set({ isSelected: false }).where(eq(cartLines.id, line.id));
    const res = await t.call('POST', '/api/cart/batch_select', {
      cookie: a.cookie,
      json: { ids: [line.id], is_selected: 1 },
    });
    expect(res.body.data).toEqual({ count: 0, forced_unselected: [line.id] });
    expect((await lineFor(a, id)).isSelected).toBe(false);
    await clear(a);
  });
});

describe('POST /api/cart/batch_delete', () => {
  it("deletes own lines only; another company's ids change nothing", async () => {
    await add(a, [{ goods_id: G.normal, number: 1 }]);
    await add(b, [{ goods_id: G.normal, number: 1 }]);
    const theirs = await lineFor(b, G.normal);
    const res = await t.call('POST', '/api/cart/batch_delete', { cookie: a.cookie, json: { ids: [theirs.id] } });
    expect(res.body.data).toEqual({ count: 0 });
    expect(await lineFor(b, G.normal)).toBeDefined();
    await clear(a);
    await clear(b);
  });
});

describe('GET /api/cart/list', () => {
  it('prices lines, groups them by warehouse and forces unbuyable lines unselected (persisted)', async () => {
    await add(a, [{ goods_id: G.ladder, number: 10 }]);
    await add(a, [{ goods_id: G.north, number: 1 }]);
    await add(a, [{ goods_id: G.normal, number: 2 }]);
    await t.db.update(goods).set({ stock: 0 }).where(eq(goods.id, G.normal));
    // The shop changed a price since the line was added.
    await t.db.update(goodsLadderPrices).set({ price: 1_080 }).where(eq(goodsLadderPrices.id, ladderStep10));
    try {
      const res = await list(a);
      expect(res.status).toBe(200);
      const { data, filter_data, totals } = res.body.data;
      expect(data.map((l) => l.goods.id)).toEqual([G.normal, G.ladder, G.north]);
      const [normal, ladder] = data;
      expect(normal).toMatchObject({
        is_selected: 0,
        problem: '感冒灵颗粒：库存不足',
        goods: { is_buy: 0, number: 0 },
      });
      expect((await lineFor(a, G.normal)).isSelected).toBe(false);
      expect(ladder).toMatchObject({
        type: 0,
        number: 10,
        price: 1_080,
        raw_price: 10_800,
        is_selected: 1,
        ladder_price_id: ladderStep10,
        price_changed: { old: 1_100, new: 1_080 },
        problem: null,
        goods: {
          id: G.ladder,
          name: '阿莫西林胶囊',
          ck_id: cat.warehouseId,
          base_price: 1_250,
          price: 1_250,
          ladder_price_type: 1,
          ladder_price: [
            { id: ladderStep10, number: 10, price: 1_080 },
            { id: expect.any(Number), number: 50, price: 1_000 },
          ],
        },
      });
      expect(filter_data.current).toBe(99_999);
      expect(filter_data.warehouses.map((w) => [w.name, w.count])).toEqual([
        ['广州仓', 2],
        ['北京仓', 1],
      ]);
      expect(totals).toMatchObject({ raw_price: 10_800 + 1_250, selected_count: 2, selected_number: 11 });
      const north = await list(a, `?filters=${filter_data.warehouses[1].ck_id}`);
      expect(north.body.data.data.map((l) => l.goods.id)).toEqual([G.north]);
      expect((await list(a, '?filters=abc')).status).toBe(422);
    } finally {
      await t.db.update(goods).set({ stock: 100 }).where(eq(goods.id, G.normal));
      await t.db.update(goodsLadderPrices).set({ price: 1_100 }).where(eq(goodsLadderPrices.id, ladderStep10));
      await clear(a);
    }
  });

  it('shows 满减 tiers with status flipping at exactly the threshold', async () => {
    // 50,000 + 25,000 + 24,999 = 99,999: one fen short of the first tier.
    await add(a, [
      { goods_id: G.promoA, number: 1 },
      { goods_id: G.promoB, number: 1 },
      { goods_id: G.normal, number: 1 },
    ]);
    const c = await addGoods({ name: '满减品D', basePrice: 24_999 });
    await t.db.insert(promotionGoods).values({ promotionId: manjianId, goodsId: c });
    await add(a, [{ goods_id: c, number: 1 }]);
    const below = (await list(a)).body.data;
    expect(below.activity_data.manjians).toHaveLength(1);
    expect(below.activity_data.manjians[0]).toMatchObject({
      id: manjianId,
      amount: 99_999,
      reduce: 0,
      tiers: [
        { amount: 100_000, reduce: 5_000, status: 0 },
        { amount: 300_000, reduce: 20_000, status: 0 },
      ],
      next: { amount: 100_000, shortfall: 1 },
    });
    expect(below.totals!.goods_manjian_amount).toBe(0);

    await t.db.update(goods).set({ basePrice: 25_000 }).where(eq(goods.id, c));
    const at = (await list(a)).body.data;
    expect(at.activity_data.manjians[0]).toMatchObject({
      amount: 100_000,
      reduce: 5_000,
      tiers: [
        { amount: 100_000, status: 1 },
        { amount: 300_000, status: 0 },
      ],
    });
    const shares = at.data.filter((l) => l.goods_manjian_id === manjianId).map((l) => l.goods_manjian_amount!);
    expect(shares.reduce((s, x) => s + x, 0)).toBe(5_000);
    const normal = at.data.find((l) => l.goods.id === G.normal)!;
    expect(normal).toMatchObject({ goods_manjian_id: null, goods_manjian_amount: 0, with_coupon: 1_250 });
    expect(at.totals).toMatchObject({
      raw_price: 101_250,
      goods_manjian_amount: 5_000,
      pay_price: 96_250,
      with_coupon: 96_250,
    });

    // Unselecting a member drops below the tier again.
    const lineB = at.data.find((l) => l.goods.id === G.promoB)!;
    await t.call('POST', '/api/cart/batch_select', { cookie: a.cookie, json: { ids: [lineB.id], is_selected: 0 } });
    expect((await list(a)).body.data.activity_data.manjians[0]).toMatchObject({ amount: 75_000, reduce: 0 });
    await clear(a);
  });

  it("shipping_data: config, and today's paid orders (Shanghai day) towards the threshold", async () => {
    const order = (paidAt: Date | null, goodsAmount: number, status: string, no: string) => ({
      orderNo: no,
      companyId: a.companyId,
      userId: a.userId,
      status,
      goodsAmount,
      payAmount: goodsAmount,
      address: {},
      paidAt,
      createdAt: paidAt ?? now,
    });
    // now = 10:00 in Shanghai; 23:00 yesterday there is 11 hours ago.
    await t.db
      .insert(orders)
      .values([
        order(new Date(now.getTime() - HOUR), 30_000, 'paid', 'T1'),
        order(new Date(now.getTime() - 9 * HOUR), 1_000, 'shipped', 'T2'),
        order(new Date(now.getTime() - 11 * HOUR), 99_000, 'paid', 'T3'),
        order(null, 77_000, 'pending_payment', 'T4'),
      ]);
    await add(a, [{ goods_id: G.promoC, number: 4 }]);
    const { shipping_data, totals } = (await list(a)).body.data;
    expect(shipping_data).toEqual({ shipping_amount: 80_000, no_trans_order_amount: 31_000, fee: 1_000 });
    // 80,000 − 40,000 − 31,000
    expect(totals!.shipping).toEqual({ shortfall: 9_000, free: false, fee: 1_000 });
    await add(a, [{ goods_id: G.promoC, number: 1 }]);
    expect((await list(a)).body.data.totals!.shipping).toEqual({ shortfall: 0, free: true, fee: 0 });
    await clear(a);
  });

  it('hides every price from a member whose company is under review', async () => {
    await t.db.insert(cartLines).values({
      companyId: pending.companyId,
      userId: pending.userId,
      goodsId: G.promoA,
      warehouseId: cat.warehouseId,
      number: 1,
      price: 50_000,
    });
    const res = await list(pending);
    expect(res.status).toBe(200);
    const [line] = res.body.data.data;
    expect(line).toMatchObject({
      price: null,
      raw_price: null,
      with_coupon: null,
      goods_manjian_amount: null,
      price_changed: null,
      goods: { base_price: null, price: null, ladder_price: [] },
    });
    expect(res.body.data.totals).toBeNull();
    expect(res.body.data.activity_data).toEqual({ manjians: [], discounts: [] });
  });
});

describe('POST /api/cart/copy', () => {
  let hq: Buyer;
  let storeA: Buyer;
  let storeB: Buyer;
  beforeAll(async () => {
    hq = await insertBuyer(t.db, 'approved', now);
    storeA = await insertBuyer(t.db, 'approved', now);
    storeB = await insertBuyer(t.db, 'approved', now);
    await t.db.update(companies).set({ parentId: hq.companyId }).where(eq(companies.id, storeA.companyId));
    await t.db.update(companies).set({ parentId: hq.companyId }).where(eq(companies.id, storeB.companyId));
    await t.db.update(companies).set({ isSpecial: true }).where(eq(companies.id, hq.companyId));
  });

  it('copies lines to managed stores, re-checked in each store', async () => {
    await add(hq, [
      { goods_id: G.normal, number: 2 },
      { goods_id: G.kx, number: 1 },
      { goods_id: G.eph, number: 3 },
    ]);
    await add(storeA, [{ goods_id: G.eph, number: 1 }]);
    const ids = (await linesOf(hq)).map((l) => l.id);
    const res = await t.call<CartCopyResult>('POST', '/api/cart/copy', {
      cookie: hq.cookie,
      body: { ids, other_user_ids: [storeA.userId, storeB.userId] },
    });
    expect(res.status).toBe(200);
    const { copied, skipped } = res.body.data;
    // 控销 is refused for the stores (not is_special); store A already has 1 of the ephedrine goods.
    expect(skipped.map((s) => [s.user_id, s.goods_id, s.reason])).toEqual([
      [storeA.userId, G.kx, '控销胶囊：商品不存在或已下架'],
      [storeA.userId, G.eph, '新康泰克：最多可购买3盒'],
      [storeB.userId, G.kx, '控销胶囊：商品不存在或已下架'],
    ]);
    expect(copied.map((x) => [x.user_id, x.goods_id])).toEqual([
      [storeA.userId, G.normal],
      [storeB.userId, G.normal],
      [storeB.userId, G.eph],
    ]);
    expect(await lineFor(storeA, G.normal)).toMatchObject({ number: 2, price: 1_250, userId: storeA.userId });
    expect((await lineFor(storeA, G.eph)).number).toBe(1);
    expect((await lineFor(storeB, G.eph)).number).toBe(3);
    expect(await linesOf(hq)).toHaveLength(3);
  });

  it('refuses a target the account does not manage (403) and copies nothing', async () => {
    const before = await linesOf(b);
    const ids = (await linesOf(hq)).map((l) => l.id);
    const res = await t.call('POST', '/api/cart/copy', {
      cookie: hq.cookie,
      json: { ids, other_user_ids: [storeA.userId, b.userId] },
    });
    expect(res.status).toBe(403);
    expect(await linesOf(b)).toEqual(before);
    // A store cannot copy to its head office or a sibling.
    const up = await t.call('POST', '/api/cart/copy', {
      cookie: storeA.cookie,
      json: { ids: [(await linesOf(storeA))[0].id], other_user_ids: [hq.userId] },
    });
    expect(up.status).toBe(403);
  });

  it("refuses another company's line ids (404) and copies nothing", async () => {
    await add(b, [{ goods_id: G.spare, number: 1 }]);
    const theirs = await lineFor(b, G.spare);
    const before = await linesOf(storeB);
    const res = await t.call('POST', '/api/cart/copy', {
      cookie: hq.cookie,
      json: { ids: [theirs.id], other_user_ids: [storeB.userId] },
    });
    expect(res.status).toBe(404);
    expect(await linesOf(storeB)).toEqual(before);
    const self = await t.call('POST', '/api/cart/copy', {
      cookie: hq.cookie,
      json: { ids: [(await linesOf(hq))[0].id], other_user_ids: [hq.userId] },
    });
    expect(self.status).toBe(422);
    await clear(b);
  });
});

describe('POST /api/cart/next_hint', () => {
  it('gives the shortfall to the next tier and promotion goods not in the cart, best sellers first', async () => {
    await add(a, [
      { goods_id: G.promoA, number: 1 },
      { goods_id: G.normal, number: 1 },
    ]);
    const res = await t.call<CartNextHint>('POST', '/api/cart/next_hint', { cookie: a.cookie });
    expect(res.status).toBe(200);
    const hint = res.body.data;
    expect(hint.promotion).toEqual({ id: manjianId, kind: 'manjian', name: '满1000减50' });
    expect(hint.tier).toEqual({ amount: 100_000, reduce: 5_000 });
    expect(hint.amount).toBe(50_000);
    expect(hint.shortfall).toBe(50_000);
    const ids = hint.suggestions.map((s) => s.id);
    expect(ids.slice(0, 2)).toEqual([G.promoB, G.promoC]);
    expect(ids).not.toContain(G.promoA);
    expect(hint.suggestions[0]).toMatchObject({ name: '满减品B', price: 25_000 });

    const byId = await t.call<CartNextHint>('POST', `/api/cart/next_hint?promotion_id=${manjianId}&limit=1`, {
      cookie: a.cookie,
    });
    expect(byId.body.data.suggestions).toHaveLength(1);
    expect((await t.call('POST', '/api/cart/next_hint?promotion_id=99999', { cookie: a.cookie })).status).toBe(404);
    expect((await t.call('POST', '/api/cart/next_hint?limit=0', { cookie: a.cookie })).status).toBe(422);
    await clear(a);
  });

  it('says so when no tier is open', async () => {
    const res = await t.call<CartNextHint>('POST', '/api/cart/next_hint', { cookie: a.cookie });
    expect(res.body.data).toEqual({ promotion: null, tier: null, amount: 0, shortfall: 0, suggestions: [] });
  });
});
