// The stored answers of GET /api/goods/list and /api/goods/search (server/services/goods/
// answer-cache.ts, docs/decisions/catalogue-cache.md): one viewer's prices, favourites or 控销
// goods never reach another viewer, a console price edit, an import and a stopped promotion are
// seen at once (no waiting out the TTL), a favourite at once by its own company, the stored
// compressed body is the same answer, anything written behind the server's back lasts at most
// ANSWER_TTL_MS, and news of a console write in another WORKERS process empties this one's.
import type { Worker } from 'node:cluster';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { insertBuyer, type Buyer } from '../fixtures/catalogue.ts';
import { companies, goods, goodsPrices, promotions } from '../../server/db/schema.ts';
import { ANSWER_TTL_MS, answerCacheStats } from '../../server/services/goods/answer-cache.ts';
import {
  CATALOGUE_CHANGED,
  catalogueChangedElsewhere,
  relayCatalogueNews,
} from '../../server/cluster/catalogue-news.ts';
import type { GoodsListItem, GoodsListResult } from '../../src/domain/catalog.ts';
import type { SearchSuggestion } from '../../src/domain/contracts.ts';

let t: TestApp;
let ops: string;
/** Approved, rank 1: the base price. */
let rankOne: Buyer;
/** Approved, rank 2: its own price for `target`. */
let rankTwo: Buyer;
/** Under review: no prices at all. */
let pending: Buyer;
/** Entitled to 控销 goods. */
let special: Buyer;
let target: { id: number; name: string; manufacturerId: number; basePrice: number };
let controlled: { id: number; name: string };
const RANK_TWO_PRICE = 777;

const listPath = () => `/api/goods/list?manufacturer_id=${target.manufacturerId}&page_size=100`;
const listAs = async (cookie?: string): Promise<GoodsListResult> => {
  const res = await t.call<GoodsListResult>('GET', listPath(), { cookie });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const itemAs = async (cookie?: string): Promise<GoodsListItem> => {
  const item = (await listAs(cookie)).list.find((g) => g.id === target.id);
  if (!item) throw new Error('the target goods is not on its maker page');
  return item;
};
const suggestAs = async (keywords: string, cookie?: string): Promise<SearchSuggestion[]> => {
  const res = await t.call<SearchSuggestion[]>('GET', `/api/goods/search?keywords=${encodeURIComponent(keywords)}`, {
    cookie,
  });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  ops = await operatorSignIn(t, 'operations');
  const now = t.clock.now();
  rankOne = await insertBuyer(t.db, 'approved', now, 'cache-rank-one');
  rankTwo = await insertBuyer(t.db, 'approved', now, 'cache-rank-two');
  pending = await insertBuyer(t.db, 'pending', now, 'cache-pending');
  special = await insertBuyer(t.db, 'special', now, 'cache-special');
  await t.db.update(companies).set({ rank: 2 }).where(eq(companies.id, rankTwo.companyId));
  const [g] = await t.db
    .select({ id: goods.id, name: goods.name, manufacturerId: goods.manufacturerId, basePrice: goods.basePrice })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)))
    .orderBy(goods.id)
    .limit(1);
  target = { ...g, manufacturerId: g.manufacturerId! };
  await t.db.delete(goodsPrices).where(eq(goodsPrices.goodsId, target.id));
  await t.db.insert(goodsPrices).values({ goodsId: target.id, rank: 2, price: RANK_TWO_PRICE });
  // A 控销 goods with a name nothing else has, so its suggestion is easy to tell apart.
  const [k] = await t.db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)))
    .orderBy(goods.id)
    .offset(1)
    .limit(1);
  await t.db.update(goods).set({ isKx: true, name: '缓存控销专用片' }).where(eq(goods.id, k.id));
  controlled = { id: k.id, name: '缓存控销专用片' };
});
afterAll(() => t.close());

describe('a stored list page is never another viewer’s', () => {
  it('serves every viewer its own prices on the same URL, however often and in whatever order', async () => {
    for (let round = 0; round < 2; round++) {
      expect((await itemAs(rankOne.cookie)).price).toBe(target.basePrice);
      expect((await itemAs(rankTwo.cookie)).price).toBe(RANK_TWO_PRICE);
      expect((await itemAs(pending.cookie)).price).toBeNull();
      expect((await itemAs()).price).toBeNull();
      expect((await itemAs(rankOne.cookie)).price).toBe(target.basePrice);
    }
    // The second round was served from the store, not rebuilt.
    expect(answerCacheStats(t.deps).hits).toBeGreaterThan(0);
  });

  it('keeps a favourite to its own company, and shows it at once', async () => {
    expect((await itemAs(rankOne.cookie)).is_favorite).toBe(0);
    expect((await itemAs(rankTwo.cookie)).is_favorite).toBe(0);
    const add = await t.call('POST', '/api/favorite', { cookie: rankOne.cookie, json: { goods_ids: [target.id] } });
    expect(add.status, add.body.msg).toBe(200);
    expect((await itemAs(rankOne.cookie)).is_favorite).toBe(1);
    expect((await itemAs(rankTwo.cookie)).is_favorite).toBe(0);
    const cancel = await t.call('POST', '/api/favorite/cancel', {
      cookie: rankOne.cookie,
      json: { goods_ids: [target.id] },
    });
    expect(cancel.status, cancel.body.msg).toBe(200);
    expect((await itemAs(rankOne.cookie)).is_favorite).toBe(0);
  });

  it('keeps 控销 suggestions from viewers not entitled to them', async () => {
    expect((await suggestAs(controlled.name, special.cookie)).map((s) => s.id)).toContain(controlled.id);
    expect((await suggestAs(controlled.name, rankOne.cookie)).map((s) => s.id)).not.toContain(controlled.id);
    expect((await suggestAs(controlled.name)).map((s) => s.id)).not.toContain(controlled.id);
    expect((await suggestAs(controlled.name, special.cookie)).map((s) => s.id)).toContain(controlled.id);
  });

  it('sees an approval at once: prices appear when the company is approved', async () => {
    expect((await itemAs(pending.cookie)).price).toBeNull();
    await t.db.update(companies).set({ reviewStatus: 'approved' }).where(eq(companies.id, pending.companyId));
    try {
      expect((await itemAs(pending.cookie)).price).toBe(target.basePrice);
    } finally {
      await t.db.update(companies).set({ reviewStatus: 'pending' }).where(eq(companies.id, pending.companyId));
    }
  });
});

describe('a catalogue change is served at once', () => {
  it('after a console price edit, every viewer sees the new price', async () => {
    expect((await itemAs(rankOne.cookie)).price).toBe(target.basePrice);
    const editor = await t.call<Record<string, unknown>>('GET', `/api/admin/goods/${target.id}`, { cookie: ops });
    expect(editor.status, editor.body.msg).toBe(200);
    const {
      id: _id,
      common_name: _c,
      ypgg: _y,
      bzdw: _b,
      sccj: _s,
      category: _cat,
      image: _i,
      sales_count: _sc,
      updated_at: _u,
      batches: _bt,
      ...editable
    } = editor.body.data;
    const saved = await t.call('POST', `/api/admin/goods/${target.id}`, {
      cookie: ops,
      json: { ...editable, base_price: target.basePrice + 100 },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    target.basePrice += 100;
    expect((await itemAs(rankOne.cookie)).price).toBe(target.basePrice);
    // The rank price is the rank's own and stays.
    expect((await itemAs(rankTwo.cookie)).price).toBe(RANK_TWO_PRICE);
  });

  it('after an import, the new price and stock', async () => {
    const before = await itemAs(rankOne.cookie);
    const form = new FormData();
    form.set(
      'file',
      new File(
        [`商品编号,价格,库存\r\n${target.id},${((target.basePrice + 50) / 100).toFixed(2)},${before.number + 7}\r\n`],
        'p.csv',
        { type: 'text/csv' },
      ),
    );
    form.set('mode', 'apply');
    const res = await t.call('POST', '/api/admin/goods/import', { cookie: ops, form });
    expect(res.status, res.body.msg).toBe(200);
    target.basePrice += 50;
    const after = await itemAs(rankOne.cookie);
    expect(after.price).toBe(target.basePrice);
    expect(after.number).toBe(before.number + 7);
  });

  it('after a promotion is stopped, pages are built again rather than served', async () => {
    await listAs(rankOne.cookie);
    const [p] = await t.db
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(inArray(promotions.kind, ['flash', 'group']), eq(promotions.isActive, true)))
      .limit(1);
    const stopped = await t.call('POST', `/api/admin/promotions/${p.id}/stop`, { cookie: ops, json: {} });
    expect(stopped.status, stopped.body.msg).toBe(200);
    const { misses } = answerCacheStats(t.deps);
    await listAs(rankOne.cookie);
    expect(answerCacheStats(t.deps).misses).toBe(misses + 1);
  });

  it('a refused console write keeps the stored pages', async () => {
    await listAs(rankOne.cookie);
    const refused = await t.call('POST', `/api/admin/goods/${target.id}`, { cookie: ops, json: { base_price: -1 } });
    expect(refused.status).toBe(422);
    const { hits } = answerCacheStats(t.deps);
    await listAs(rankOne.cookie);
    expect(answerCacheStats(t.deps).hits).toBe(hits + 1);
  });

  it('a change behind the server’s back (an order moving stock) lasts at most ANSWER_TTL_MS', async () => {
    const before = await itemAs(rankOne.cookie);
    await t.db
      .update(goods)
      .set({ stock: before.number - 1 })
      .where(eq(goods.id, target.id));
    expect((await itemAs(rankOne.cookie)).number).toBe(before.number);
    t.clock.advance(ANSWER_TTL_MS + 1);
    expect((await itemAs(rankOne.cookie)).number).toBe(before.number - 1);
  });
});

describe('the stored body', () => {
  it('is the same answer compressed (br, gzip) and plain, and a refusal is never stored', async () => {
    const plain = await listAs(rankOne.cookie);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await t.app.request(listPath(), {
          headers: { cookie: rankOne.cookie, accept: 'application/json', 'accept-encoding': encoding },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('x-catalogue-cache')).toBe('hit');
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        const body = JSON.parse(decode(Buffer.from(await res.arrayBuffer())).toString()) as {
          code: number;
          data: GoodsListResult;
        };
        expect(body.code).toBe(10000);
        expect(body.data).toEqual(plain);
      }
    }
    for (let i = 0; i < 2; i++) {
      const kx = await t.call('GET', '/api/goods/list?zone=kx', { cookie: rankOne.cookie });
      expect(kx.status).toBe(403);
    }
    expect((await t.call('GET', '/api/goods/list?zone=kx', { cookie: special.cookie })).status).toBe(200);
  });
});

describe('with WORKERS, a console write in another process', () => {
  it('makes this process build its pages again', async () => {
    await listAs(rankOne.cookie);
    const { misses } = answerCacheStats(t.deps);
    await listAs(rankOne.cookie);
    expect(answerCacheStats(t.deps).misses).toBe(misses);
    // What the worker does when its primary passes on another worker's news.
    catalogueChangedElsewhere();
    await listAs(rankOne.cookie);
    expect(answerCacheStats(t.deps).misses).toBe(misses + 1);
  });

  it('is passed on by the primary to every other live worker, and nothing else is', () => {
    const sent: string[] = [];
    const worker = (name: string, connected = true) =>
      ({ isConnected: () => connected, send: () => sent.push(name) }) as unknown as Worker;
    const [a, b, c, gone] = [worker('a'), worker('b'), worker('c'), worker('gone', false)];
    relayCatalogueNews(a, { type: CATALOGUE_CHANGED }, [a, b, undefined, c, gone]);
    expect(sent).toEqual(['b', 'c']);
    relayCatalogueNews(a, { type: 'something else' }, [a, b, c]);
    expect(sent).toEqual(['b', 'c']);
  });
});
