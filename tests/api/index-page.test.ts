// GET /api/index/spike (today's flash sale, on the injected clock) and GET /api/index_wntj/{page}
// (为你推荐 for visitors and members).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_NOW, type TestApp } from '../helpers/test-app.ts';
import {
  insertBuyer,
  insertCatalogue,
  insertGoods,
  type Buyer,
  type CatalogueIds,
  type GoodsSpec,
} from '../fixtures/catalogue.ts';
import { orderLines, orders, promotionGoods, promotions } from '../../server/db/schema.ts';
import { RECOMMEND_PAGE_SIZE } from '../../server/services/goods/list/recommendations.ts';
import type { FlashSale, GoodsListItem } from '../../src/domain/catalog.ts';

const HOUR = 3_600_000;
/** TEST_NOW is 10:00 in Shanghai; this is 00:00 there the same day. */
const MIDNIGHT = TEST_NOW.getTime() - 10 * HOUR;
const cst = (hours: number) => new Date(MIDNIGHT + hours * HOUR);
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

let t: TestApp;
let cat: CatalogueIds;
let approved: Buyer;
let pending: Buyer;
let special: Buyer;
const id: Record<string, number> = {};

async function addGoods(specs: GoodsSpec[]) {
  const ids = await insertGoods(t.db, cat, specs);
  specs.forEach((s, i) => (id[s.name] = ids[i]));
}

beforeAll(async () => {
  t = await createTestApp();
  cat = await insertCatalogue(t.db);
  await addGoods([
    ...Array.from({ length: 15 }, (_, i) => ({ name: `热销药${i}`, salesCount: 100 + i })),
    { name: '阿莫西林胶囊', category: '抗生素', salesCount: 50 },
    { name: '控销抗生素', category: '抗生素', salesCount: 45, isKx: true },
    { name: '头孢克肟分散片', category: '抗生素', salesCount: 40 },
    { name: '罗红霉素胶囊', category: '抗生素', salesCount: 30, stock: 0 },
    { name: '缺货热销药', salesCount: 1000, isBuy: false },
    { name: '停售热销药', salesCount: 900, isOnSale: false },
    { name: '秒杀感冒灵', salesCount: 20, basePrice: 1000 },
    { name: '秒杀控销片', salesCount: 19, basePrice: 1000, isKx: true },
    { name: '秒杀口罩', salesCount: 18, basePrice: 500, stock: 77 },
  ]);
  const now = t.clock.now();
  approved = await insertBuyer(t.db, 'approved', now);
  pending = await insertBuyer(t.db, 'pending', now);
  special = await insertBuyer(t.db, 'special', now);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/index/spike', () => {
  let today: number;
  let tomorrow: number;

  beforeAll(async () => {
    const rows = await t.db
      .insert(promotions)
      .values([
        { kind: 'flash', name: '今日秒杀', startsAt: cst(10), endsAt: cst(22) },
        { kind: 'flash', name: '午间秒杀', startsAt: cst(12), endsAt: cst(13) },
        { kind: 'flash', name: '明日秒杀', startsAt: cst(34), endsAt: cst(46) },
        { kind: 'flash', name: '已停用', startsAt: cst(0), endsAt: cst(23), isActive: false },
        { kind: 'manjian', name: '不是秒杀', startsAt: cst(0), endsAt: cst(23) },
      ])
      .returning({ id: promotions.id });
    [today, , tomorrow] = rows.map((r) => r.id);
    await t.db.insert(promotionGoods).values([
      { promotionId: today, goodsId: id['秒杀感冒灵'], price: 800, stockLimit: 100, sold: 30, perCompanyLimit: 5 },
      { promotionId: today, goodsId: id['秒杀控销片'], price: 700, stockLimit: 50, sold: 0 },
      { promotionId: today, goodsId: id['秒杀口罩'], price: 400, stockLimit: 0, sold: 12 },
      { promotionId: tomorrow, goodsId: id['秒杀口罩'], price: 380, stockLimit: 10, sold: 0 },
    ]);
  });

  const spike = async (at: Date, cookie?: string) => {
    t.clock.set(at);
    const res = await t.call<FlashSale | null>('GET', '/api/index/spike', { cookie });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('the running sale with its goods, times in seconds, prices hidden from visitors', async () => {
    const at = cst(10.5);
    const sale = await spike(at);
    expect(sale).toMatchObject({
      id: today,
      name: '今日秒杀',
      start_time: secs(cst(10)),
      end_time: secs(cst(22)),
      timestamp: secs(at),
    });
    expect(sale!.list.map((g) => [g.name, g.type, g.spike_price, g.spike_stock, g.sold, g.price])).toEqual([
      ['秒杀感冒灵', 1, null, 70, 30, null],
      ['秒杀口罩', 1, null, 77, 12, null],
    ]);
    expect((await spike(at, pending.cookie))!.list[0].spike_price).toBeNull();
  });

  it('shows flash prices to approved members and 控销 goods only to the entitled', async () => {
    const sale = await spike(cst(11), approved.cookie);
    expect(sale!.list.map((g) => [g.name, g.spike_price, g.price])).toEqual([
      ['秒杀感冒灵', 800, 1000],
      ['秒杀口罩', 400, 500],
    ]);
    const forSpecial = await spike(cst(11), special.cookie);
    expect(forSpecial!.list.map((g) => [g.name, g.spike_price, g.spike_stock])).toEqual([
      ['秒杀感冒灵', 800, 70],
      ['秒杀控销片', 700, 50],
      ['秒杀口罩', 400, 77],
    ]);
  });

  it('before the start: the sale starting later today', async () => {
    expect((await spike(cst(8)))?.name).toBe('今日秒杀');
    expect((await spike(cst(0)))?.name).toBe('今日秒杀');
  });

  it('after the last sale of the day: null, not tomorrow’s', async () => {
    expect(await spike(cst(22))).toBeNull();
    expect(await spike(cst(23.9))).toBeNull();
  });

  it('the next day: tomorrow’s sale, before and during', async () => {
    const before = await spike(cst(24 + 1));
    expect(before).toMatchObject({ name: '明日秒杀', start_time: secs(cst(34)) });
    expect(before!.list.map((g) => [g.name, g.spike_stock])).toEqual([['秒杀口罩', 10]]);
    expect((await spike(cst(40)))?.name).toBe('明日秒杀');
  });

  it('while two overlap, the earlier start wins; later the other one runs alone', async () => {
    expect((await spike(cst(12.5)))?.name).toBe('今日秒杀');
    t.clock.set(TEST_NOW);
  });
});

describe('GET /api/index_wntj/{page}', () => {
  const recommend = async (page: number | string, cookie?: string) => {
    const res = await t.call<GoodsListItem[]>('GET', `/api/index_wntj/${page}`, { cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((g) => g.name);
  };
  const hot = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `热销药${from - i}`);

  beforeAll(async () => {
    for (const buyer of [approved, special]) {
      const [order] = await t.db
        .insert(orders)
        .values({
          orderNo: `T${buyer.companyId}`,
          companyId: buyer.companyId,
          userId: buyer.userId,
          status: 'completed',
          goodsAmount: 5000,
          payAmount: 5000,
          address: {},
        })
        .returning({ id: orders.id });
      await t.db.insert(orderLines).values({
        orderId: order.id,
        goodsId: id['罗红霉素胶囊'],
        warehouseId: cat.warehouseId,
        name: '罗红霉素胶囊',
        sccj: '测试制药有限公司',
        ypgg: '10粒',
        bzdw: '盒',
        number: 5,
        price: 1000,
        amount: 5000,
      });
    }
  });

  it('visitors get the best sellers that can be bought now', async () => {
    expect(await recommend(1)).toEqual(hot(14, 3));
    expect(await recommend(2)).toEqual([...hot(2, 0), '阿莫西林胶囊', '头孢克肟分散片', '秒杀感冒灵', '秒杀口罩']);
    expect(await recommend(3)).toEqual([]);
  });

  it('members first get best sellers of the categories they ordered from', async () => {
    const first = await recommend(1, approved.cookie);
    expect(first).toHaveLength(RECOMMEND_PAGE_SIZE);
    expect(first).toEqual(['阿莫西林胶囊', '头孢克肟分散片', ...hot(14, 5)]);
    expect(await recommend(2, approved.cookie)).toEqual([...hot(4, 0), '秒杀感冒灵', '秒杀口罩']);
    expect((await recommend(1, special.cookie)).slice(0, 3)).toEqual(['阿莫西林胶囊', '控销抗生素', '头孢克肟分散片']);
  });

  it('a member without orders gets the best sellers', async () => {
    expect(await recommend(1, pending.cookie)).toEqual(hot(14, 3));
  });

  it('422 for a page that is not 1–10', async () => {
    for (const page of ['0', '11', 'abc', '-1']) {
      const res = await t.call('GET', `/api/index_wntj/${page}`);
      expect(res.status, page).toBe(422);
      expect(res.body.msg).toBe('页码无效');
    }
  });
});

describe('with the demo seed', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ seed: 300 });
  });
  afterAll(async () => {
    await demo.close();
  });

  it('has a flash sale today and recommendations for visitor and member', async () => {
    const cookie = await demo.signIn('demo', 'demo1234');
    const sale = await demo.call<FlashSale>('GET', '/api/index/spike', { cookie });
    expect(sale.body.data.name).toMatch(/^\d\d:00场 限时秒杀$/);
    expect(sale.body.data.list.length).toBeGreaterThan(0);
    expect(sale.body.data.list.every((g) => g.spike_price !== null && g.spike_price <= g.base_price!)).toBe(true);
    const visitor = await demo.call<GoodsListItem[]>('GET', '/api/index_wntj/1');
    const member = await demo.call<GoodsListItem[]>('GET', '/api/index_wntj/1', { cookie });
    expect(visitor.body.data).toHaveLength(RECOMMEND_PAGE_SIZE);
    expect(member.body.data).toHaveLength(RECOMMEND_PAGE_SIZE);
    expect(visitor.body.data.every((g) => g.is_buy === 1 && g.number > 0 && g.is_kx === 0 && g.price === null)).toBe(
      true,
    );
    expect(member.body.data.map((g) => g.id)).not.toEqual(visitor.body.data.map((g) => g.id));
  });

  it('keeps a flash sale running at any hour (rolling sessions), also the evening and at night', async () => {
    const start = demo.clock.now();
    try {
      for (const hours of [9, 12.5, 14, 17.9, 20, 26, 33]) {
        const at = new Date(start.getTime() + hours * 3_600_000);
        demo.clock.set(at);
        const sale = await demo.call<FlashSale | null>('GET', '/api/index/spike');
        expect(sale.body.data, `at +${hours}h`).not.toBeNull();
        const s = sale.body.data!;
        expect(s.start_time * 1000).toBeLessThanOrEqual(at.getTime());
        expect(s.end_time * 1000).toBeGreaterThan(at.getTime());
        expect(s.list.length).toBe(8);
      }
    } finally {
      demo.clock.set(start);
    }
  });
});
