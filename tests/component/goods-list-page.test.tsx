// The goods list screen (/list, /list/table, /list/no_image, /list/other/:id/:name) through the
// real router: filters and views live in the URL and reach GET /api/goods/list; pagination; the
// dense table's pharmacy columns; empty and error states.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { RouteDef } from '../../src/routes/types';
import { currentHref, listCalls, listResult, makeUser, renderRoute, serve } from './catalog-harness';
import { makeGoods } from './goods-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const GOODS = [
  makeGoods({ id: 7 }),
  makeGoods({
    id: 8,
    name: '阿莫西林胶囊',
    approval_no: '国药准字H44021351',
    expires_on: '2020-01-31',
    is_jxq: 1,
    number: 0,
    batch_no: 'B-88',
  }),
];

beforeEach(() => {
  serve(http.get, { user: makeUser(), list: () => listResult(GOODS) });
});

afterEach(() => {
  http.get.mockReset();
});

const lastQuery = () => listCalls(http.get).at(-1);
const search = (router: ReturnType<typeof renderRoute>['router']) =>
  new URLSearchParams(router.state.location.searchStr);

describe('goods list page', () => {
  it('reads category_id from the URL the category menu produces and shows the breadcrumb and tiles', async () => {
    renderRoute('/list?category_id=12');
    // The first render also compiles the lazy page chunk.
    expect(await screen.findByRole('heading', { level: 1, name: '感冒颗粒' }, { timeout: 5_000 })).toBeTruthy();
    expect(lastQuery()).toEqual({ page: 1, page_size: 20, category_id: 12 });
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['全部商品', '西药', '感冒用药', '感冒颗粒']);
    await screen.findByRole('link', { name: '阿莫西林胶囊' });
    expect(screen.getByText('共', { exact: false }).textContent).toContain('2');
  });

  it('switches views by path and keeps every filter in the URL', async () => {
    const { router } = renderRoute('/list?category_id=12&tags=优&sort=sales&page=2');
    await screen.findByRole('link', { name: '感冒灵颗粒' });
    const views = screen.getByRole('navigation', { name: '显示方式' });
    expect(within(views).getByRole('link', { name: '大图' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(views).getByRole('link', { name: '列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/table'));
    expect(currentHref(router)).toBe(`/list/table?category_id=12&tags=${encodeURIComponent('优')}&sort=sales&page=2`);
    await screen.findByRole('table', { name: '商品列表' });

    fireEvent.click(within(screen.getByRole('navigation', { name: '显示方式' })).getByRole('link', { name: '无图' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list/no_image'));
    expect(search(router).get('category_id')).toBe('12');
    expect(search(router).get('sort')).toBe('sales');
    // Same query, different view: the list is not refetched.
    expect(listCalls(http.get).every((q) => q.category_id === 12 && q.tags === '优' && q.page === 2)).toBe(true);
  });

  it('a filter click updates the URL (back to page 1) and the query', async () => {
    const { router } = renderRoute('/list?category_id=12&page=3');
    await screen.findByRole('link', { name: '感冒灵颗粒' });
    const makers = screen.getByRole('group', { name: '生产厂家' });
    fireEvent.click(within(makers).getByRole('link', { name: /广州白云山制药/ }));
    await waitFor(() => expect(search(router).get('manufacturer_id')).toBe('32'));
    expect(search(router).get('page')).toBeNull();
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, page_size: 20, category_id: 12, manufacturer_id: 32 }));
    expect(
      within(screen.getByRole('group', { name: '生产厂家' }))
        .getByRole('link', { name: /广州白云山制药/ })
        .getAttribute('aria-current'),
    ).toBe('true');

    fireEvent.click(within(screen.getByRole('group', { name: '商品标签' })).getByRole('link', { name: '新' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ manufacturer_id: 32, tags: '新' }));

    fireEvent.click(within(screen.getByRole('navigation', { name: '排序' })).getByRole('link', { name: /价格/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'price_asc' }));

    fireEvent.change(screen.getByLabelText('最低价（元）'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('最高价（元）'), { target: { value: '20.5' } });
    fireEvent.click(within(screen.getByRole('form', { name: '价格区间' })).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ price_min: 1000, price_max: 2050 }));
    expect(search(router).get('price_min')).toBe('10');

    fireEvent.click(screen.getByRole('checkbox', { name: '仅看有货' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ in_stock: 1 }));

    // The summary removes one filter at a time.
    fireEvent.click(screen.getByRole('link', { name: /取消 标签：新/ }));
    await waitFor(() => expect(search(router).get('tags')).toBeNull());
    expect(lastQuery()?.tags).toBeUndefined();
  });

  it('paginates through links and the jump box; the page lives in the URL', async () => {
    serve(http.get, { user: makeUser(), list: (q) => listResult(GOODS, { total: 95, page: q.page ?? 1 }) });
    const { router } = renderRoute('/list');
    const pager = await screen.findByRole('navigation', { name: '分页' });
    expect(within(pager).getByText('共 5 页，')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('link', { name: '第 3 页' }));
    await waitFor(() => expect(search(router).get('page')).toBe('3'));
    await waitFor(() => expect(lastQuery()?.page).toBe(3));
    expect(within(screen.getByRole('navigation', { name: '分页' })).getByLabelText('第 3 页，当前页')).toBeTruthy();

    const jump = within(screen.getByRole('navigation', { name: '分页' })).getByLabelText('到第');
    fireEvent.change(jump, { target: { value: '99' } });
    fireEvent.submit(jump.closest('form')!);
    // Past the last page: the jump lands on the last one.
    await waitFor(() => expect(search(router).get('page')).toBe('5'));
    await waitFor(() => expect(lastQuery()?.page).toBe(5));
  });

  it('the table view shows 批准文号, expiry (近效期 marked), batch, stock and an add control per row', async () => {
    renderRoute('/list/table');
    const table = await screen.findByRole('table', { name: '商品列表' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['商品名称', '规格', '生产厂家', '批准文号', '效期', '库存', '单价', '采购数量']);
    // Direct rows only: the ladder tooltip holds a table of its own.
    const rows = [...table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr')];
    expect(rows).toHaveLength(2);
    const amox = rows[1];
    expect(amox.querySelector(':scope > th[scope="row"]')?.textContent).toContain('阿莫西林胶囊');
    expect(amox.textContent).toContain('国药准字H44021351');
    expect(amox.textContent).toContain('2020-01-31');
    expect(within(amox).getByText('近效期')).toBeTruthy();
    expect(amox.textContent).toContain('批号 B-88');
    expect(within(amox).getAllByText('缺货').length).toBeGreaterThan(0);
    // In stock: a quantity stepper and 加入购物车; the ladder is one focus away.
    const first = rows[0];
    expect(within(first).getByRole('button', { name: /加入购物车/ })).toBeTruthy();
    expect(within(first).getByLabelText('感冒灵颗粒 购买数量', { exact: false })).toBeTruthy();
    expect(within(first).getByRole('tooltip', { hidden: true }).textContent).toContain('阶梯价');
    expect(first.textContent).toContain('国药准字Z44021940');
  });

  it('the phone sheet: 筛选 counts the filters in force, opens the rows, filters behind it and shows the matches', async () => {
    const { router } = renderRoute('/list?category_id=12&tags=新');
    await screen.findByRole('link', { name: '感冒灵颗粒' });
    // The sheet's rows mount only while it is open: one set of chip links in the page.
    expect(screen.getAllByRole('group', { name: '生产厂家' })).toHaveLength(1);
    const opener = screen.getByRole('button', { name: /^筛选/ });
    expect(opener.textContent).toBe('筛选1');
    fireEvent.click(opener);
    const sheet = await screen.findByRole('dialog', { name: '筛选' });
    fireEvent.click(
      within(within(sheet).getByRole('group', { name: '生产厂家' })).getByRole('link', { name: /广州白云山制药/ }),
    );
    await waitFor(() => expect(search(router).get('manufacturer_id')).toBe('32'));
    // Still open for the next choice; its close button says how many goods match.
    const done = await within(screen.getByRole('dialog', { name: '筛选' })).findByRole('button', {
      name: '查看 2 件商品',
    });
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /^筛选/ }).textContent).toBe('筛选2');
    // The active filters stay above the goods as removable chips.
    const chosen = screen.getByRole('group', { name: '已选条件' });
    expect(within(chosen).getByRole('link', { name: /取消 厂家：/ })).toBeTruthy();
    expect(within(chosen).getByRole('link', { name: '取消 标签：新' })).toBeTruthy();
  });

  it('shows the empty state with a way to clear the filters', async () => {
    serve(http.get, { user: makeUser(), list: () => listResult([], { total: 0 }) });
    const { router } = renderRoute('/list?category_id=12&in_stock=1&tags=赠');
    expect(await screen.findByText('没有找到符合条件的商品')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '清除筛选条件' }));
    await waitFor(() => expect(currentHref(router)).toBe('/list?category_id=12'));
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    serve(http.get, {
      user: makeUser(),
      list: () => {
        if (fail) throw new ApiError({ code: 500, status: 500, msg: '系统繁忙，请稍候再试', data: null });
        return listResult(GOODS);
      },
    });
    renderRoute('/list');
    expect(await screen.findByText('商品列表加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('link', { name: '感冒灵颗粒' })).toBeTruthy();
  });

  it('/list/other/:id/:name lists that category under its name and offers the views by param', async () => {
    const { router } = renderRoute(`/list/other/11/${encodeURIComponent('感冒专区')}`);
    expect(await screen.findByRole('heading', { level: 1, name: '感冒专区' })).toBeTruthy();
    expect(lastQuery()).toMatchObject({ category_id: 11 });
    // The toolbar appears with the first results (list-screen.tsx: no rows growing above them).
    fireEvent.click(
      within(await screen.findByRole('navigation', { name: '显示方式' })).getByRole('link', { name: '列表' }),
    );
    await waitFor(() => expect(search(router).get('view')).toBe('table'));
    expect(decodeURIComponent(router.state.location.pathname)).toBe('/list/other/11/感冒专区');
    await screen.findByRole('table', { name: '商品列表' });
  });
});
