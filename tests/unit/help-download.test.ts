// The help centre is read for offline use with the same URLs the pages ask for (the worker caches
// by URL), every article once, and stops when cancelled; the outcome text names the articles.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadHelpCentre } from '../../src/api/articles';
import { downloadOutcomeText } from '../../src/features/favorites/catalogue-download';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const TREE = [
  {
    id: 4,
    name: '新手指南',
    code: 'xrzn',
    children: [
      { id: 5, name: '会员注册', code: 'hyzc' },
      { id: 6, name: '购物指南', code: 'gwzn' },
    ],
  },
  { id: 20, name: '新闻资讯', code: 'news', children: [{ id: 21, name: '行业新闻', code: 'hy' }] },
];
const LISTS: Record<string, number[]> = { '5': [101], '6': [102], hy: [201, 202] };

beforeEach(() => {
  http.get.mockReset();
  http.get.mockImplementation((path: string, query?: Record<string, unknown>) => {
    if (path === 'article/category') return Promise.resolve(TREE);
    if (path === 'article/list') {
      const key = String(query?.category_id ?? query?.code);
      return Promise.resolve({ list: (LISTS[key] ?? []).map((id) => ({ id })), total: 0, page: 1, limit: 10 });
    }
    const m = /^article\/(\d+)$/.exec(path);
    if (m) return Promise.resolve({ id: Number(m[1]) });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});

describe('downloadHelpCentre', () => {
  it('reads the tree, each list as its page does, then every article once', async () => {
    expect(await downloadHelpCentre()).toBe(4);
    const calls = http.get.mock.calls.map(([p, q]) => [p, q]);
    expect(calls).toEqual([
      ['article/category', { category_id: 3 }],
      // Help leaves: as the help page asks (all of the leaf); news: the list page's first page.
      ['article/list', { category_id: 5, limit: 50 }],
      ['article/list', { category_id: 6, limit: 50 }],
      ['article/list', { code: 'hy', limit: 10 }],
      ['article/101', undefined],
      ['article/102', undefined],
      ['article/201', undefined],
      ['article/202', undefined],
    ]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await downloadHelpCentre(controller.signal)).toBe(0);
    expect(http.get.mock.calls.filter(([p]) => String(p).startsWith('article/list'))).toEqual([]);
  });
});

describe('downloadOutcomeText', () => {
  it('adds the help articles to a finished download', () => {
    expect(downloadOutcomeText({ goods: 12, bytes: 1024 * 1024, stoppedBy: 'done' }, 25).text).toBe(
      '下载完成：已保存 12 件商品（1.0 MB），离线时可浏览和搜索；帮助中心文章 25 篇',
    );
    expect(downloadOutcomeText({ goods: 12, bytes: 0, stoppedBy: 'cancelled' }).text).toBe(
      '已取消：已保存的 12 件商品仍可离线使用',
    );
    expect(downloadOutcomeText(null).tone).toBe('warn');
  });
});
