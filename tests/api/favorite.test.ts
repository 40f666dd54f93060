// /api/favorite: list, add (idempotent), cancel, sign-in, company ownership and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { favorites, goods, users } from '../../server/db/schema.ts';
import type { GoodsListItem } from '../../src/domain/catalog.ts';
import type { Page } from '../../src/domain/envelope.ts';

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
let special: Buyer;
let a: number;
let b: number;
let c: number;
let kx: number;
let offSale: number;

const list = (cookie?: string, qs = '') => t.call<Page<GoodsListItem>>('GET', `/api/favorite${qs}`, { cookie });
const add = (ids: unknown, cookie?: string) => t.call('POST', '/api/favorite', { json: { goods_ids: ids }, cookie });
const cancel = (ids: unknown, cookie?: string) =>
  t.call('POST', '/api/favorite/cancel', { json: { goods_ids: ids }, cookie });
const names = async (cookie: string, qs = '') => (await list(cookie, qs)).body.data.list.map((g) => g.name);

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  [a, b, c, kx, offSale] = await insertGoods(t.db, cat, [
    { name: '感冒灵颗粒', basePrice: 1200 },
    { name: '板蓝根颗粒' },
    { name: '阿莫西林胶囊' },
    { name: '控销感冒片', isKx: true },
    { name: '停售感冒片', isOnSale: false },
  ]);
  const now = t.clock.now();
  buyer = await insertBuyer(t.db, 'approved', now);
  other = await insertBuyer(t.db, 'approved', now);
  special = await insertBuyer(t.db, 'special', now);
});

afterAll(async () => {
  await t.close();
});

describe('signed out', () => {
  it('401 for every favourite call', async () => {
    for (const res of [await list(), await add([a]), await cancel([a])]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(10001);
    }
  });
});

describe('add, list, cancel', () => {
  it('adds with the SPEC message and lists newest first with goods items', async () => {
    const first = await add([a], buyer.cookie);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 10000, msg: '收藏成功', data: { goods_ids: [a] } });
    t.clock.advance(1000);
    // Form bracket notation, as the PWA sends it.
    const second = await t.call('POST', '/api/favorite', {
      body: { goods_ids: [String(b), String(c)] },
      cookie: buyer.cookie,
    });
    expect(second.status).toBe(200);
    const res = await list(buyer.cookie);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, page_size: 20 });
    expect(res.body.data.list.map((g) => g.name)).toEqual(['阿莫西林胶囊', '板蓝根颗粒', '感冒灵颗粒']);
    expect(res.body.data.list.every((g) => g.is_favorite === 1)).toBe(true);
    expect(res.body.data.list[2]).toMatchObject({ id: a, price: 1200, ck_name: '广州仓' });
  });

  it('adding an existing favourite again is fine and keeps its place', async () => {
    t.clock.advance(1000);
    const again = await add([a, b], buyer.cookie);
    expect(again.status).toBe(200);
    expect(again.body.msg).toBe('收藏成功');
    expect(await names(buyer.cookie)).toEqual(['阿莫西林胶囊', '板蓝根颗粒', '感冒灵颗粒']);
  });

  it('pages', async () => {
    const res = await list(buyer.cookie, '?page=2&page_size=2');
    expect(res.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(res.body.data.list.map((g) => g.name)).toEqual(['感冒灵颗粒']);
    expect((await list(buyer.cookie, '?page=0')).status).toBe(422);
    expect((await list(buyer.cookie, '?page_size=1000')).status).toBe(422);
  });

  it('cancels with 已取消; unknown or not-favourite ids are ignored', async () => {
    const res = await cancel([c, 999_999], buyer.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 10000, msg: '已取消', data: { goods_ids: [c, 999_999], count: 1 } });
    expect(await names(buyer.cookie)).toEqual(['板蓝根颗粒', '感冒灵颗粒']);
    expect((await cancel(String(c), buyer.cookie)).body.data.count).toBe(0);
  });
});

describe('ownership', () => {
  it("another company's favourites are invisible and untouched", async () => {
    expect((await list(other.cookie)).body.data).toMatchObject({ list: [], total: 0 });
    await add([c], other.cookie);
    expect(await names(other.cookie)).toEqual(['阿莫西林胶囊']);
    expect(await names(buyer.cookie)).toEqual(['板蓝根颗粒', '感冒灵颗粒']);
    // Cancelling ids that are only in someone else's favourites changes nothing there.
    expect((await cancel([c], buyer.cookie)).body.data.count).toBe(0);
    expect(await names(other.cookie)).toEqual(['阿莫西林胶囊']);
  });

  it('every user of a company shares its favourites', async () => {
    const { userId } = await createMember(t.db, { username: 'colleague', company: null });
    await t.db.update(users).set({ companyId: buyer.companyId }).where(eq(users.id, userId));
    const cookie = await t.signIn('colleague', TEST_PASSWORD);
    expect(await names(cookie)).toEqual(['板蓝根颗粒', '感冒灵颗粒']);
  });

  it('a member without a company has an empty list and may not add', async () => {
    await createMember(t.db, { username: 'nocompany', company: null });
    const cookie = await t.signIn('nocompany', TEST_PASSWORD);
    expect((await list(cookie)).body.data).toEqual({ list: [], total: 0, page: 1, page_size: 20 });
    expect((await add([a], cookie)).status).toBe(403);
  });
});

describe('goods the buyer may not see', () => {
  it('422 商品不存在 for unknown, off-sale or 控销 goods, and nothing is added', async () => {
    for (const ids of [[999_999], [a, 999_999], [offSale], [kx]]) {
      const res = await add(ids, other.cookie);
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('商品不存在');
      expect(res.body.data.errors.goods_ids).toEqual(['商品不存在']);
    }
    expect(await names(other.cookie)).toEqual(['阿莫西林胶囊']);
    expect((await add([kx], special.cookie)).status).toBe(200);
    expect(await names(special.cookie)).toEqual(['控销感冒片']);
  });

  it('a favourite taken off sale stays listed marked 已下架, not buyable, and the cart refuses it (issue 32)', async () => {
    await t.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, c));
    try {
      const page = (await list(other.cookie)).body.data;
      expect(page.total).toBe(1);
      expect(page.list).toHaveLength(1);
      expect(page.list[0]).toMatchObject({ id: c, name: '阿莫西林胶囊', off_sale: 1, is_buy: 0, is_favorite: 1 });
      const refused = await t.call('POST', '/api/cart', {
        cookie: other.cookie,
        body: { params: [{ goods_id: c, number: 1 }] },
      });
      expect(refused.status).not.toBe(200);
      expect(refused.body.msg).toContain('商品不存在或已下架');
      // Back on sale: an ordinary favourite again.
      await t.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, c));
      const [again] = (await list(other.cookie)).body.data.list;
      expect(again.off_sale).toBeUndefined();
      expect(again.is_buy).toBe(1);
    } finally {
      await t.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, c));
    }
  });

  it('a 控销 favourite of a company no longer entitled drops out of the list, not out of the table', async () => {
    await t.db.update(goods).set({ isKx: true }).where(eq(goods.id, c));
    try {
      expect((await list(other.cookie)).body.data).toMatchObject({ list: [], total: 0 });
      const [row] = await t.db.select().from(favorites).where(eq(favorites.companyId, other.companyId));
      expect(row.goodsId).toBe(c);
    } finally {
      await t.db.update(goods).set({ isKx: false }).where(eq(goods.id, c));
    }
  });
});

describe('bad input', () => {
  it('422 for missing, empty, malformed or too many ids', async () => {
    const cases: [unknown, string][] = [
      [undefined, '请选择商品'],
      [[], '请选择商品'],
      ['', '请选择商品'],
      [['abc'], '商品编号无效'],
      [[-1], '商品编号无效'],
      [[1.5], '商品编号无效'],
      ["1' OR '1'='1", '商品编号无效'],
      [{ a: 1 }, '请选择商品'],
      [Array.from({ length: 201 }, (_, i) => i + 1), '一次最多选择200个商品'],
    ];
    for (const [ids, msg] of cases) {
      for (const call of [add, cancel]) {
        const res = await call(ids, buyer.cookie);
        expect(res.status, JSON.stringify(ids)).toBe(422);
        expect(res.body.msg).toBe(msg);
      }
    }
  });

  it('accepts 200 ids (duplicates collapse)', async () => {
    const res = await cancel(
      Array.from({ length: 200 }, (_, i) => (i % 2) + 900_001),
      buyer.cookie,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.goods_ids).toEqual([900_001, 900_002]);
  });
});
