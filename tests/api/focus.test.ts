// GET /api/focus/common, /api/focus, /api/focus/:slot, /api/focus/brand/:id, /api/global/links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertCatalogue, insertGoods, insertShellContent, type CatalogueIds } from '../fixtures/catalogue.ts';
import { hotKeywords } from '../../server/db/schema.ts';
import { buildCategoryTrees, COMMON_TTL_MS, pruneTree } from '../../server/services/focus/common.ts';
import type { CategoryNode, CommonData, FooterLink } from '../../src/domain/contracts.ts';

let t: TestApp;
let cat: CatalogueIds;

const names = (nodes: CategoryNode[]): unknown[] =>
  nodes.map((n) => (n.children.length > 0 ? { [n.name]: names(n.children) } : n.name));

const depth = (nodes: CategoryNode[]): number =>
  nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((n) => depth(n.children)));

beforeAll(async () => {
  t = await createTestApp();
  cat = await insertCatalogue(t.db);
  await insertShellContent(t.db, t.clock.now(), cat.brand['999']);
  await insertGoods(t.db, cat, [
    { name: '布洛芬混悬液', category: '退热药', isFreeShipping: true },
    { name: '阿莫西林胶囊', category: '抗生素' },
    { name: '停售包邮药', category: '清热颗粒', isFreeShipping: true, isOnSale: false },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/focus/common', () => {
  it('returns hot terms, nav, the zone trees, brands and the server time', async () => {
    const res = await t.call<CommonData>('GET', '/api/focus/common');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(
      ['brand', 'category', 'category_qx', 'category_yx', 'category_zy', 'nav', 'rnss', 'timestamp'].sort(),
    );
    expect(d.rnss).toEqual(['阿莫西林', '感冒灵']);
    expect(d.nav).toEqual([
      { id: expect.any(Number), name: '首页', url: '/', image: '', is_open: 0, children: [] },
      {
        id: expect.any(Number),
        name: '控销专区',
        url: '/kxzq',
        image: '',
        is_open: 0,
        children: [{ id: expect.any(Number), name: '新品', url: '/kxzq?new=1', image: '', is_open: 1, children: [] }],
      },
    ]);
    // 保健食品 is hidden, so its whole subtree is absent; the main menu lists every zone's roots.
    expect(names(d.category)).toEqual([
      { 西药: [{ 感冒发热: ['感冒用药', '退热药'] }, { 抗感染: ['抗生素'] }] },
      { 中成药: [{ 清热解毒: ['清热颗粒'] }] },
      { 中药饮片: [{ 根茎类: ['人参'] }] },
      { 医疗器械: [{ 防护用品: ['口罩'] }] },
    ]);
    expect(depth(d.category)).toBe(3);
    expect(d.category[0]).toMatchObject({ id: cat.category['西药'], logo: '', logo1: '' });
    // SPEC §3 childrenShow: every node names the children the menu shows under it.
    expect(d.category[0].childrenShow).toEqual(d.category[0].children.map((c) => c.id));
    expect(names(d.category_zy)).toEqual([{ 中药饮片: [{ 根茎类: ['人参'] }] }]);
    expect(names(d.category_qx)).toEqual([{ 医疗器械: [{ 防护用品: ['口罩'] }] }]);
    // Only 退热药 holds an on-sale free-shipping goods.
    expect(names(d.category_yx)).toEqual([{ 西药: [{ 感冒发热: ['退热药'] }] }]);
    expect(d.brand).toEqual([
      { id: cat.brand['999'], name: '999', logo: '/img/brand-0.svg' },
      { id: cat.brand['同仁堂'], name: '同仁堂', logo: '/img/brand-1.svg' },
    ]);
    expect(d.timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(String(d.timestamp)).toHaveLength(10);
  });

  it('childrenShow names the first three children in the console order, also in a pruned tree', () => {
    const row = (id: number, parentId: number | null) => ({
      id,
      parentId,
      name: `类${id}`,
      logo: '',
      logo1: '',
      zone: 'standard' as const,
    });
    const { standard } = buildCategoryTrees([
      row(1, null),
      row(2, 1),
      row(3, 1),
      row(4, 1),
      row(5, 1),
      row(6, 2),
      row(7, 5),
    ]);
    expect(standard[0].childrenShow).toEqual([2, 3, 4]);
    expect(standard[0].children[0].childrenShow).toEqual([6]);
    expect(standard[0].children[1].childrenShow).toEqual([]);
    // 包邮 keeps only 3 and 5 (the latter through 7): those two are shown.
    expect(pruneTree(standard, new Set([3, 7]))[0].childrenShow).toEqual([3, 5]);
  });

  it('serves the catalogue part from memory for a while, the timestamp always fresh', async () => {
    const start = t.clock.now();
    await t.call('GET', '/api/focus/common');
    await t.db.insert(hotKeywords).values({ keyword: '新热词', sort: 9 });

    t.clock.set(new Date(start.getTime() + 5_000));
    const cached = (await t.call<CommonData>('GET', '/api/focus/common')).body.data;
    expect(cached.rnss).not.toContain('新热词');
    expect(cached.timestamp).toBe(Math.floor(start.getTime() / 1000) + 5);

    t.clock.set(new Date(start.getTime() + COMMON_TTL_MS + 1_000));
    const fresh = (await t.call<CommonData>('GET', '/api/focus/common')).body.data;
    expect(fresh.rnss).toContain('新热词');
    t.clock.set(start);
  });
});

describe('focus slots', () => {
  it('GET /api/focus: the live carousel items in order, {image,url,title} only', async () => {
    const res = await t.call('GET', '/api/focus');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { image: '/img/b1.svg', url: '/a1', title: '首页轮播1' },
      { image: '/img/b2.svg', url: '/a2', title: '首页轮播2' },
      { image: '/img/live.svg', url: '/live', title: '进行中' },
    ]);
  });

  it('serves every SPEC slot; postList reads slot post; kxzq_ad filters by ids', async () => {
    for (const slot of ['demo', 'new_kxzq', 'right', 'xrtj', 'top', 'ppzq', 'kxzq', 'zyzq', 'login', 'yx']) {
      const res = await t.call('GET', `/api/focus/${slot}`);
      expect(res.status, slot).toBe(200);
      expect(res.body.data).toEqual([]);
    }
    expect((await t.call('GET', '/api/focus/postList')).body.data).toEqual([
      { image: '/img/post.svg', url: '/post/1', title: '公告' },
    ]);
    expect((await t.call('GET', '/api/focus/kxzq_ad')).body.data).toHaveLength(2);
    expect((await t.call('GET', '/api/focus/kxzq_ad?ids=2')).body.data).toEqual([
      { image: '/img/kx2.svg', url: '/kx/2', title: '控销广告B' },
    ]);
    expect((await t.call('GET', '/api/focus/kxzq_ad?ids[]=1&ids[]=2')).body.data).toHaveLength(2);
    const bad = await t.call('GET', '/api/focus/kxzq_ad?ids=1,abc');
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe(422);
  });

  it('an unknown slot is a 404 envelope', async () => {
    for (const slot of ['nope', 'constructor', '__proto__', 'index', 'post']) {
      const res = await t.call('GET', `/api/focus/${slot}`);
      expect(res.status, slot).toBe(404);
      expect(res.body).toMatchObject({ code: 404, data: null });
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('GET /api/focus/brand/:id', () => {
  it('returns the brand and its focus items', async () => {
    const res = await t.call('GET', `/api/focus/brand/${cat.brand['999']}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: cat.brand['999'],
      name: '999',
      logo: '/img/brand-0.svg',
      banner: '',
      description: '',
      focus: [{ image: '/img/brand.svg', url: '/brand', title: '品牌页' }],
    });
  });

  it('422 for a non-positive-integer id, 404 for an unknown brand', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await t.call('GET', `/api/focus/brand/${id}`);
      expect(res.status, id).toBe(422);
      expect(res.body.data).toEqual({ errors: { id: ['品牌编号无效'] } });
    }
    const missing = await t.call('GET', '/api/focus/brand/99999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, msg: '品牌不存在', data: null });
  });
});

describe('GET /api/global/links', () => {
  it('returns footer links ordered by sort', async () => {
    const res = await t.call<FooterLink[]>('GET', '/api/global/links');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: expect.any(Number), name: '关于我们', url: '/help/about' },
      { id: expect.any(Number), name: '国家药监局', url: 'https://www.nmpa.gov.cn' },
    ]);
  });
});
