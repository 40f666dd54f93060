// GET /api/goods/search and /api/goods/hot: ranking, pinyin, manufacturers, hostile keywords,
// price visibility and 控销.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { parseKeyword, searchTiers, termGrams, rowsOf } from '../../server/services/goods/search.ts';
import { goods } from '../../server/db/schema.ts';
import type { GoodsCard, SearchSuggestion } from '../../src/domain/contracts.ts';

const HRSJ = '华润三九医药股份有限公司';
const BYS = '广州白云山制药股份有限公司';
const GMLYY = '感冒灵药业有限公司';

let t: TestApp;
let approved: Buyer;
let pending: Buyer;
let special: Buyer;

async function search(keywords: string, opts: { type?: string; cookie?: string } = {}) {
  const qs = new URLSearchParams({ keywords });
  if (opts.type !== undefined) qs.set('type', opts.type);
  return t.call<SearchSuggestion[]>('GET', `/api/goods/search?${qs}`, { cookie: opts.cookie });
}

async function names(keywords: string, cookie?: string): Promise<string[]> {
  const res = await search(keywords, { cookie });
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(10000);
  return res.body.data.map((s) => s.name);
}

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  await insertGoods(t.db, cat, [
    { name: '感冒灵', sccj: BYS, salesCount: 1 },
    { name: '感冒灵颗粒', sccj: HRSJ, salesCount: 10, ypgg: '10g*9袋' },
    { name: '999感冒灵颗粒', sccj: HRSJ, salesCount: 50 },
    { name: '复方感冒灵片', sccj: BYS, salesCount: 100 },
    { name: '小儿感冒颗粒', sccj: BYS, salesCount: 5 },
    { name: '感安宁胶囊', sccj: BYS, salesCount: 0 },
    { name: '维C银翘片', sccj: GMLYY, salesCount: 1000 },
    { name: '板蓝根颗粒', sccj: HRSJ, salesCount: 30 },
    { name: '新康泰克', commonName: '复方盐酸伪麻黄碱缓释胶囊', sccj: '中美天津史克制药有限公司', salesCount: 7 },
    { name: '50%葡萄糖注射液', sccj: '测试制药有限公司', salesCount: 3 },
    { name: '控销感冒片', sccj: '控销药业有限公司', salesCount: 500, isKx: true, basePrice: 990 },
    { name: '停售感冒片', sccj: BYS, salesCount: 900, isOnSale: false },
    { name: '缺货感冒片', sccj: BYS, salesCount: 800, isBuy: false },
    ...Array.from({ length: 15 }, (_, i) => ({ name: `批量测试药${i}`, salesCount: i })),
  ]);
  const now = t.clock.now();
  approved = await insertBuyer(t.db, 'approved', now);
  pending = await insertBuyer(t.db, 'pending', now);
  special = await insertBuyer(t.db, 'special', now);
});

afterAll(async () => {
  await t.close();
});

describe('search by name: ranking', () => {
  it('ranks exact name > name prefix > contains > manufacturer, ties by sales', async () => {
    expect(await names('感冒灵')).toEqual([
      '感冒灵', // exact
      '感冒灵颗粒', // prefix
      '复方感冒灵片', // contains, sales 100
      '999感冒灵颗粒', // contains, sales 50
      '维C银翘片', // only its manufacturer (感冒灵药业) matches
    ]);
  });

  it('ranks pinyin initials prefix > full pinyin prefix > contains > manufacturer', async () => {
    expect(await names('gan')).toEqual([
      '感安宁胶囊', // initials ganjn
      '感冒灵颗粒', // full ganmaolingkeli, sales 10
      '感冒灵', // full ganmaoling, sales 1
      '缺货感冒片', // contains (quehuoganmaopian), sales 800: not buyable, still findable
      '复方感冒灵片', // contains, sales 100
      '999感冒灵颗粒', // contains, sales 50
      '小儿感冒颗粒', // contains, sales 5
      '维C银翘片', // manufacturer full pinyin ganmaoling…
    ]);
  });

  it("'gml' finds 感冒灵颗粒 and 999感冒灵颗粒 (initials 999gml…)", async () => {
    expect(await names('gml')).toEqual(['感冒灵颗粒', '感冒灵', '复方感冒灵片', '999感冒灵颗粒', '维C银翘片']);
  });

  it("'ganmaoling' and 'GanMao Ling' find them by full pinyin", async () => {
    const list = await names('ganmaoling');
    expect(list.slice(0, 2)).toEqual(['感冒灵颗粒', '感冒灵']);
    expect(list).toContain('999感冒灵颗粒');
    expect(await names('GanMao Ling')).toEqual(list);
  });

  it("'感冒' and '感' find every goods containing them", async () => {
    const contains = ['缺货感冒片', '复方感冒灵片', '999感冒灵颗粒', '小儿感冒颗粒'];
    expect(await names('感冒')).toEqual(['感冒灵颗粒', '感冒灵', ...contains, '维C银翘片']);
    expect(await names('感')).toEqual(['感冒灵颗粒', '感冒灵', '感安宁胶囊', ...contains, '维C银翘片']);
  });

  it('matches the common name (通用名) by prefix and contains', async () => {
    expect(await names('复方盐酸')).toEqual(['新康泰克']);
    expect(await names('伪麻黄碱')).toEqual(['新康泰克']);
  });

  it('requires every whitespace-separated term', async () => {
    expect(await names('感冒  颗粒')).toEqual(['999感冒灵颗粒', '感冒灵颗粒', '小儿感冒颗粒']);
    expect(await names('感冒灵 9')).toEqual(['999感冒灵颗粒']);
    expect(await names('冒灵 颗')).toEqual(['999感冒灵颗粒', '感冒灵颗粒']);
    expect(await names('感冒灵颗 片')).toEqual([]);
  });

  it('returns the suggestion shape and at most 10', async () => {
    const res = await search('感冒灵颗粒');
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      keyword: '感冒灵颗粒',
      name: '感冒灵颗粒',
      sccj: HRSJ,
      ypgg: '10g*9袋',
    });
    const many = await names('批量测试');
    expect(many).toHaveLength(10);
    expect(many[0]).toBe('批量测试药14');
  });

  it('never suggests goods that are off sale', async () => {
    expect(await names('停售')).toEqual([]);
  });
});

describe('search by manufacturer (type 2)', () => {
  it("finds distinct manufacturers by '华润' and by initials 'hrsj'", async () => {
    const want = [{ id: null, keyword: HRSJ, name: HRSJ, sccj: HRSJ, ypgg: '' }];
    for (const kw of ['华润', 'hrsj', 'HRSJ', '三九']) {
      const res = await search(kw, { type: '2' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(want);
    }
  });

  it('hides a manufacturer whose only goods the viewer may not see', async () => {
    expect((await search('控销药业', { type: '2' })).body.data).toEqual([]);
    expect((await search('控销药业', { type: '2', cookie: special.cookie })).body.data.map((s) => s.name)).toEqual([
      '控销药业有限公司',
    ]);
  });
});

describe('hostile and odd keywords', () => {
  it('treats % _ \\ literally', async () => {
    // A lone ASCII symbol has nothing to index or match on; it must not act as a wildcard.
    expect(await names('%')).toEqual([]);
    expect(await names('50%')).toEqual(['50%葡萄糖注射液']);
    expect(await names('_')).toEqual([]);
    expect(await names('感_灵')).toEqual([]);
    expect(await names('g_l')).toEqual([]);
    expect(await names('\\')).toEqual([]);
    expect(await names('%%%')).toEqual([]);
  });

  it('answers SQL and HTML text as plain text', async () => {
    expect(await names("'; drop table goods;--")).toEqual([]);
    expect(await names('<script>alert(1)</script>')).toEqual([]);
    expect(await names("感冒灵' OR 1=1 --")).toEqual([]);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM ${goods}`));
    expect(n).toBeGreaterThan(10);
  });

  it('answers [] for an empty or blank keyword', async () => {
    expect((await t.call('GET', '/api/goods/search')).body).toEqual({ code: 10000, msg: 'ok', data: [] });
    expect(await names('   ')).toEqual([]);
  });

  it('refuses a keyword over 50 characters with 422', async () => {
    expect((await search('感'.repeat(50))).status).toBe(200);
    for (const kw of ['感'.repeat(51), 'a'.repeat(10_000)]) {
      const res = await search(kw);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(422);
      expect(res.body.msg).toMatch(/搜索关键词过长/);
      expect(res.body.data).toEqual({ errors: { keywords: [res.body.msg] } });
    }
  });

  it('refuses an unknown type with 422', async () => {
    const res = await search('感冒', { type: '9' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ errors: { type: ['搜索类型无效'] } });
    expect((await search('感冒', { type: '1' })).status).toBe(200);
  });
});

describe('控销 (is_kx) and price visibility', () => {
  it('hides 控销 goods from visitors and non-special members', async () => {
    expect(await names('控销')).toEqual([]);
    expect(await names('控销', approved.cookie)).toEqual([]);
    expect(await names('控销', pending.cookie)).toEqual([]);
    expect(await names('控销', special.cookie)).toEqual(['控销感冒片']);
  });

  it('hot goods: top buyable on-sale goods by sales, 控销 only for special members', async () => {
    const visitor = await t.call<GoodsCard[]>('GET', '/api/goods/hot');
    expect(visitor.status).toBe(200);
    const list = visitor.body.data.map((g) => g.name);
    expect(list.slice(0, 4)).toEqual(['维C银翘片', '复方感冒灵片', '999感冒灵颗粒', '板蓝根颗粒']);
    expect(list).toHaveLength(10);
    expect(list).not.toContain('控销感冒片');
    expect(list).not.toContain('停售感冒片');
    expect(list).not.toContain('缺货感冒片');

    const forSpecial = await t.call<GoodsCard[]>('GET', '/api/goods/hot', { cookie: special.cookie });
    expect(forSpecial.body.data[1]).toMatchObject({ name: '控销感冒片', price: 990, base_price: 990 });
  });

  it('hides prices from visitors and members under review, shows them to approved members', async () => {
    const card = async (cookie?: string) =>
      (await t.call<GoodsCard[]>('GET', '/api/goods/hot', { cookie })).body.data[0];
    for (const cookie of [undefined, pending.cookie]) {
      expect(await card(cookie)).toMatchObject({ name: '维C银翘片', price: null, base_price: null });
    }
    expect(await card(approved.cookie)).toEqual({
      id: expect.any(Number),
      name: '维C银翘片',
      sccj: GMLYY,
      ypgg: '10g*9袋',
      bzdw: '盒',
      zbz: 1,
      goods_image: '',
      price: 1250,
      base_price: 1250,
      number: 100,
      is_buy: 1,
      tags: [],
      // The company's scope is not recorded and no certificate lapsed: nothing blocks buying.
      buy_block: null,
    });
  });
});

describe('search internals', () => {
  it('termGrams (query side) agrees with search_grams() (index side) on every substring', async () => {
    for (const name of ['999感冒灵颗粒', '维C银翘片 VC', '复方盐酸伪麻黄碱缓释胶囊']) {
      const res = await t.db.execute(sql`SELECT search_grams(${name}) AS g`);
      const stored = new Set(rowsOf<{ g: string[] }>(res)[0].g);
      const chars = Array.from(name.toLowerCase());
      for (let i = 0; i < chars.length; i++) {
        for (let j = i + 1; j <= Math.min(chars.length, i + 5); j++) {
          const term = chars.slice(i, j).join('');
          if (term.includes(' ')) continue;
          for (const g of termGrams(term)) expect(stored.has(g), `${name}: ${term} → ${g}`).toBe(true);
        }
      }
    }
  });

  it('the contains tier can be answered by goods_search_grams_idx', async () => {
    const q = parseKeyword('感冒')!;
    const [contains] = searchTiers(q).find((tier) => tier.name === 'contains')!.alternatives;
    await t.db.execute(sql`SET enable_seqscan = off`);
    try {
      const res = await t.db.execute(sql`EXPLAIN SELECT ${goods.id} FROM ${goods} WHERE ${contains}`);
      const plan = rowsOf<{ 'QUERY PLAN': string }>(res)
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('goods_search_grams_idx');
    } finally {
      await t.db.execute(sql`RESET enable_seqscan`);
    }
  });
});
