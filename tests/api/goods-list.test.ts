// GET /api/goods/list and /api/goods/brands: every filter, sort orders, pagination and totals,
// facets, price visibility, 控销, validation and hostile input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  insertBuyer,
  insertCatalogue,
  insertGoods,
  type Buyer,
  type CatalogueIds,
  type GoodsSpec,
} from '../fixtures/catalogue.ts';
import { brands, favorites, goods, goodsLadderPrices } from '../../server/db/schema.ts';
import { LIST_TOTAL_CAP } from '../../src/domain/catalog.ts';
import { SUMMARY_TTL_MS } from '../../server/services/goods/list/cache.ts';
import { ANSWER_TTL_MS } from '../../server/services/goods/answer-cache.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { GoodsListItem, GoodsListResult } from '../../src/domain/catalog.ts';
import type { Page } from '../../src/domain/envelope.ts';

const HRSJ = '华润三九医药股份有限公司';
const BYS = '广州白云山制药股份有限公司';
const TRT = '北京同仁堂股份有限公司';
const CS = '测试制药有限公司';

type Extra = Partial<typeof goods.$inferInsert>;
interface Row extends GoodsSpec {
  extra?: Extra;
  daysAgo: number;
}

/** Sales are distinct so every order is fully determined. */
const ROWS: Row[] = [
  {
    name: '999感冒灵颗粒',
    sccj: HRSJ,
    brand: '999',
    salesCount: 500,
    basePrice: 1500,
    isFreeShipping: true,
    daysAgo: 30,
    extra: { tags: ['优'] },
  },
  { name: '感冒灵颗粒', sccj: BYS, salesCount: 300, basePrice: 1200, daysAgo: 40, extra: { tags: ['满'] } },
  { name: '复方感冒灵片', sccj: BYS, salesCount: 200, basePrice: 800, daysAgo: 1, extra: { tags: ['新'] } },
  {
    name: '布洛芬混悬液',
    sccj: HRSJ,
    brand: '999',
    category: '退热药',
    salesCount: 400,
    basePrice: 2500,
    daysAgo: 50,
    extra: { isJxq: true },
  },
  { name: '对乙酰氨基酚片', sccj: CS, category: '退热药', salesCount: 100, basePrice: 300, stock: 0, daysAgo: 2 },
  {
    name: '阿莫西林胶囊',
    sccj: BYS,
    category: '抗生素',
    salesCount: 350,
    basePrice: 1800,
    daysAgo: 60,
    extra: { tags: ['秒'], isYoux: true },
  },
  {
    name: '头孢克肟分散片',
    sccj: HRSJ,
    category: '抗生素',
    salesCount: 50,
    basePrice: 4500,
    isBuy: false,
    daysAgo: 70,
  },
  {
    name: '板蓝根颗粒',
    sccj: TRT,
    brand: '同仁堂',
    category: '清热颗粒',
    salesCount: 250,
    basePrice: 1000,
    daysAgo: 3,
    extra: { tags: ['特', '满'] },
  },
  {
    name: '人参片',
    sccj: TRT,
    brand: '同仁堂',
    category: '人参',
    salesCount: 150,
    basePrice: 9900,
    daysAgo: 80,
    extra: { isZy: true },
  },
  {
    name: '医用口罩',
    sccj: '稳健医疗用品股份有限公司',
    category: '口罩',
    salesCount: 600,
    basePrice: 500,
    isFreeShipping: true,
    daysAgo: 90,
    extra: { isQx: true },
  },
  { name: '控销感冒片', sccj: '控销药业有限公司', salesCount: 1000, basePrice: 990, isKx: true, daysAgo: 100 },
  { name: '停售感冒片', sccj: BYS, salesCount: 900, isOnSale: false, daysAgo: 110 },
  { name: '50%葡萄糖注射液', sccj: BYS, category: '退热药', salesCount: 10, basePrice: 200, daysAgo: 120 },
];

/** Visible to everyone, by sales. */
const BY_SALES = [
  '医用口罩',
  '999感冒灵颗粒',
  '布洛芬混悬液',
  '阿莫西林胶囊',
  '感冒灵颗粒',
  '板蓝根颗粒',
  '复方感冒灵片',
  '人参片',
  '对乙酰氨基酚片',
  '头孢克肟分散片',
  '50%葡萄糖注射液',
];

let t: TestApp;
let cat: CatalogueIds;
let approved: Buyer;
let pending: Buyer;
let special: Buyer;
const id: Record<string, number> = {};

async function list(params: Record<string, string | number>, cookie?: string) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return t.call<GoodsListResult>('GET', `/api/goods/list?${qs}`, { cookie });
}

async function names(params: Record<string, string | number>, cookie?: string): Promise<string[]> {
  const res = await list(params, cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(10000);
  return res.body.data.list.map((g) => g.name);
}

beforeAll(async () => {
  t = await createTestApp();
  cat = await insertCatalogue(t.db);
  const ids = await insertGoods(t.db, cat, ROWS);
  const now = t.clock.now().getTime();
  for (const [i, row] of ROWS.entries()) {
    id[row.name] = ids[i];
    await t.db
      .update(goods)
      .set({ ...row.extra, createdAt: new Date(now - row.daysAgo * 86_400_000) })
      .where(eq(goods.id, ids[i]));
  }
  await t.db.insert(goodsLadderPrices).values([
    { goodsId: id['999感冒灵颗粒'], minNumber: 50, price: 1400 },
    { goodsId: id['999感冒灵颗粒'], minNumber: 10, price: 1450 },
  ]);
  const at = t.clock.now();
  approved = await insertBuyer(t.db, 'approved', at);
  pending = await insertBuyer(t.db, 'pending', at);
  special = await insertBuyer(t.db, 'special', at);
});

afterAll(async () => {
  await t.close();
});

describe('defaults', () => {
  it('lists on-sale goods by sales with total, page and page_size; no 控销 for others', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.list.map((g) => g.name)).toEqual(BY_SALES);
    expect(d).toMatchObject({ total: BY_SALES.length, page: 1, page_size: 20 });
    expect(await names({}, special.cookie)).toEqual(['控销感冒片', ...BY_SALES]);
  });

  it('returns the full GoodsListItem shape', async () => {
    const res = await list({ category_id: cat.category['感冒用药'] }, approved.cookie);
    const item = res.body.data.list.find((g) => g.name === '999感冒灵颗粒')!;
    expect(item).toEqual({
      id: id['999感冒灵颗粒'],
      name: '999感冒灵颗粒',
      sccj: HRSJ,
      ypgg: '10g*9袋',
      bzdw: '盒',
      zbz: 1,
      buy_block: null,
      goods_image: '',
      price: 1500,
      base_price: 1500,
      number: 100,
      is_buy: 1,
      tags: ['优'],
      common_name: '',
      approval_no: '',
      batch_no: '',
      produced_on: '',
      expires_on: '',
      retail_price: 0,
      ladder_price: [
        { id: expect.any(Number), number: 10, price: 1450 },
        { id: expect.any(Number), number: 50, price: 1400 },
      ],
      ladder_price_type: 0,
      mid_pack_strict: 0,
      jzl: 1,
      min_buy: 1,
      purchase_limit: 0,
      is_free_shipping: 1,
      free_shipping_number: 0,
      is_dpby: 0,
      qg_number: 0,
      is_youx: 0,
      is_jxq: 0,
      is_kx: 0,
      is_zy: 0,
      is_qx: 0,
      is_rx: 0,
      is_ephedrine: 0,
      ephedrine_limit: 0,
      type: 0,
      ck_id: cat.warehouseId,
      ck_name: '广州仓',
      brand_id: cat.brand['999'],
      sales: 500,
      is_favorite: 0,
    } satisfies GoodsListItem);
  });
});

describe('price visibility', () => {
  it('hides prices, retail price and ladders from visitors and members under review', async () => {
    for (const cookie of [undefined, pending.cookie]) {
      const item = (await list({ category_id: cat.category['感冒用药'] }, cookie)).body.data.list[0];
      expect(item).toMatchObject({
        name: '999感冒灵颗粒',
        price: null,
        base_price: null,
        retail_price: null,
        ladder_price: [],
      });
    }
  });

  it('applies price_min / price_max (fen) only for viewers who see prices', async () => {
    const range = { price_min: 1000, price_max: 2000 };
    expect(await names(range, approved.cookie)).toEqual(['999感冒灵颗粒', '阿莫西林胶囊', '感冒灵颗粒', '板蓝根颗粒']);
    expect(await names({ price_min: 9000 }, approved.cookie)).toEqual(['人参片']);
    expect(await names(range)).toEqual(BY_SALES);
    expect(await names(range, pending.cookie)).toEqual(BY_SALES);
  });

  it('ignores price sorts for viewers who may not see prices', async () => {
    expect(await names({ sort: 'price_asc' })).toEqual(BY_SALES);
  });
});

describe('filters', () => {
  it('category_id at every level of the tree', async () => {
    expect(await names({ category_id: cat.category['西药'] })).toEqual([
      '999感冒灵颗粒',
      '布洛芬混悬液',
      '阿莫西林胶囊',
      '感冒灵颗粒',
      '复方感冒灵片',
      '对乙酰氨基酚片',
      '头孢克肟分散片',
      '50%葡萄糖注射液',
    ]);
    expect(await names({ category_id: cat.category['感冒发热'] })).toEqual([
      '999感冒灵颗粒',
      '布洛芬混悬液',
      '感冒灵颗粒',
      '复方感冒灵片',
      '对乙酰氨基酚片',
      '50%葡萄糖注射液',
    ]);
    expect(await names({ category_id: cat.category['感冒用药'] })).toEqual([
      '999感冒灵颗粒',
      '感冒灵颗粒',
      '复方感冒灵片',
    ]);
    expect(await names({ category_id: cat.category['中药饮片'] })).toEqual(['人参片']);
    const unknown = await list({ category_id: 999_999 });
    expect(unknown.body.data).toMatchObject({ list: [], total: 0, facets: { manufacturers: [], brands: [] } });
  });

  it('manufacturer_id and brand_id', async () => {
    const [{ manufacturerId }] = await t.db
      .select({ manufacturerId: goods.manufacturerId })
      .from(goods)
      .where(eq(goods.id, id['板蓝根颗粒']));
    expect(await names({ manufacturer_id: manufacturerId })).toEqual(['板蓝根颗粒', '人参片']);
    expect(await names({ brand_id: cat.brand['999'] })).toEqual(['999感冒灵颗粒', '布洛芬混悬液']);
    expect(await names({ brand_id: cat.brand['999'], category_id: cat.category['退热药'] })).toEqual(['布洛芬混悬液']);
  });

  it('tags: any of the listed badges', async () => {
    expect(await names({ tags: '秒,特' })).toEqual(['阿莫西林胶囊', '板蓝根颗粒']);
    expect(await names({ tags: '满' })).toEqual(['感冒灵颗粒', '板蓝根颗粒']);
    expect(await names({ tags: '换购' })).toEqual([]);
    const res = await t.call<GoodsListResult>(
      'GET',
      `/api/goods/list?tags[]=${encodeURIComponent('优')}&tags[]=${encodeURIComponent('新')}`,
    );
    expect(res.body.data.list.map((g) => g.name)).toEqual(['999感冒灵颗粒', '复方感冒灵片']);
  });

  it('zones: jxq, zy, qx, yx (also yx=1), youx', async () => {
    expect(await names({ zone: 'jxq' })).toEqual(['布洛芬混悬液']);
    expect(await names({ zone: 'zy' })).toEqual(['人参片']);
    expect(await names({ zone: 'qx' })).toEqual(['医用口罩']);
    expect(await names({ zone: 'yx' })).toEqual(['医用口罩', '999感冒灵颗粒']);
    expect(await names({ yx: 1 })).toEqual(['医用口罩', '999感冒灵颗粒']);
    expect(await names({ yx: 0 })).toEqual(BY_SALES);
    expect(await names({ zone: 'youx' })).toEqual(['阿莫西林胶囊']);
    expect(await names({ yx: 1, category_id: cat.category['西药'] })).toEqual(['999感冒灵颗粒']);
  });

  it('zone kx: only 控销 goods for entitled buyers, 403 for everyone else', async () => {
    expect(await names({ zone: 'kx' }, special.cookie)).toEqual(['控销感冒片']);
    for (const cookie of [undefined, approved.cookie, pending.cookie]) {
      const res = await list({ zone: 'kx' }, cookie);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 403, msg: '该专区仅对控销客户开放', data: null });
    }
  });

  it('in_stock=1: stock above 0 and buyable', async () => {
    const inStock = await names({ in_stock: 1 });
    expect(inStock).toEqual(BY_SALES.filter((n) => n !== '对乙酰氨基酚片' && n !== '头孢克肟分散片'));
    expect(await names({ in_stock: 0 })).toEqual(BY_SALES);
  });

  it('never lists goods that are off sale', async () => {
    for (const cookie of [undefined, special.cookie]) {
      expect(await names({ keywords: '停售' }, cookie)).toEqual([]);
      expect(await names({ category_id: cat.category['感冒用药'] }, cookie)).not.toContain('停售感冒片');
    }
  });
});

describe('sort orders', () => {
  it('price_asc, price_desc, newest, sales', async () => {
    const c = approved.cookie;
    const prices = (await list({ sort: 'price_asc' }, c)).body.data.list.map((g) => g.base_price);
    expect(prices).toEqual([...prices].sort((a, b) => a! - b!));
    expect(prices[0]).toBe(200);
    const desc = (await list({ sort: 'price_desc' }, c)).body.data.list.map((g) => g.base_price);
    expect(desc).toEqual([...prices].reverse());
    expect((await names({ sort: 'newest' })).slice(0, 4)).toEqual([
      '复方感冒灵片',
      '对乙酰氨基酚片',
      '板蓝根颗粒',
      '999感冒灵颗粒',
    ]);
    expect(await names({ sort: 'sales' })).toEqual(BY_SALES);
    expect(await names({ sort: 'default' })).toEqual(BY_SALES);
  });

  it('with keywords the default order is relevance; an explicit sort still applies', async () => {
    // prefix > contains (by sales)
    expect(await names({ keywords: '感冒灵' })).toEqual(['感冒灵颗粒', '999感冒灵颗粒', '复方感冒灵片']);
    expect(await names({ keywords: '感冒灵', sort: 'price_asc' }, approved.cookie)).toEqual([
      '复方感冒灵片',
      '感冒灵颗粒',
      '999感冒灵颗粒',
    ]);
    expect(await names({ keywords: '感冒灵', sort: 'sales' })).toEqual(['999感冒灵颗粒', '感冒灵颗粒', '复方感冒灵片']);
    // initials prefix (gmlkl) > initials contains (999gmlkl, fffgmlp…)
    expect(await names({ keywords: 'gml' })).toEqual(['感冒灵颗粒', '999感冒灵颗粒', '复方感冒灵片']);
  });

  it('keywords combine with the other filters', async () => {
    expect(await names({ keywords: '颗粒', category_id: cat.category['西药'] })).toEqual([
      '999感冒灵颗粒',
      '感冒灵颗粒',
    ]);
    expect(await names({ keywords: '感冒灵', yx: 1 })).toEqual(['999感冒灵颗粒']);
    expect(await names({ keywords: '感冒', zone: 'kx' }, special.cookie)).toEqual(['控销感冒片']);
  });

  it('type=2 searches by manufacturer', async () => {
    expect(await names({ keywords: '同仁堂', type: 2 })).toEqual(['板蓝根颗粒', '人参片']);
    expect(await names({ keywords: 'hrsj', type: 2 })).toEqual(['999感冒灵颗粒', '布洛芬混悬液', '头孢克肟分散片']);
    expect(await names({ keywords: '无此厂家', type: 2 })).toEqual([]);
  });
});

describe('pagination and totals', () => {
  it('pages through with a stable total; a page past the end is empty', async () => {
    const pages: string[][] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await list({ page, page_size: 4 });
      expect(res.body.data).toMatchObject({ total: BY_SALES.length, page, page_size: 4 });
      pages.push(res.body.data.list.map((g) => g.name));
    }
    expect(pages.map((p) => p.length)).toEqual([4, 4, 3, 0]);
    expect(pages.flat()).toEqual(BY_SALES);
  });

  it('counts every filter', async () => {
    expect((await list({ category_id: cat.category['西药'], page_size: 1 })).body.data.total).toBe(8);
    expect((await list({ keywords: '感冒灵', page_size: 1 })).body.data.total).toBe(3);
    expect((await list({ keywords: '感冒', page_size: 1 }, special.cookie)).body.data.total).toBe(4);
    expect((await list({ in_stock: 1, page_size: 1 })).body.data.total).toBe(9);
  });

  it('paginates relevance order too', async () => {
    const first = await list({ keywords: '感冒灵', page_size: 2 });
    const second = await list({ keywords: '感冒灵', page_size: 2, page: 2 });
    expect(first.body.data.list.map((g) => g.name)).toEqual(['感冒灵颗粒', '999感冒灵颗粒']);
    expect(second.body.data.list.map((g) => g.name)).toEqual(['复方感冒灵片']);
    expect(second.body.data.total).toBe(3);
  });
});

describe('facets', () => {
  it('lists manufacturers (with counts, most first) and brands among the matches', async () => {
    const res = await list({ category_id: cat.category['西药'], page_size: 1 });
    expect(res.body.data.facets).toEqual({
      manufacturers: [
        { id: expect.any(Number), name: BYS, count: 4 },
        { id: expect.any(Number), name: HRSJ, count: 3 },
        { id: expect.any(Number), name: CS, count: 1 },
      ],
      brands: [{ id: cat.brand['999'], name: '999' }],
    });
    // Page 2 gets the same facets.
    expect((await list({ category_id: cat.category['西药'], page_size: 1, page: 2 })).body.data.facets).toEqual(
      res.body.data.facets,
    );
  });

  it('follows keywords and leaves hidden brands out', async () => {
    const res = await list({ keywords: '颗粒' });
    // Ties keep manufacturer id order (华润三九 and 同仁堂 came with the brands, 白云山 later).
    expect(res.body.data.facets.manufacturers.map((m) => [m.name, m.count])).toEqual([
      [HRSJ, 1],
      [TRT, 1],
      [BYS, 1],
    ]);
    expect(res.body.data.facets.brands.map((b) => b.name)).toEqual(['999', '同仁堂']);

    await t.db.update(brands).set({ isShow: false }).where(eq(brands.id, cat.brand['同仁堂']));
    try {
      const fresh = await list({ keywords: '颗粒', category_id: cat.category['中成药'] });
      expect(fresh.body.data.facets.brands).toEqual([]);
    } finally {
      await t.db.update(brands).set({ isShow: true }).where(eq(brands.id, cat.brand['同仁堂']));
    }
  });
});

describe('is_favorite', () => {
  it('marks the signed-in company favourites, one query per page', async () => {
    await t.db.insert(favorites).values({ companyId: approved.companyId, goodsId: id['感冒灵颗粒'] });
    // Written behind the server's back (POST /api/favorite forgets the company's stored pages,
    // tests/api/catalogue-cache.test.ts): a stored page of this list lives ANSWER_TTL_MS.
    t.clock.advance(ANSWER_TTL_MS + 1);
    const mine = (await list({ category_id: cat.category['感冒用药'] }, approved.cookie)).body.data.list;
    expect(mine.map((g) => [g.name, g.is_favorite])).toEqual([
      ['999感冒灵颗粒', 0],
      ['感冒灵颗粒', 1],
      ['复方感冒灵片', 0],
    ]);
    for (const cookie of [undefined, special.cookie]) {
      const theirs = (await list({ category_id: cat.category['感冒用药'] }, cookie)).body.data.list;
      expect(theirs.every((g) => g.is_favorite === 0)).toBe(true);
    }
  });
});

describe('validation', () => {
  const bad: [Record<string, string | number>, string, string][] = [
    [{ page: -1 }, 'page', '页码无效'],
    [{ page: 0 }, 'page', '页码无效'],
    [{ page: 'abc' }, 'page', '页码无效'],
    [{ page: '1.5' }, 'page', '页码无效'],
    [{ page: '99999999999' }, 'page', '页码无效'],
    [{ page_size: 0 }, 'page_size', '每页数量须在1-100之间'],
    [{ page_size: 101 }, 'page_size', '每页数量须在1-100之间'],
    [{ page_size: 100_000 }, 'page_size', '每页数量须在1-100之间'],
    [{ category_id: 'abc' }, 'category_id', '分类编号无效'],
    [{ category_id: -3 }, 'category_id', '分类编号无效'],
    [{ manufacturer_id: '1;drop' }, 'manufacturer_id', '生产厂家编号无效'],
    [{ brand_id: '0x1' }, 'brand_id', '品牌编号无效'],
    [{ sort: 'random' }, 'sort', '排序方式无效'],
    [{ zone: 'vip' }, 'zone', '专区无效'],
    [{ type: 9 }, 'type', '搜索类型无效'],
    [{ tags: '坏' }, 'tags', '商品标签无效'],
    [{ yx: 2 }, 'yx', '包邮参数无效'],
    [{ in_stock: 'yes' }, 'in_stock', '有货参数无效'],
    [{ price_min: -1 }, 'price_min', '最低价格式错误'],
    [{ price_min: 500, price_max: 100 }, 'price_min', '最低价不能高于最高价'],
    [{ keywords: '感'.repeat(51) }, 'keywords', '搜索关键词过长，最多50个字'],
    [{ keywords: 'a'.repeat(10_000) }, 'keywords', '搜索关键词过长，最多50个字'],
  ];

  it.each(bad)('%j → 422 on %s', async (params, field, msg) => {
    const res = await list(params);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(422);
    expect(res.body.msg).toBe(msg);
    expect((res.body.data as unknown as { errors: Record<string, string[]> }).errors[field]).toEqual([msg]);
  });

  it('refuses a repeated scalar parameter', async () => {
    const res = await t.call('GET', '/api/goods/list?page=1&page=2');
    expect(res.status).toBe(422);
    expect(res.body.data.errors.page).toEqual(['页码无效']);
  });

  it('treats empty parameters as unset', async () => {
    expect(
      await names({ page: '', page_size: '', category_id: '', sort: '', zone: '', keywords: '', tags: '', type: '' }),
    ).toEqual(BY_SALES);
  });

  it('accepts the largest page size and a keyword of 50 characters', async () => {
    expect((await list({ page_size: 100 })).status).toBe(200);
    expect((await list({ keywords: '感'.repeat(50) })).status).toBe(200);
  });
});

describe('hostile keywords', () => {
  it('treats LIKE wildcards, quotes, SQL and HTML as plain text', async () => {
    expect(await names({ keywords: '%' })).toEqual([]);
    expect(await names({ keywords: '_' })).toEqual([]);
    expect(await names({ keywords: '感_灵' })).toEqual([]);
    expect(await names({ keywords: '50%' })).toEqual(['50%葡萄糖注射液']);
    expect(await names({ keywords: "'; drop table goods;--" })).toEqual([]);
    expect(await names({ keywords: '" OR 1=1 --' })).toEqual([]);
    expect(await names({ keywords: '<script>alert(1)</script>' })).toEqual([]);
    expect(await names({ keywords: '\\' })).toEqual([]);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM ${goods}`));
    expect(n).toBe(ROWS.length);
  });

  it('never answers 500 to odd combinations', async () => {
    const combos: Record<string, string | number>[] = [
      { keywords: '%', sort: 'price_desc', page: 3 },
      { keywords: '感冒', type: 2, zone: 'jxq', tags: '优,秒' },
      { keywords: 'a b c d e f g h', in_stock: 1, yx: 1 },
      { keywords: '颗粒', page: 100_000, page_size: 100 },
      { category_id: 2_147_483_647, manufacturer_id: 2_147_483_647, brand_id: 1 },
    ];
    for (const params of combos) {
      for (const cookie of [undefined, approved.cookie, special.cookie]) {
        const res = await list(params, cookie);
        expect(res.status, JSON.stringify(params)).toBe(200);
      }
    }
  });
});

describe('summary cache', () => {
  it('keeps a total for SUMMARY_TTL_MS, then counts again', async () => {
    const params = { category_id: cat.category['抗生素'] };
    expect((await list(params)).body.data.total).toBe(2);
    const [extra] = await insertGoods(t.db, cat, [{ name: '罗红霉素胶囊', category: '抗生素', salesCount: 5 }]);
    try {
      // Inserted behind the server's back, so the stored page is served until ANSWER_TTL_MS…
      expect((await list(params)).body.data.list.map((g) => g.name)).not.toContain('罗红霉素胶囊');
      t.clock.advance(ANSWER_TTL_MS + 1);
      const cached = (await list(params)).body.data;
      // …then the rows are fresh while the total is still the cached summary's.
      expect(cached.total).toBe(2);
      expect(cached.list.map((g) => g.name)).toContain('罗红霉素胶囊');
      t.clock.advance(SUMMARY_TTL_MS + 1);
      expect((await list(params)).body.data.total).toBe(3);
    } finally {
      await t.db.delete(goods).where(eq(goods.id, extra));
    }
  });
});

describe('GET /api/goods/brands', () => {
  it('lists shown brands by sort with the goods each viewer may see', async () => {
    await t.db.update(goods).set({ brandId: cat.brand['999'] }).where(eq(goods.id, id['控销感冒片']));
    const res = await t.call<Page<{ id: number; name: string; goods_count: number }>>('GET', '/api/goods/brands');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      list: [
        { id: cat.brand['999'], name: '999', logo: '/img/brand-0.svg', description: '', goods_count: 2 },
        { id: cat.brand['同仁堂'], name: '同仁堂', logo: '/img/brand-1.svg', description: '', goods_count: 2 },
      ],
      total: 2,
      page: 1,
      page_size: 20,
    });
    const forSpecial = await t.call<Page<{ goods_count: number }>>('GET', '/api/goods/brands', {
      cookie: special.cookie,
    });
    expect(forSpecial.body.data.list[0].goods_count).toBe(3);
    const second = await t.call<Page<{ name: string }>>('GET', '/api/goods/brands?page=2&page_size=1');
    expect(second.body.data.list.map((b) => b.name)).toEqual(['同仁堂']);
    expect((await t.call('GET', '/api/goods/brands?page=0')).status).toBe(422);
  });
});

describe('total cap', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    const c = await insertCatalogue(big.db);
    const [first] = await insertGoods(big.db, c, [{ name: '样品0', salesCount: 0 }]);
    const [{ manufacturerId }] = await big.db
      .select({ manufacturerId: goods.manufacturerId })
      .from(goods)
      .where(eq(goods.id, first));
    const leaf = c.category['感冒用药'];
    await big.db.insert(goods).values(
      Array.from({ length: LIST_TOTAL_CAP + 4 }, (_, i) => ({
        name: `样品${i + 1}`,
        manufacturerId,
        sccj: CS,
        categoryId: leaf,
        categoryL1: c.category['西药'],
        categoryL2: c.category['感冒发热'],
        warehouseId: c.warehouseId,
        basePrice: 100 + i,
        salesCount: i + 1,
      })),
    );
  });
  afterAll(async () => {
    await big.close();
  });

  it('counts up to LIST_TOTAL_CAP and serves no page past it', async () => {
    const res = await big.call<GoodsListResult>('GET', '/api/goods/list?page_size=100');
    expect(res.body.data.total).toBe(LIST_TOTAL_CAP);
    expect(res.body.data.list[0].name).toBe(`样品${LIST_TOTAL_CAP + 4}`);
    expect(res.body.data.facets.manufacturers).toEqual([{ id: expect.any(Number), name: CS, count: LIST_TOTAL_CAP }]);
    const last = await big.call<GoodsListResult>('GET', `/api/goods/list?page_size=100&page=${LIST_TOTAL_CAP / 100}`);
    expect(last.body.data.list).toHaveLength(100);
    const past = await big.call<GoodsListResult>(
      'GET',
      `/api/goods/list?page_size=100&page=${LIST_TOTAL_CAP / 100 + 1}`,
    );
    expect(past.body.data).toMatchObject({ list: [], total: LIST_TOTAL_CAP });
  });
});
