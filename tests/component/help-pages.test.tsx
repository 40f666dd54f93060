// The help centre and news pages through the real router built from the manifest: the category
// menu (links, current leaf), a help leaf's first article or the ?id= one, an unknown id, the news
// list with its pager in the URL, a news article with its neighbours, the offline note, /privacy.
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import {
  categoryCodeForPath,
  formatArticleDate,
  leafHref,
  paragraphs,
  type ArticleCategoryNode,
  type ArticleDetail,
  type ArticleListItem,
  type ArticlePage,
} from '../../src/domain/articles';
import type { RouteDef } from '../../src/routes/types';
import { currentHref, renderRoute, serve } from './catalog-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const FIRST_RENDER = { timeout: 5_000 };
/** 2025-06-02 10:00 in Shanghai. */
const NOW_S = 1_748_829_600;
const DAY_S = 86_400;

const TREE: ArticleCategoryNode[] = [
  {
    id: 4,
    name: '新手指南',
    code: 'xrzn',
    children: [
      { id: 5, name: '会员注册', code: 'hyzc' },
      { id: 6, name: '购物指南', code: 'gwzn' },
    ],
  },
  { id: 8, name: '支付配送', code: 'zfps', children: [{ id: 9, name: '订单支付', code: 'ddzf' }] },
  {
    id: 10,
    name: '新闻资讯',
    code: 'news',
    children: [
      { id: 11, name: '行业新闻', code: 'hy' },
      { id: 12, name: '公司新闻', code: 'company' },
    ],
  },
];

function article(
  id: number,
  categoryId: number,
  title: string,
  body: string,
  daysAgo: number,
  over: Partial<ArticleListItem> = {},
): ArticleDetail & ArticleListItem {
  const leaf = TREE.flatMap((g) => g.children).find((c) => c.id === categoryId)!;
  return {
    id,
    title,
    summary: `${title}的摘要`,
    body,
    cover: '',
    published_at: NOW_S - daysAgo * DAY_S,
    views: 100 + id,
    category_id: categoryId,
    category: leaf,
    prev: null,
    next: null,
    ...over,
  };
}

const ARTICLES = [
  article(101, 5, '会员注册流程', '第一步：填写账号信息。\n\n第二步：上传资质。\n\n第三步：等待审核。', 180),
  article(102, 6, '购物指南', '查找商品。\n\n加入购物车。', 170),
  article(103, 6, '采购常见问题', '问：起订量是多少？\n\n答：以商品页为准。', 175),
  article(104, 9, '订单支付方式', '支持余额支付和对公转账。', 160),
  ...Array.from({ length: 12 }, (_, i) =>
    article(201 + i, 11, `行业新闻${i + 1}`, `行业新闻${i + 1}第一段。\n\n行业新闻${i + 1}第二段。`, i + 1, {
      cover: `/media/banner/news-${i + 1}.svg`,
    }),
  ),
  article(301, 12, '成都仓正式启用', '成都仓启用。', 4),
];

const listItem = ({
  id,
  title,
  summary,
  cover,
  published_at,
  views,
  category_id,
}: ArticleListItem): ArticleListItem => ({
  id,
  title,
  summary,
  cover,
  published_at,
  views,
  category_id,
});

function listOf(params: { category_id?: number; code?: string; page?: number; limit?: number }): ArticlePage {
  const categoryId = params.category_id ?? TREE.flatMap((g) => g.children).find((c) => c.code === params.code)?.id;
  const all = ARTICLES.filter((a) => a.category_id === categoryId).sort(
    (a, b) => b.published_at - a.published_at || b.id - a.id,
  );
  const page = params.page ?? 1;
  const limit = params.limit ?? 10;
  return { list: all.slice((page - 1) * limit, page * limit).map(listItem), total: all.length, page, limit };
}

function detailOf(id: number): ArticleDetail {
  const a = ARTICLES.find((x) => x.id === id);
  if (!a) throw new ApiError({ code: 404, status: 404, msg: '文章不存在', data: null });
  const siblings = ARTICLES.filter((x) => x.category_id === a.category_id).sort(
    (x, y) => y.published_at - x.published_at || y.id - x.id,
  );
  const i = siblings.findIndex((x) => x.id === id);
  const ref = (x: ArticleDetail | undefined) => (x ? { id: x.id, title: x.title } : null);
  const { category_id: _omit, ...rest } = a;
  return { ...rest, prev: ref(siblings[i - 1]), next: ref(siblings[i + 1]) };
}

let offline = false;
const networkError = () => new ApiError({ code: 0, status: 0, msg: '网络连接失败，请检查网络', kind: 'network' });

beforeEach(() => {
  offline = false;
  serve(http.get, {
    other: (path, params) => {
      if (!path.startsWith('article')) return undefined;
      if (offline) throw networkError();
      if (path === 'article/category') return TREE;
      if (path === 'article/list') return listOf(params as Parameters<typeof listOf>[0]);
      const m = /^article\/(\d+)$/.exec(path);
      if (m) return detailOf(Number(m[1]));
      return undefined;
    },
  });
});

afterEach(() => {
  http.get.mockReset();
});

const articleCalls = () => http.get.mock.calls.filter(([p]) => String(p).startsWith('article')).map(([p, q]) => [p, q]);
const menu = () => screen.getByRole('navigation', { name: '帮助中心' });
const paragraphTexts = (root: HTMLElement) => Array.from(root.querySelectorAll('p')).map((p) => p.textContent);

describe('help centre', () => {
  it("shows the category menu and the first leaf's first article at /help", async () => {
    renderRoute('/help');
    const heading = await screen.findByRole('heading', { level: 1, name: '会员注册流程' }, FIRST_RENDER);
    // The menu: group headings, leaf links to their pages, news leaves to /news/<code>.
    const nav = menu();
    expect(
      within(nav)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['新手指南', '支付配送', '新闻资讯']);
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('会员注册')).toBe('/help/xrzn/hyzc');
    expect(href('购物指南')).toBe('/help/xrzn/gwzn');
    expect(href('订单支付')).toBe('/help/zfps/ddzf');
    expect(href('行业新闻')).toBe('/news/hy');
    expect(href('公司新闻')).toBe('/news/company');
    // /help is the first leaf: it is the one marked current.
    expect(within(nav).getByRole('link', { name: '会员注册' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '购物指南' }).getAttribute('aria-current')).toBeNull();
    // The article: title, date (Asia/Shanghai) and one <p> per paragraph.
    const articleEl = heading.closest('article')!;
    expect(within(articleEl).getByText('发布时间：2024-12-04')).toBeTruthy();
    const body = articleEl.querySelector('div')!;
    expect(paragraphTexts(body)).toEqual(['第一步：填写账号信息。', '第二步：上传资质。', '第三步：等待审核。']);
    expect(articleCalls()).toEqual([
      ['article/category', { category_id: 3 }],
      ['article/list', { category_id: 5, limit: 50 }],
      ['article/101', undefined],
    ]);
  });

  it('shows the article named by ?id= and lists the other articles of the leaf', async () => {
    const { router } = renderRoute('/help/xrzn/gwzn?id=103');
    expect(await screen.findByRole('heading', { level: 1, name: '采购常见问题' }, FIRST_RENDER)).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: '购物指南' }).getAttribute('aria-current')).toBe('page');
    const related = await screen.findByRole('navigation', { name: '本栏目文章' });
    const first = within(related).getByRole('link', { name: '购物指南' });
    expect(first.getAttribute('href')).toBe('/help/xrzn/gwzn?id=102');
    fireEvent.click(first);
    expect(await screen.findByRole('heading', { level: 1, name: '购物指南' })).toBeTruthy();
    expect(currentHref(router)).toBe('/help/xrzn/gwzn?id=102');
    expect(paragraphTexts(screen.getByRole('article').querySelector('div')!)).toEqual(['查找商品。', '加入购物车。']);
  });

  it('serves the /help/pay alias with the payment leaf marked', async () => {
    renderRoute('/help/pay/ddzf');
    expect(await screen.findByRole('heading', { level: 1, name: '订单支付方式' }, FIRST_RENDER)).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: '订单支付' }).getAttribute('aria-current')).toBe('page');
  });

  it('says 文章不存在 for an unknown or malformed ?id= with a way back to /help', async () => {
    renderRoute('/help/xrzn/hyzc?id=999');
    expect(await screen.findByText('文章不存在', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回帮助中心' }).getAttribute('href')).toBe('/help');
    // The page says it in place: no dialog from the shared presenter on top.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('says so when offline and the article is not cached', async () => {
    offline = true;
    renderRoute('/help/xrzn/hyzc?id=101');
    expect(await screen.findByText('当前离线，此文章尚未缓存，联网后可查看', {}, FIRST_RENDER)).toBeTruthy();
  });
});

describe('news', () => {
  it('lists industry news with covers and links to /news/info/<id>/hy, paging through the URL', async () => {
    const { router } = renderRoute('/news/hy');
    expect(await screen.findByRole('heading', { level: 1, name: '行业新闻' }, FIRST_RENDER)).toBeTruthy();
    const newest = await screen.findByRole('link', { name: '行业新闻1' });
    expect(newest.getAttribute('href')).toBe('/news/info/201/hy');
    const items = screen.getAllByRole('listitem').filter((li) => li.querySelector('h2'));
    expect(items).toHaveLength(10);
    const img = items[0].querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/banner/news-1.svg');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['200', '120']);
    expect(within(items[0]).getByText('行业新闻1的摘要')).toBeTruthy();
    expect(within(items[0]).getByText('2025-06-01')).toBeTruthy();
    expect(screen.getByText('共 12 篇')).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: '行业新闻' }).getAttribute('aria-current')).toBe('page');

    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(within(pager).getByLabelText('第 1 页，当前页').getAttribute('aria-current')).toBe('page');
    const next = within(pager).getByRole('link', { name: '下一页' });
    expect(next.getAttribute('href')).toBe('/news/hy?page=2');
    fireEvent.click(next);
    expect(await screen.findByRole('link', { name: '行业新闻11' })).toBeTruthy();
    expect(currentHref(router)).toBe('/news/hy?page=2');
    expect(screen.queryByRole('link', { name: '行业新闻1' })).toBeNull();
    expect(articleCalls().filter(([p]) => p === 'article/list')).toEqual([
      ['article/list', { code: 'hy', limit: 10 }],
      ['article/list', { code: 'hy', page: 2, limit: 10 }],
    ]);
  });

  it('opens the page named in the URL and lists company news with their own links', async () => {
    renderRoute('/news/company?page=1');
    const link = await screen.findByRole('link', { name: '成都仓正式启用' }, FIRST_RENDER);
    expect(link.getAttribute('href')).toBe('/news/info/301/company');
    // No cover: a placeholder instead of a broken image, and one page means no pager.
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });

  it('shows a news article: paragraphs, date, views, neighbours and the way back', async () => {
    const { router } = renderRoute('/news/info/202/hy');
    const heading = await screen.findByRole('heading', { level: 1, name: '行业新闻2' }, FIRST_RENDER);
    const articleEl = heading.closest('article')!;
    expect(paragraphTexts(articleEl.querySelector('div')!)).toEqual(['行业新闻2第一段。', '行业新闻2第二段。']);
    expect(within(articleEl).getByText('发布时间：2025-05-31')).toBeTruthy();
    expect(within(articleEl).getByText('浏览：302 次')).toBeTruthy();
    const neighbours = within(articleEl).getByRole('navigation', { name: '上下篇' });
    expect(within(neighbours).getByRole('link', { name: '行业新闻1' }).getAttribute('href')).toBe('/news/info/201/hy');
    expect(within(neighbours).getByRole('link', { name: '行业新闻3' }).getAttribute('href')).toBe('/news/info/203/hy');
    expect(screen.getByRole('link', { name: '返回行业新闻列表' }).getAttribute('href')).toBe('/news/hy');
    expect(within(menu()).getByRole('link', { name: '行业新闻' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(neighbours).getByRole('link', { name: '行业新闻1' }));
    const newest = await screen.findByRole('heading', { level: 1, name: '行业新闻1' });
    expect(currentHref(router)).toBe('/news/info/201/hy');
    expect(within(newest.closest('article')!).getByText('没有了')).toBeTruthy();
  });

  it('answers 文章不存在 for a missing news article', async () => {
    renderRoute('/news/info/999/company');
    expect(await screen.findByText('文章不存在', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回公司新闻' }).getAttribute('href')).toBe('/news/company');
  });
});

describe('privacy policy', () => {
  it('is a static page that needs no request', async () => {
    renderRoute('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: '隐私政策' }, FIRST_RENDER)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(5);
    expect(screen.getByText(/统一社会信用代码/)).toBeTruthy();
    await act(() => Promise.resolve());
    expect(articleCalls()).toEqual([]);
  });
});

describe('article helpers (src/domain/articles.ts)', () => {
  it('splits a plain-text body on blank lines only', () => {
    expect(paragraphs('一\n\n二\r\n\r\n三\n  \n\n四\n仍是四')).toEqual(['一', '二', '三', '四\n仍是四']);
    expect(paragraphs('<b>不是标签</b>')).toEqual(['<b>不是标签</b>']);
    expect(paragraphs('  \n\n ')).toEqual([]);
  });

  it('maps page URLs to category codes and leaves to page URLs', () => {
    expect(categoryCodeForPath('/help')).toBeNull();
    expect(categoryCodeForPath('/help/xrzn/gwzn')).toBe('gwzn');
    expect(categoryCodeForPath('/help/pay/ddzf/')).toBe('ddzf');
    expect(categoryCodeForPath('/news/company')).toBe('company');
    expect(categoryCodeForPath('/news/info/12/hy')).toBe('hy');
    expect(categoryCodeForPath('/news/other')).toBeNull();
    expect(leafHref('zfps', 'ypth')).toBe('/help/zfps/ypth');
    expect(leafHref('news', 'hy')).toBe('/news/hy');
    expect(formatArticleDate(NOW_S)).toBe('2025-06-02');
    expect(formatArticleDate(0)).toBe('');
  });
});
