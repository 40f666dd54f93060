// /search and /search/table: the URL's keywords (trimmed) and type reach the list query, matches
// are marked safely (a `<script>` keyword is text), and no results offer tips and hot terms.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from '../../src/routes/types';
import { listCalls, listResult, makeCommon, makeUser, renderRoute, serve } from './catalog-harness';
import { makeGoods } from './goods-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

afterEach(() => {
  http.get.mockReset();
});

const FIRST_RENDER = { timeout: 5_000 };
const enc = encodeURIComponent;

describe('search page', () => {
  it('sends the trimmed keywords and type, and marks them in names and manufacturers', async () => {
    serve(http.get, {
      user: makeUser(),
      list: () =>
        listResult([
          makeGoods({ id: 1, name: '999感冒灵颗粒', sccj: '感冒灵制药厂' }),
          makeGoods({ id: 2, name: '板蓝根颗粒', sccj: '白云山' }),
        ]),
    });
    renderRoute(`/search/table?keywords=${enc('  感冒灵 ')}&type=1`);
    const table = await screen.findByRole('table', { name: '商品列表' }, FIRST_RENDER);
    expect(listCalls(http.get).at(-1)).toEqual({ page: 1, page_size: 20, keywords: '感冒灵', type: 1 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('搜索“感冒灵”');
    const marks = [...table.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['感冒灵', '感冒灵']);
    // The link's accessible name is still the whole name.
    expect(within(table).getByRole('link', { name: '999感冒灵颗粒' })).toBeTruthy();
  });

  it('marks the keywords in the grid view too', async () => {
    serve(http.get, {
      user: makeUser(),
      list: () => listResult([makeGoods({ id: 1, name: '999感冒灵颗粒', sccj: '感冒灵制药厂' })]),
    });
    renderRoute(`/search?keywords=${enc('感冒灵')}&type=1`);
    const link = await screen.findByRole('link', { name: '999感冒灵颗粒' }, FIRST_RENDER);
    expect(link.querySelector('mark')?.textContent).toBe('感冒灵');
  });

  it('treats a <script> keyword as text: marked, never markup', async () => {
    const evil = '<script>alert(1)</script>';
    serve(http.get, {
      user: makeUser(),
      list: () => listResult([makeGoods({ id: 3, name: `${evil}止咳糖浆`, sccj: `<img src=x onerror=alert(1)>` })]),
    });
    const { container } = renderRoute(`/search/table?keywords=${enc(evil)}&type=1`);
    const table = await screen.findByRole('table', { name: '商品列表' }, FIRST_RENDER);
    expect(listCalls(http.get).at(-1)?.keywords).toBe(evil);
    const mark = table.querySelector('mark');
    expect(mark?.textContent).toBe(evil);
    expect(mark?.children).toHaveLength(0);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(evil);
  });

  it('no results: tips, the other search type and the hot terms as search links', async () => {
    serve(http.get, {
      user: makeUser(),
      common: makeCommon({ rnss: ['感冒灵', '阿莫西林', '布洛芬'] }),
      list: () => listResult([], { total: 0 }),
    });
    renderRoute(`/search?keywords=${enc('xyzq')}&type=1`);
    expect(await screen.findByText('没有找到符合条件的商品', undefined, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByText(/拼音首字母/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '改为按生产厂家搜索“xyzq”' }).getAttribute('href')).toBe(
      `/search?keywords=xyzq&type=2`,
    );
    const hot = await screen.findByRole('heading', { name: '热门搜索' });
    const links = within(hot.parentElement!).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['感冒灵', `/search?keywords=${enc('感冒灵')}&type=1`],
      ['阿莫西林', `/search?keywords=${enc('阿莫西林')}&type=1`],
      ['布洛芬', `/search?keywords=${enc('布洛芬')}&type=1`],
    ]);
  });

  it('a hot term searches for it', async () => {
    serve(http.get, {
      user: makeUser(),
      list: (q) =>
        listResult(q.keywords === '布洛芬' ? [makeGoods({ id: 9, name: '布洛芬缓释胶囊' })] : [], {
          total: q.keywords === '布洛芬' ? 1 : 0,
        }),
    });
    const { router } = renderRoute(`/search?keywords=${enc('无此药')}&type=2`);
    fireEvent.click(await screen.findByRole('link', { name: '布洛芬' }, FIRST_RENDER));
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('keywords')).toBe('布洛芬'));
    expect(await screen.findByRole('link', { name: '布洛芬缓释胶囊' })).toBeTruthy();
    expect(listCalls(http.get).at(-1)).toMatchObject({ keywords: '布洛芬', type: 1 });
  });

  it('without keywords it asks for one and queries nothing', async () => {
    serve(http.get, { user: makeUser() });
    renderRoute('/search?keywords=%20%20');
    expect(await screen.findByText('请输入要搜索的药品名称或生产厂家', undefined, FIRST_RENDER)).toBeTruthy();
    expect(listCalls(http.get)).toHaveLength(0);
  });

  it('the view tabs keep the keywords', async () => {
    serve(http.get, { user: makeUser(), list: () => listResult([makeGoods({ id: 1 })]) });
    const { router } = renderRoute(`/search?keywords=${enc('感冒灵')}&type=2&in_stock=1`);
    await screen.findByRole('link', { name: '感冒灵颗粒' }, FIRST_RENDER);
    fireEvent.click(within(screen.getByRole('navigation', { name: '显示方式' })).getByRole('link', { name: '列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/table'));
    const params = new URLSearchParams(router.state.location.searchStr);
    expect([params.get('keywords'), params.get('type'), params.get('in_stock')]).toEqual(['感冒灵', '2', '1']);
  });
  it('while the next search is pending, the results shown keep the marks of the search that found them', async () => {
    let answerNext: (() => void) | null = null;
    serve(http.get, {
      user: makeUser(),
      list: (q) => {
        const found = listResult([makeGoods({ id: 1, name: '999感冒灵颗粒', sccj: '华润三九' })]);
        if (q.keywords === '感冒') return found;
        // The second search's answer waits until the test lets it through.
        return new Promise((resolve) => {
          answerNext = () => resolve(listResult([makeGoods({ id: 2, name: '板蓝根颗粒', sccj: '白云山' })]));
        }) as unknown as ReturnType<typeof listResult>;
      },
    });
    const { router } = renderRoute(`/search?keywords=${enc('感冒')}&type=1`);
    const first = await screen.findByRole('link', { name: '999感冒灵颗粒' }, FIRST_RENDER);
    expect(first.querySelector('mark')?.textContent).toBe('感冒');
    await router.navigate({ href: `/search?keywords=${enc('颗粒')}&type=1` });
    await waitFor(() => expect(answerNext).not.toBeNull());
    // The previous answer is still on screen: marked as found, not with the keywords still being searched.
    const kept = screen.getByRole('link', { name: '999感冒灵颗粒' });
    expect([...kept.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['感冒']);
    answerNext!();
    const next = await screen.findByRole('link', { name: '板蓝根颗粒' });
    expect(next.querySelector('mark')?.textContent).toBe('颗粒');
  });

  it('a later search draws its whole page of tiles in order (the first rows first, the rest right after)', async () => {
    const page = (prefix: string, from: number) =>
      Array.from({ length: 20 }, (_, i) => makeGoods({ id: from + i, name: `${prefix}${i + 1}号` }));
    serve(http.get, {
      user: makeUser(),
      list: (q) => listResult(q.keywords === '甲' ? page('甲', 1) : page('乙', 101), { total: 20 }),
    });
    const { router, container } = renderRoute(`/search?keywords=${enc('甲')}&type=1`);
    await screen.findByRole('link', { name: '甲20号' }, FIRST_RENDER);
    await router.navigate({ href: `/search?keywords=${enc('乙')}&type=1` });
    await screen.findByRole('link', { name: '乙20号' });
    const names = [...container.querySelectorAll('article h3 a')].map((a) => a.textContent);
    expect(names).toEqual(Array.from({ length: 20 }, (_, i) => `乙${i + 1}号`));
  });
});
