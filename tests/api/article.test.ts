// /api/article: the help tree under category 3 (SPEC §9), paged lists by category id or code,
// one article with its neighbours, and the refusals for bad input — all without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, type Buyer } from '../fixtures/catalogue.ts';
import { articleCategories, articles } from '../../server/db/schema.ts';
import type { ArticleCategoryNode, ArticleDetail, ArticlePage } from '../../src/domain/articles.ts';

let t: TestApp;
let buyer: Buyer;
/** Article ids by title. */
const ids = new Map<string, number>();

const DAY = 86_400_000;

/** The seed's shape: roots 1-3, help groups under 3 (sort deliberately not in id order), leaves. */
const CATEGORIES = [
  { id: 1, parentId: null, name: '平台公告', code: 'notice', sort: 1 },
  { id: 2, parentId: null, name: '商城活动', code: 'activity', sort: 2 },
  { id: 3, parentId: null, name: '帮助中心', code: 'help', sort: 3 },
  { id: 4, parentId: 3, name: '服务保障', code: 'fwbz', sort: 2 },
  { id: 5, parentId: 3, name: '新手指南', code: 'xrzn', sort: 1 },
  { id: 6, parentId: 5, name: '购物指南', code: 'gwzn', sort: 2 },
  { id: 7, parentId: 5, name: '会员注册', code: 'hyzc', sort: 1 },
  { id: 8, parentId: 4, name: '网站资质', code: 'wzzz', sort: 1 },
  { id: 9, parentId: 3, name: '新闻资讯', code: 'news', sort: 3 },
  { id: 10, parentId: 9, name: '行业新闻', code: 'hy', sort: 1 },
  { id: 11, parentId: 9, name: '公司新闻', code: 'company', sort: 2 },
];

beforeAll(async () => {
  t = await createTestApp();
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  await t.db.insert(articleCategories).values(CATEGORIES);
  const now = t.clock.now().getTime();
  const rows: (typeof articles.$inferInsert)[] = [
    {
      categoryId: 7,
      title: '会员注册流程',
      summary: '三步注册',
      body: '第一段。\n\n第二段。\n\n\n第三段。',
      publishedAt: new Date(now - 100 * DAY),
    },
    { categoryId: 6, title: '购物指南', summary: '', body: '查找商品。', publishedAt: new Date(now - 100 * DAY) },
    // 12 industry news, one a day; the last two share a timestamp so the id breaks the tie.
    ...Array.from({ length: 12 }, (_, i) => ({
      categoryId: 10,
      title: `行业新闻${i + 1}`,
      summary: `摘要${i + 1}`,
      body: `正文${i + 1}`,
      cover: `/media/banner/news-${i + 1}.svg`,
      publishedAt: new Date(now - (i === 11 ? 10 : i) * DAY),
      views: 100 + i,
    })),
    { categoryId: 11, title: '公司新闻1', summary: '', body: '公司', publishedAt: new Date(now - 3 * DAY) },
    { categoryId: 1, title: '平台公告1', summary: '', body: '公告', publishedAt: new Date(now - DAY) },
  ];
  for (const row of rows) {
    const [r] = await t.db.insert(articles).values(row).returning({ id: articles.id });
    ids.set(row.title, r.id);
  }
});
afterAll(() => t.close());

const id = (title: string) => {
  const found = ids.get(title);
  if (found === undefined) throw new Error(`no article ${title}`);
  return found;
};

describe('GET /api/article/category', () => {
  it('answers the two levels under category 3, sorted by sort, without a session', async () => {
    const res = await t.call<ArticleCategoryNode[]>('GET', '/api/article/category?category_id=3');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(10000);
    expect(res.body.data).toEqual([
      {
        id: 5,
        name: '新手指南',
        code: 'xrzn',
        children: [
          { id: 7, name: '会员注册', code: 'hyzc' },
          { id: 6, name: '购物指南', code: 'gwzn' },
        ],
      },
      { id: 4, name: '服务保障', code: 'fwbz', children: [{ id: 8, name: '网站资质', code: 'wzzz' }] },
      {
        id: 9,
        name: '新闻资讯',
        code: 'news',
        children: [
          { id: 10, name: '行业新闻', code: 'hy' },
          { id: 11, name: '公司新闻', code: 'company' },
        ],
      },
    ]);
  });

  it('defaults to category 3 and is the same for a signed-in buyer', async () => {
    const anonymous = await t.call('GET', '/api/article/category');
    const fixed = await t.call('GET', '/api/article/category?category_id=3');
    const member = await t.call('GET', '/api/article/category', { cookie: buyer.cookie });
    expect(anonymous.body).toEqual(fixed.body);
    expect(member.body).toEqual(fixed.body);
  });

  it('answers a leaf with no children and refuses unknown or malformed ids', async () => {
    expect((await t.call('GET', '/api/article/category?category_id=9')).body.data).toEqual([
      { id: 10, name: '行业新闻', code: 'hy', children: [] },
      { id: 11, name: '公司新闻', code: 'company', children: [] },
    ]);
    const missing = await t.call('GET', '/api/article/category?category_id=999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, msg: '文章分类不存在' });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await t.call('GET', `/api/article/category?category_id=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.msg, bad).toBe('文章分类编号无效');
    }
  });
});

describe('GET /api/article/list', () => {
  it('pages a category newest first (published_at desc, id desc) with total, page and limit', async () => {
    const first = await t.call<ArticlePage>('GET', '/api/article/list?category_id=10');
    expect(first.status).toBe(200);
    const d = first.body.data;
    expect(d).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(d.list.map((a) => a.title)).toEqual([
      '行业新闻1',
      '行业新闻2',
      '行业新闻3',
      '行业新闻4',
      '行业新闻5',
      '行业新闻6',
      '行业新闻7',
      '行业新闻8',
      '行业新闻9',
      '行业新闻10',
    ]);
    expect(d.list[0]).toEqual({
      id: id('行业新闻1'),
      title: '行业新闻1',
      summary: '摘要1',
      cover: '/media/banner/news-1.svg',
      published_at: Math.floor(t.clock.now().getTime() / 1000),
      views: 100,
      category_id: 10,
    });
    expect(String(d.list[0].published_at)).toHaveLength(10);
    const second = await t.call<ArticlePage>('GET', '/api/article/list?category_id=10&page=2');
    // 行业新闻11 and 行业新闻12 share a time; 12 has the higher id, so it comes first.
    expect(second.body.data.list.map((a) => a.title)).toEqual(['行业新闻12', '行业新闻11']);
    const small = await t.call<ArticlePage>('GET', '/api/article/list?category_id=10&page=3&limit=5');
    expect(small.body.data).toMatchObject({ total: 12, page: 3, limit: 5 });
    expect(small.body.data.list.map((a) => a.title)).toEqual(['行业新闻12', '行业新闻11']);
    const past = await t.call<ArticlePage>('GET', '/api/article/list?category_id=10&page=9');
    expect(past.body.data).toMatchObject({ list: [], total: 12, page: 9 });
  });

  it('takes a category code instead of the id', async () => {
    const byCode = await t.call<ArticlePage>('GET', '/api/article/list?code=hy&limit=50');
    expect(byCode.body.data.total).toBe(12);
    expect(byCode.body.data.list.every((a) => a.category_id === 10)).toBe(true);
    const company = await t.call<ArticlePage>('GET', '/api/article/list?code=company');
    expect(company.body.data.list.map((a) => a.title)).toEqual(['公司新闻1']);
    expect(company.body.data.list[0].cover).toBe('');
  });

  it('lists a group with the articles of its leaves', async () => {
    const res = await t.call<ArticlePage>('GET', '/api/article/list?code=xrzn');
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list.map((a) => a.title).sort()).toEqual(['会员注册流程', '购物指南'].sort());
  });

  it('refuses bad pages, limits, codes and unknown categories with a Chinese message', async () => {
    const cases: Array<[string, number, string]> = [
      ['category_id=10&page=0', 422, '页码无效'],
      ['category_id=10&page=abc', 422, '页码无效'],
      ['category_id=10&page=100000', 422, '页码无效'],
      ['category_id=10&limit=0', 422, '每页数量须在1-50之间'],
      ['category_id=10&limit=51', 422, '每页数量须在1-50之间'],
      ['category_id=10&limit=1000000', 422, '每页数量须在1-50之间'],
      ['category_id=x', 422, '文章分类编号无效'],
      ['code=%E6%96%B0%E9%97%BB', 422, '文章分类代码无效'],
      ['code=Hy;drop', 422, '文章分类代码无效'],
      ['', 422, '请选择文章分类'],
      ['category_id=404', 404, '文章分类不存在'],
      ['code=nope', 404, '文章分类不存在'],
    ];
    for (const [qs, status, msg] of cases) {
      const res = await t.call('GET', `/api/article/list?${qs}`);
      expect(res.status, qs).toBe(status);
      expect(res.body.code, qs).toBe(status);
      expect(res.body.msg, qs).toBe(msg);
    }
  });
});

describe('GET /api/article/:id', () => {
  it('answers the article with its body, category and neighbours in list order', async () => {
    const res = await t.call<ArticleDetail>('GET', `/api/article/${id('行业新闻2')}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: id('行业新闻2'),
      title: '行业新闻2',
      summary: '摘要2',
      // Rows written before the console (plain text) are answered as HTML paragraphs.
      body: '<p>正文2</p>',
      cover: '/media/banner/news-2.svg',
      published_at: Math.floor((t.clock.now().getTime() - DAY) / 1000),
      views: 101,
      category: { id: 10, name: '行业新闻', code: 'hy' },
      prev: { id: id('行业新闻1'), title: '行业新闻1' },
      next: { id: id('行业新闻3'), title: '行业新闻3' },
    });
  });

  it('has no prev for the newest, no next for the oldest, and breaks timestamp ties by id', async () => {
    const newest = (await t.call<ArticleDetail>('GET', `/api/article/${id('行业新闻1')}`)).body.data;
    expect(newest.prev).toBeNull();
    expect(newest.next?.title).toBe('行业新闻2');
    // 行业新闻11 and 行业新闻12 share a time: 12 (higher id) sits between 10 and 11.
    const tied = (await t.call<ArticleDetail>('GET', `/api/article/${id('行业新闻12')}`)).body.data;
    expect(tied.prev?.title).toBe('行业新闻10');
    expect(tied.next?.title).toBe('行业新闻11');
    expect((await t.call<ArticleDetail>('GET', `/api/article/${id('行业新闻11')}`)).body.data.prev?.title).toBe(
      '行业新闻12',
    );
    const oldest = (await t.call<ArticleDetail>('GET', `/api/article/${id('行业新闻11')}`)).body.data;
    expect(oldest.next).toBeNull();
    // Neighbours stay within the category.
    const only = (await t.call<ArticleDetail>('GET', `/api/article/${id('公司新闻1')}`)).body.data;
    expect([only.prev, only.next]).toEqual([null, null]);
  });

  it('answers a pre-console plain-text body as HTML paragraphs and does not count views on GET', async () => {
    const a = id('会员注册流程');
    const res = await t.call<ArticleDetail>('GET', `/api/article/${a}`);
    expect(res.body.data.body).toBe('<p>第一段。</p><p>第二段。</p><p>第三段。</p>');
    await t.call('GET', `/api/article/${a}`);
    const [row] = await t.db.select({ views: articles.views }).from(articles).where(eq(articles.id, a));
    expect(row.views).toBe(0);
    expect(res.body.data.views).toBe(0);
  });

  it('answers 404 for a missing article and 422 for a malformed id', async () => {
    const missing = await t.call('GET', '/api/article/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, msg: '文章不存在', data: null });
    for (const bad of ['abc', '0', '1e3', '99999999999']) {
      const res = await t.call('GET', `/api/article/${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.msg, bad).toBe('文章编号无效');
    }
  });
});
