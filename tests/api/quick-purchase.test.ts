// Quick purchase (/kjcg): GET /api/user/fast_buy (the company's purchase history), POST
// /api/user/fast_buy/match (a pasted list), the 常购清单 endpoints and POST /api/cart partial=1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer, type CatalogueIds } from '../fixtures/catalogue.ts';
import { insertOrder } from '../fixtures/aftersale-orders.ts';
import { cartLines, companies, goods } from '../../server/db/schema.ts';
import type { MatchResult, PurchaseHistoryPage, SavedList } from '../../src/domain/quick-purchase.ts';
import type { CartPartialAddResult } from '../../src/domain/cart-types.ts';

let t: TestApp;
let cat: CatalogueIds;
let buyer: Buyer;
let other: Buyer;
let store: Buyer;
let pending: Buyer;
let amoxA: number;
let amoxB: number;
let ganmao: number;
let banlan: number;
let kx: number;
let offSale: number;
let lowStock: number;

const history = (cookie: string | undefined, qs = '') =>
  t.call<PurchaseHistoryPage>('GET', `/api/user/fast_buy${qs}`, { cookie });
const match = (content: unknown, cookie?: string) =>
  t.call<MatchResult & { errors: Record<string, string[]> }>('POST', '/api/user/fast_buy/match', {
    body: { content: content as string },
    cookie,
  });

beforeAll(async () => {
  t = await createTestApp();
  cat = await insertCatalogue(t.db);
  [amoxA, amoxB, ganmao, banlan, kx, offSale, lowStock] = await insertGoods(t.db, cat, [
    { name: '阿莫西林胶囊', ypgg: '0.25g*24粒', basePrice: 1500, salesCount: 5 },
    { name: '阿莫西林胶囊', ypgg: '0.5g*12粒', basePrice: 1800, salesCount: 9 },
    { name: '感冒灵颗粒', ypgg: '10g*9袋', basePrice: 1200, salesCount: 50 },
    { name: '板蓝根颗粒', ypgg: '10g*20袋', basePrice: 900, salesCount: 30 },
    { name: '控销感冒片', isKx: true },
    { name: '停售止咳糖浆', isOnSale: false },
    { name: '库存少的维C', stock: 2, basePrice: 500 },
  ]);
  await t.db
    .update(goods)
    .set({ barcode: '6901234567892', approvalNo: '国药准字H20003263' })
    .where(eq(goods.id, amoxA));
  await t.db.update(goods).set({ approvalNo: '国药准字Z44021940' }).where(eq(goods.id, ganmao));
  const now = t.clock.now();
  buyer = await insertBuyer(t.db, 'approved', now);
  other = await insertBuyer(t.db, 'approved', now);
  store = await insertBuyer(t.db, 'approved', now);
  pending = await insertBuyer(t.db, 'pending', now);
  await t.db.update(companies).set({ parentId: buyer.companyId }).where(eq(companies.id, store.companyId));
  const w = cat.warehouseId;
  // buyer: 感冒灵 three times (last 8 at 11.00), 板蓝根 once, 阿莫西林 A once, 停售 once, a cancelled order.
  await insertOrder(t.db, buyer, {
    status: 'completed',
    createdAt: new Date('2025-03-01T02:00:00Z'),
    lines: [
      { goodsId: ganmao, warehouseId: w, number: 5, price: 1000, name: '感冒灵颗粒' },
      { goodsId: banlan, warehouseId: w, number: 20, price: 850, name: '板蓝根颗粒' },
    ],
  });
  await insertOrder(t.db, buyer, {
    status: 'completed',
    createdAt: new Date('2025-04-01T02:00:00Z'),
    lines: [
      { goodsId: ganmao, warehouseId: w, number: 6, price: 1050, name: '感冒灵颗粒' },
      { goodsId: amoxA, warehouseId: w, number: 3, price: 1400, name: '阿莫西林胶囊' },
    ],
  });
  await insertOrder(t.db, buyer, {
    status: 'shipped',
    createdAt: new Date('2025-05-01T02:00:00Z'),
    lines: [
      { goodsId: ganmao, warehouseId: w, number: 8, price: 1100, name: '感冒灵颗粒' },
      { goodsId: offSale, warehouseId: w, number: 1, price: 700, name: '停售止咳糖浆' },
    ],
  });
  await insertOrder(t.db, buyer, {
    status: 'cancelled',
    createdAt: new Date('2025-05-20T02:00:00Z'),
    lines: [{ goodsId: lowStock, warehouseId: w, number: 1, price: 500, name: '库存少的维C' }],
  });
  // other company and the buyer's own store: their purchases are theirs.
  await insertOrder(t.db, other, {
    status: 'completed',
    lines: [{ goodsId: amoxB, warehouseId: w, number: 2, price: 1800, name: '阿莫西林胶囊' }],
  });
  await insertOrder(t.db, store, {
    status: 'completed',
    lines: [{ goodsId: banlan, warehouseId: w, number: 4, price: 900, name: '板蓝根颗粒' }],
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/user/fast_buy', () => {
  it('visitors get 10001', async () => {
    const res = await history(undefined);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
    expect((await match('感冒灵颗粒 2')).body.code).toBe(10001);
    expect((await t.call('GET', '/api/user/fast_buy/lists')).body.code).toBe(10001);
  });

  it("lists only this company's history, newest first, with last price, quantity, times and the goods now", async () => {
    const res = await history(buyer.cookie);
    expect(res.status).toBe(200);
    const { list, total } = res.body.data;
    expect(total).toBe(4);
    // Same last date: the goods id breaks the tie, so pages never overlap.
    expect(list.map((r) => r.goods_id)).toEqual([offSale, ganmao, amoxA, banlan]);
    expect(list[1]).toMatchObject({
      name: '感冒灵颗粒',
      last_price: 1100,
      last_number: 8,
      times: 3,
      last_at: Date.parse('2025-05-01T02:00:00Z') / 1000,
    });
    expect(list[1].goods).toMatchObject({ id: ganmao, price: 1200, number: 100 });
    // Gone from sale: the row stays (recognisable), the goods is null and cannot be added.
    expect(list[0]).toMatchObject({ goods_id: offSale, goods: null, name: '停售止咳糖浆', off_sale: 1 });
    expect(list[1].off_sale).toBe(0);
    // The cancelled order's goods never counts; another company's never shows.
    expect(list.some((r) => r.goods_id === lowStock || r.goods_id === amoxB)).toBe(false);
  });

  it('a store sees its own purchases, not its head office’s', async () => {
    const res = await history(store.cookie);
    expect(res.body.data.list.map((r) => [r.goods_id, r.last_number])).toEqual([[banlan, 4]]);
  });

  it('sorts by each column, both ways', async () => {
    const ids = async (order: string) =>
      (await history(buyer.cookie, `?order=${order}`)).body.data.list.map((r) => r.goods_id);
    expect((await ids('times_desc'))[0]).toBe(ganmao);
    expect((await ids('times_asc')).at(-1)).toBe(ganmao);
    expect(await ids('last_price_asc')).toEqual([offSale, banlan, ganmao, amoxA]);
    expect(await ids('last_number_desc')).toEqual([banlan, ganmao, amoxA, offSale]);
    expect(await ids('last_at_asc')).toEqual([banlan, amoxA, ganmao, offSale]);
    expect(await ids('price_desc')).toEqual([amoxA, ganmao, banlan, offSale]);
    expect((await ids('stock_asc')).length).toBe(4);
    expect(await ids('name_asc')).toHaveLength(4);
  });

  it('pages and filters', async () => {
    const p1 = await history(buyer.cookie, '?page=1&page_size=3');
    const p2 = await history(buyer.cookie, '?page=2&page_size=3');
    expect(p1.body.data).toMatchObject({ total: 4, page: 1, page_size: 3 });
    expect(p1.body.data.list).toHaveLength(3);
    expect(p2.body.data.list.map((r) => r.goods_id)).toEqual([banlan]);
    expect((await history(buyer.cookie, '?page=9&page_size=3')).body.data).toMatchObject({ list: [], total: 4 });
    const filtered = await history(buyer.cookie, `?keywords=${encodeURIComponent('板蓝')}`);
    expect(filtered.body.data.list.map((r) => r.goods_id)).toEqual([banlan]);
    expect((await history(buyer.cookie, '?keywords=H20003263')).body.data.list.map((r) => r.goods_id)).toEqual([amoxA]);
    expect((await history(buyer.cookie, '?keywords=6901234567892')).body.data.list.map((r) => r.goods_id)).toEqual([
      amoxA,
    ]);
    // LIKE wildcards are literal.
    expect((await history(buyer.cookie, '?keywords=%25')).body.data.total).toBe(0);
  });

  it('refuses bad input with 422 and a Chinese message', async () => {
    for (const qs of [
      '?order=price',
      '?order=id_desc',
      '?page=0',
      '?page_size=301',
      '?page=abc',
      `?keywords=${'药'.repeat(51)}`,
    ]) {
      const res = await history(buyer.cookie, qs);
      expect(res.status, qs).toBe(422);
      expect(res.body.code).toBe(422);
      expect(JSON.stringify(res.body.data)).toMatch(/[\u4e00-\u9fa5]/u);
    }
  });

  it('a company still under review sees its (empty) history without prices', async () => {
    const res = await history(pending.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
  });
});

describe('POST /api/user/fast_buy/match', () => {
  it('matches goods codes, barcodes and approval numbers exactly', async () => {
    const res = await match(`${ganmao}\t3\n6901234567892\nH20003263,2\n国药准字Z44021940 4`, buyer.cookie);
    expect(res.status).toBe(200);
    const lines = res.body.data.lines;
    expect(lines.map((l) => [l.match?.id, l.method, l.number])).toEqual([
      [ganmao, 'code', 3],
      [amoxA, 'barcode', 1],
      [amoxA, 'approval', 2],
      [ganmao, 'approval', 4],
    ]);
    expect(res.body.msg).toBe('共4行，已匹配4行');
  });

  it('name + spec picks one of equally named goods; a name alone prefers what was bought before', async () => {
    const res = await match('阿莫西林胶囊\t0.5g*12粒\t10\n阿莫西林胶囊 2', buyer.cookie);
    const [withSpec, nameOnly] = res.body.data.lines;
    expect(withSpec).toMatchObject({ match: { id: amoxB }, method: 'name_spec', number: 10 });
    // buyer bought amoxA before, so the bare name means amoxA; amoxB is offered.
    expect(nameOnly).toMatchObject({ match: { id: amoxA }, method: 'name' });
    expect(nameOnly.alternatives.map((g) => g.id)).toContain(amoxB);
  });

  it('an ambiguous name with no history matches none and offers both', async () => {
    const res = await match('阿莫西林胶囊 2', store.cookie);
    const [l] = res.body.data.lines;
    expect(l.match).toBeNull();
    expect(l.alternatives.map((g) => g.id).sort()).toEqual([amoxA, amoxB].sort());
  });

  it('falls back to the search ranking and keeps unknown lines', async () => {
    const res = await match('感冒 2\n完全不存在的药品XYZ 5\n控销感冒片 1\n停售止咳糖浆 1', buyer.cookie);
    const [search, unknown, hidden, gone] = res.body.data.lines;
    expect(search).toMatchObject({ match: { id: ganmao }, method: 'search', number: 2 });
    expect(unknown).toMatchObject({
      match: null,
      method: null,
      alternatives: [],
      query: '完全不存在的药品XYZ',
      number: 5,
    });
    // 控销 goods stay invisible to a buyer who may not see them; off-sale goods too.
    expect(hidden.match).toBeNull();
    expect(gone.match).toBeNull();
    expect(res.body.msg).toBe('共4行，已匹配1行');
  });

  it('matches 1,000 lines in one request', async () => {
    const names = ['感冒灵颗粒', '板蓝根颗粒', String(amoxA), '6901234567892', '没有这个药'];
    const content = Array.from({ length: 1000 }, (_, i) => `${names[i % names.length]}\t${(i % 9) + 1}`).join('\n');
    const res = await match(content, buyer.cookie);
    expect(res.status).toBe(200);
    const lines = res.body.data.lines;
    expect(lines).toHaveLength(1000);
    expect(lines.filter((l) => l.match !== null)).toHaveLength(800);
    expect(lines[999]).toMatchObject({ line: 1000, match: null });
  });

  it('1,000 distinct lines no exact tier settles still answer in one request', async () => {
    const content = Array.from({ length: 1000 }, (_, i) => `未知药品${i}号 ${(i % 5) + 1}`).join('\n');
    const started = performance.now();
    const res = await match(content, buyer.cookie);
    console.info(`fast_buy/match: 1,000 distinct unknown lines in ${Math.round(performance.now() - started)} ms`);
    expect(res.status).toBe(200);
    expect(res.body.data.lines.every((l) => l.match === null)).toBe(true);
  }, 60_000);

  it('refuses more than 1,000 lines, an empty list and a body without content', async () => {
    const tooMany = Array.from({ length: 1001 }, (_, i) => `药${i} 1`).join('\n');
    const res = await match(tooMany, buyer.cookie);
    expect(res.status).toBe(422);
    expect(res.body.data.errors.content[0]).toBe('一次最多粘贴1000行');
    expect((await match('\n \n', buyer.cookie)).body.data.errors.content[0]).toBe('请粘贴采购清单，每行一个商品');
    const none = await t.call('POST', '/api/user/fast_buy/match', { json: {}, cookie: buyer.cookie });
    expect(none.status).toBe(422);
  });

  it('hostile text: NUL refused at the boundary, bidi marks stripped, SQL and LIKE characters literal', async () => {
    const nul = await match('感冒灵颗粒\u0000 2', buyer.cookie);
    expect(nul.status).toBe(422);
    const res = await match(
      `\u202e感冒灵颗粒 2\n' OR 1=1 -- 3\n%_% 1\n<script>alert(1)</script> 1\n${'药'.repeat(101)}`,
      buyer.cookie,
    );
    expect(res.status).toBe(200);
    const [bidi, sqlLine, like, script, long] = res.body.data.lines;
    expect(bidi).toMatchObject({ query: '感冒灵颗粒', match: { id: ganmao } });
    expect(sqlLine.match).toBeNull();
    expect(like.match).toBeNull();
    expect(script.match).toBeNull();
    expect(long).toMatchObject({ match: null, problem: '单行最多100个字' });
    const json = await t.call('POST', '/api/user/fast_buy/match', { json: { content: ['a'] }, cookie: buyer.cookie });
    expect(json.status).toBe(422);
  });
});

describe('POST /api/cart partial=1', () => {
  it('adds what the rules accept and lists each refusal by index', async () => {
    const res = await t.call<CartPartialAddResult>('POST', '/api/cart', {
      body: {
        partial: 1,
        params: [
          { goods_id: ganmao, number: 2 },
          { goods_id: lowStock, number: 50 },
          { goods_id: offSale, number: 1 },
          { goods_id: banlan, number: 3 },
        ],
      },
      cookie: other.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('部分商品未能加入购物车');
    const { lines, refused } = res.body.data;
    expect(lines[0]).toBeGreaterThan(0);
    expect(lines[1]).toBeNull();
    expect(lines[2]).toBeNull();
    expect(lines[3]).toBeGreaterThan(0);
    expect(refused.map((r) => [r.index, r.goods_id])).toEqual([
      [1, lowStock],
      [2, offSale],
    ]);
    expect(refused.every((r) => /[\u4e00-\u9fa5]/u.test(r.msg))).toBe(true);
    const rows = await t.db.select().from(cartLines).where(eq(cartLines.companyId, other.companyId));
    expect(rows.map((r) => [r.goodsId, r.number]).sort()).toEqual(
      [
        [ganmao, 2],
        [banlan, 3],
      ].sort(),
    );
  });

  it('without partial the batch is still all or nothing', async () => {
    const res = await t.call('POST', '/api/cart', {
      body: {
        params: [
          { goods_id: ganmao, number: 1 },
          { goods_id: lowStock, number: 50 },
        ],
      },
      cookie: other.cookie,
    });
    expect(res.status).toBe(400);
  });
});

describe('常购清单', () => {
  let listId: number;

  it('saves, lists with the goods as they are now, and replaces a list of the same name', async () => {
    const saved = await t.call<SavedList>('POST', '/api/user/fast_buy/lists', {
      body: {
        name: '每周常备',
        items: [
          { goods_id: ganmao, number: 5 },
          { goods_id: banlan, number: 10 },
          { goods_id: ganmao, number: 1 },
        ],
      },
      cookie: buyer.cookie,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe('常购清单已保存');
    expect(saved.body.data.items.map((i) => [i.goods_id, i.number])).toEqual([
      [ganmao, 6],
      [banlan, 10],
    ]);
    expect(saved.body.data.items[0].goods).toMatchObject({ id: ganmao, price: 1200 });
    listId = saved.body.data.id;
    const again = await t.call<SavedList>('POST', '/api/user/fast_buy/lists', {
      body: { name: '每周常备', items: [{ goods_id: amoxA, number: 2 }] },
      cookie: buyer.cookie,
    });
    expect(again.body.data.id).toBe(listId);
    const lists = await t.call<SavedList[]>('GET', '/api/user/fast_buy/lists', { cookie: buyer.cookie });
    expect(lists.body.data.map((l) => [l.name, l.items.map((i) => i.goods_id)])).toEqual([['每周常备', [amoxA]]]);
    // Per company: another company sees none of it.
    expect((await t.call<SavedList[]>('GET', '/api/user/fast_buy/lists', { cookie: other.cookie })).body.data).toEqual(
      [],
    );
  });

  it('refuses bad input and goods the buyer may not buy', async () => {
    const bad = async (body: Record<string, unknown>) =>
      t.call('POST', '/api/user/fast_buy/lists', { json: body, cookie: buyer.cookie });
    expect((await bad({ name: '', items: [{ goods_id: ganmao, number: 1 }] })).status).toBe(422);
    expect((await bad({ name: '名'.repeat(31), items: [{ goods_id: ganmao, number: 1 }] })).status).toBe(422);
    expect((await bad({ name: '空', items: [] })).status).toBe(422);
    expect((await bad({ name: '负数', items: [{ goods_id: ganmao, number: -1 }] })).status).toBe(422);
    const hidden = await bad({ name: '控销', items: [{ goods_id: kx, number: 1 }] });
    expect(hidden.status).toBe(400);
    expect(hidden.body.msg).toBe('清单中有商品不存在或已下架');
  });

  it("deletes its own list; another company's id is a 404", async () => {
    expect((await t.call('DELETE', `/api/user/fast_buy/lists/${listId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.call('DELETE', '/api/user/fast_buy/lists/abc', { cookie: buyer.cookie })).status).toBe(404);
    const res = await t.call('DELETE', `/api/user/fast_buy/lists/${listId}`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect((await t.call<SavedList[]>('GET', '/api/user/fast_buy/lists', { cookie: buyer.cookie })).body.data).toEqual(
      [],
    );
  });
});
