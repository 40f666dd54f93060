// Flash sale in the cart (issue 20): a type-1 line takes the flash price only while the sale runs,
// within the per-company cap (counting units already ordered) and the sale's stock; parallel
// buyers never sell more than the sale holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { cartLines, promotionGoods, promotions } from '../../server/db/schema.ts';
import type { CartAddResult } from '../../src/domain/cart-types.ts';

const HOUR = 3_600_000;
let t: TestApp;
let shop: Shop;
let saleId: number;
let flashGoods: number;
let scarceGoods: number;
let startsAt: Date;
let endsAt: Date;

const add = (buyer: ShopBuyer, goodsId: number, number: number, type = 1) =>
  t.call<CartAddResult>('POST', '/api/cart', {
    cookie: buyer.cookie,
    body: { params: [{ goods_id: goodsId, number, type }] },
  });

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  const now = t.clock.now();
  startsAt = new Date(now.getTime() - HOUR);
  endsAt = new Date(now.getTime() + HOUR);
  flashGoods = await shop.goods({ name: '秒杀感冒灵', basePrice: 1_000, stock: 500 });
  scarceGoods = await shop.goods({ name: '秒杀口罩', basePrice: 2_000, stock: 500 });
  const [sale] = await t.db
    .insert(promotions)
    .values({ kind: 'flash', name: '10:00场 限时秒杀', startsAt, endsAt })
    .returning({ id: promotions.id });
  saleId = sale.id;
  await t.db.insert(promotionGoods).values([
    { promotionId: saleId, goodsId: flashGoods, price: 700, stockLimit: 100, perCompanyLimit: 3 },
    { promotionId: saleId, goodsId: scarceGoods, price: 1_500, stockLimit: 10 },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('flash-sale lines', () => {
  it('take the flash price while the sale runs, the normal line keeps the normal price', async () => {
    const buyer = await shop.buyer({ balance: 100_000 });
    const flash = await add(buyer, flashGoods, 2);
    expect(flash.status, flash.body.msg).toBe(200);
    const normal = await add(buyer, flashGoods, 1, 0);
    const rows = await t.db.select().from(cartLines).where(eq(cartLines.companyId, buyer.companyId));
    expect(rows.map((r) => [r.type, r.price, r.number]).sort()).toEqual([
      [0, 1_000, 1],
      [1, 700, 2],
    ]);
    expect(normal.status).toBe(200);
  });

  it('hold the per-company cap across orders', async () => {
    const buyer = await shop.buyer({ balance: 100_000 });
    const over = await add(buyer, flashGoods, 4);
    expect(over.body.msg).toBe('秒杀感冒灵：最多可购买3盒');
    const first = await add(buyer, flashGoods, 2);
    const placed = await shop.order(buyer, first.body.data.lines, { use_balance: 1 });
    expect(placed.status, placed.body.msg).toBe(200);
    const again = await add(buyer, flashGoods, 2);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('秒杀感冒灵：活动每家限购3盒，已购2盒');
    expect((await add(buyer, flashGoods, 1)).status).toBe(200);
  });

  it('are refused before the sale opens and after it ends (server clock)', async () => {
    const buyer = await shop.buyer();
    t.clock.set(new Date(startsAt.getTime() - 1_000));
    expect((await add(buyer, flashGoods, 1)).body.msg).toBe('秒杀感冒灵：秒杀活动已结束');
    t.clock.set(endsAt);
    expect((await add(buyer, flashGoods, 1)).body.msg).toBe('秒杀感冒灵：秒杀活动已结束');
    t.clock.set(new Date(startsAt.getTime() + 1_000));
    expect((await add(buyer, flashGoods, 1)).status).toBe(200);
  });

  // 50 buyers made, each adding and checking out: a ceiling for a loaded machine, not a wait.
  it('sell exactly the sale stock (10) to 50 parallel buyers', { timeout: 120_000 }, async () => {
    const buyers = await Promise.all(Array.from({ length: 50 }, () => shop.buyer({ balance: 100_000 })));
    const lines = await Promise.all(buyers.map((b) => add(b, scarceGoods, 1)));
    expect(lines.every((l) => l.status === 200)).toBe(true);
    const results = await Promise.all(
      buyers.map((b, i) => shop.order(b, lines[i].body.data.lines, { use_balance: 1 })),
    );
    const sold = results.filter((r) => r.status === 200).length;
    expect(sold).toBe(10);
    expect(
      results
        .filter((r) => r.status !== 200)
        .every((r) => r.body.msg.startsWith('秒杀口罩：') && r.body.msg.includes('库存不足')),
    ).toBe(true);
    const [row] = await t.db.select().from(promotionGoods).where(eq(promotionGoods.goodsId, scarceGoods));
    expect(row.sold).toBe(10);
  });
});
