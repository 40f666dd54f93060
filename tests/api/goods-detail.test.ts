// GET /api/goods/detail/{id} and GET /api/goods/activities?goods_id=: the detail shape, price
// visibility, the not-found cases, and promotion rule texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer, type CatalogueIds } from '../fixtures/catalogue.ts';
import {
  favorites,
  goods,
  goodsLadderPrices,
  goodsPrices,
  promotionGoods,
  promotions,
} from '../../server/db/schema.ts';
import { discountText, ruleTexts, yuanText } from '../../server/services/activities.ts';
import type { GoodsActivity, GoodsDetail } from '../../src/domain/catalog.ts';

const DAY = 86_400_000;
const errorsOf = (body: { data: unknown }) => (body.data as { errors: Record<string, string[]> }).errors;

let t: TestApp;
let cat: CatalogueIds;
let approved: Buyer;
let pending: Buyer;
let special: Buyer;
let gml: number;
let kx: number;
let offSale: number;
let plain: number;

const detail = (id: number | string, cookie?: string) =>
  t.call<GoodsDetail>('GET', `/api/goods/detail/${id}`, { cookie });
const activities = (goodsId: number | string, cookie?: string) =>
  t.call<GoodsActivity[]>('GET', `/api/goods/activities?goods_id=${encodeURIComponent(String(goodsId))}`, { cookie });

beforeAll(async () => {
  t = await createTestApp();
  cat = await insertCatalogue(t.db);
  [gml, kx, offSale, plain] = await insertGoods(t.db, cat, [
    { name: '999感冒灵颗粒', sccj: '华润三九医药股份有限公司', brand: '999', basePrice: 1500, salesCount: 40 },
    { name: '控销感冒片', isKx: true, category: '退热药' },
    { name: '停售感冒片', isOnSale: false },
    { name: '人参片', category: '人参' },
  ]);
  await t.db
    .update(goods)
    .set({
      commonName: '感冒灵颗粒',
      image: '/media/goods/1.svg',
      images: ['/media/goods/1.svg', '/media/goods/1-b.svg'],
      description: '【通用名称】感冒灵颗粒',
      storage: '密封保存',
      dosageForm: '颗粒剂',
      barcode: '6901234567892',
      approvalNo: '国药准字Z44021940',
      batchNo: '25030101',
      producedOn: '2025-03-01',
      expiresOn: '2027-02-28',
      retailPrice: 2200,
      ladderPriceType: 1,
      tags: ['满'],
    })
    .where(eq(goods.id, gml));
  await t.db.insert(goodsLadderPrices).values({ goodsId: gml, minNumber: 10, price: 1400 });
  const now = t.clock.now();
  approved = await insertBuyer(t.db, 'approved', now);
  pending = await insertBuyer(t.db, 'pending', now);
  special = await insertBuyer(t.db, 'special', now);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/goods/detail/{id}', () => {
  it('returns the detail with category path, brand, warehouse and prices for an approved member', async () => {
    const res = await detail(gml, approved.cookie);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      id: gml,
      name: '999感冒灵颗粒',
      common_name: '感冒灵颗粒',
      price: 1500,
      base_price: 1500,
      retail_price: 2200,
      ladder_price: [{ id: expect.any(Number), number: 10, price: 1400 }],
      ladder_price_type: 1,
      approval_no: '国药准字Z44021940',
      batch_no: '25030101',
      produced_on: '2025-03-01',
      expires_on: '2027-02-28',
      ck_id: cat.warehouseId,
      ck_name: '广州仓',
      images: ['/media/goods/1.svg', '/media/goods/1-b.svg'],
      description: '【通用名称】感冒灵颗粒',
      storage: '密封保存',
      dosage_form: '颗粒剂',
      barcode: '6901234567892',
      category_path: [
        { id: cat.category['西药'], name: '西药' },
        { id: cat.category['感冒发热'], name: '感冒发热' },
        { id: cat.category['感冒用药'], name: '感冒用药' },
      ],
      brand: { id: cat.brand['999'], name: '999', logo: '/img/brand-0.svg' },
      is_favorite: 0,
      tags: ['满'],
    });
  });

  it('uses the member rank price when there is one', async () => {
    await t.db.insert(goodsPrices).values({ goodsId: gml, rank: 1, price: 1450 });
    try {
      expect((await detail(gml, approved.cookie)).body.data).toMatchObject({ price: 1450, base_price: 1500 });
    } finally {
      await t.db.delete(goodsPrices).where(eq(goodsPrices.goodsId, gml));
    }
  });

  it('hides prices and ladders from visitors and members under review', async () => {
    for (const cookie of [undefined, pending.cookie]) {
      const res = await detail(gml, cookie);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ price: null, base_price: null, retail_price: null, ladder_price: [] });
    }
  });

  it('brand is null and images fall back to nothing without pictures', async () => {
    const d = (await detail(plain)).body.data;
    expect(d.brand).toBeNull();
    expect(d.images).toEqual([]);
    expect(d.category_path.map((c) => c.name)).toEqual(['中药饮片', '根茎类', '人参']);
  });

  it('marks is_favorite for the company that has it', async () => {
    await t.db.insert(favorites).values({ companyId: approved.companyId, goodsId: gml });
    expect((await detail(gml, approved.cookie)).body.data.is_favorite).toBe(1);
    expect((await detail(gml, special.cookie)).body.data.is_favorite).toBe(0);
    expect((await detail(gml)).body.data.is_favorite).toBe(0);
  });

  it('404 for unknown, off-sale, and 控销 goods a viewer is not entitled to', async () => {
    const gone = { code: 404, msg: '商品不存在或已下架', data: null };
    for (const [id, cookie] of [
      [999_999, undefined],
      [offSale, special.cookie],
      [kx, undefined],
      [kx, approved.cookie],
      [kx, pending.cookie],
    ] as const) {
      const res = await detail(id, cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(gone);
    }
    const forSpecial = await detail(kx, special.cookie);
    expect(forSpecial.status).toBe(200);
    expect(forSpecial.body.data.is_kx).toBe(1);
  });

  it('422 when the id is not a positive integer', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%27%20OR%201%3D1']) {
      const res = await detail(id);
      expect(res.status, id).toBe(422);
      expect(res.body.msg).toBe('商品编号无效');
      expect(errorsOf(res.body).id).toEqual(['商品编号无效']);
    }
  });
});

describe('GET /api/goods/activities', () => {
  beforeAll(async () => {
    const now = t.clock.now().getTime();
    const at = (days: number) => new Date(now + days * DAY);
    const rows = await t.db
      .insert(promotions)
      .values([
        {
          kind: 'manjian',
          name: '满减狂欢',
          description: '活动商品满1000元减50元',
          rules: {
            tiers: [
              { amount: 100_000, reduce: 5_000 },
              { amount: 300_000, reduce: 20_050 },
            ],
          },
          startsAt: at(-1),
          endsAt: at(10),
          sort: 2,
        },
        {
          kind: 'discount',
          name: '满额打折',
          rules: {
            tiers: [
              { amount: 200_000, percent: 95 },
              { amount: 500_000, percent: 90 },
            ],
          },
          allGoods: true,
          startsAt: at(-1),
          endsAt: at(10),
          sort: 1,
        },
        {
          kind: 'flash',
          name: '今日秒杀',
          rules: { session: '10:00-22:00' },
          startsAt: at(-0.1),
          endsAt: at(0.4),
          sort: 3,
        },
        {
          kind: 'manjian',
          name: '已结束',
          rules: { tiers: [{ amount: 100, reduce: 10 }] },
          allGoods: true,
          startsAt: at(-10),
          endsAt: at(-1),
        },
        {
          kind: 'manjian',
          name: '未开始',
          rules: { tiers: [{ amount: 100, reduce: 10 }] },
          allGoods: true,
          startsAt: at(1),
          endsAt: at(5),
        },
        {
          kind: 'manjian',
          name: '已停用',
          rules: { tiers: [{ amount: 100, reduce: 10 }] },
          allGoods: true,
          isActive: false,
          startsAt: at(-1),
          endsAt: at(5),
        },
        {
          kind: 'manjian',
          name: '其他商品',
          rules: { tiers: [{ amount: 100, reduce: 10 }] },
          startsAt: at(-1),
          endsAt: at(5),
        },
      ])
      .returning({ id: promotions.id, name: promotions.name });
    const pid = Object.fromEntries(rows.map((r) => [r.name, r.id]));
    await t.db.insert(promotionGoods).values([
      { promotionId: pid['满减狂欢'], goodsId: gml },
      { promotionId: pid['今日秒杀'], goodsId: gml, price: 1200, stockLimit: 100, sold: 20, perCompanyLimit: 5 },
      { promotionId: pid['其他商品'], goodsId: plain },
      { promotionId: pid['满减狂欢'], goodsId: kx },
    ]);
  });

  it('lists live promotions covering the goods with readable rules, by sort', async () => {
    const res = await activities(gml);
    expect(res.status).toBe(200);
    const now = t.clock.now().getTime();
    expect(res.body.data).toEqual([
      {
        id: expect.any(Number),
        kind: 'discount',
        name: '满额打折',
        description: '',
        starts_at: Math.floor((now - DAY) / 1000),
        ends_at: Math.floor((now + 10 * DAY) / 1000),
        rules: ['满2000打95折', '满5000打9折'],
      },
      {
        id: expect.any(Number),
        kind: 'manjian',
        name: '满减狂欢',
        description: '活动商品满1000元减50元',
        starts_at: expect.any(Number),
        ends_at: expect.any(Number),
        rules: ['满1000减50', '满3000减200.5'],
      },
      {
        id: expect.any(Number),
        kind: 'flash',
        name: '今日秒杀',
        description: '',
        starts_at: expect.any(Number),
        ends_at: expect.any(Number),
        rules: ['秒杀时段 10:00-22:00', '每家限购5件'],
        // The terms the detail's flash add control uses (price hidden from this viewer).
        price: null,
        per_company_limit: 5,
        remaining: 80,
      },
    ]);
  });

  it('follows the clock: an ended promotion drops out', async () => {
    t.clock.advance(0.5 * DAY);
    try {
      expect((await activities(gml)).body.data.map((a) => a.name)).toEqual(['满额打折', '满减狂欢']);
    } finally {
      t.clock.advance(-0.5 * DAY);
    }
  });

  it('only all-goods promotions for goods not listed in any', async () => {
    const [other] = await insertGoods(t.db, cat, [{ name: '维生素C片' }]);
    expect((await activities(other)).body.data.map((a) => a.name)).toEqual(['满额打折']);
    expect((await activities(plain)).body.data.map((a) => a.name)).toEqual(['其他商品', '满额打折']);
  });

  it('[] for goods the viewer may not see; 422 for a bad id', async () => {
    expect((await activities(999_999)).body).toEqual({ code: 10000, msg: 'ok', data: [] });
    expect((await activities(offSale)).body.data).toEqual([]);
    expect((await activities(kx)).body.data).toEqual([]);
    expect((await activities(kx, special.cookie)).body.data.map((a) => a.name)).toEqual(['满额打折', '满减狂欢']);
    for (const bad of ['', 'x', '-2', '0']) {
      const res = await activities(bad);
      expect(res.status).toBe(422);
      expect(errorsOf(res.body).goods_id).toEqual(['商品编号无效']);
    }
    expect((await t.call('GET', '/api/goods/activities')).status).toBe(422);
  });
});

describe('rule texts', () => {
  it('formats fen as short yuan and percents as 折', () => {
    expect([100_000, 5_000, 150, 5, 0, 20_050, 199].map(yuanText)).toEqual([
      '1000',
      '50',
      '1.5',
      '0.05',
      '0',
      '200.5',
      '1.99',
    ]);
    expect([95, 90, 88, 98, 85].map(discountText)).toEqual(['95折', '9折', '88折', '98折', '85折']);
  });

  it('covers every promotion kind and ignores malformed rules', () => {
    expect(ruleTexts('group', { group_size: 3, hours: 24 })).toEqual(['3家成团', '24小时内未成团自动退款']);
    expect(ruleTexts('everyday', { daily: true }, { quantity: 1, perCompanyLimit: 10 })).toEqual([
      '每日特价',
      '每家限购10件',
    ]);
    expect(ruleTexts('combination', {})).toEqual(['组合购买享组合价']);
    expect(ruleTexts('cashback', { tiers: [{ amount: 50_000, back: 2_000 }] })).toEqual(['满500返20']);
    expect(ruleTexts('gift', { tiers: [{ amount: 80_000, gift: '口罩1盒' }] })).toEqual(['满800赠口罩1盒']);
    expect(ruleTexts('manjian', { tiers: [{ amount: '1000', reduce: 50 }, null, 'x'] })).toEqual([]);
    expect(ruleTexts('manjian', null)).toEqual([]);
    expect(ruleTexts('unknown', { tiers: [] })).toEqual([]);
  });
});
