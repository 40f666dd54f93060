// /star 我的收藏: paginated list with the page in the URL, single and batch removal with the
// SPEC §8 "已取消" toast, add to cart from a row, and the empty state.
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';
import type { GoodsListItem } from '../../src/domain/catalog';
import type { Page } from '../../src/domain/envelope';
import FavoritesPage, { batchCancelConfirm, FAVORITES_EMPTY_TEXT } from '../../src/features/favorites/favorites-page';
import { alert, AlertHost } from '../../src/ui/alert-dialog';
import { toast, ToastViewport } from '../../src/ui/toast';
import { makeGoods } from './goods-fixtures';
import { makeUser } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const PAGE_SIZE = 3;
const NAMES = ['感冒灵颗粒', '布洛芬缓释胶囊', '阿莫西林胶囊', '板蓝根颗粒', '维C银翘片'];
let favourites: GoodsListItem[];

function pageOf(page: number): Page<GoodsListItem> {
  return {
    list: favourites.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total: favourites.length,
    page,
    page_size: PAGE_SIZE,
  };
}

beforeEach(() => {
  favourites = NAMES.map((name, i) => makeGoods({ id: i + 1, name, is_favorite: 1 }));
  http.get.mockImplementation((path: string, params?: { page?: number }) => {
    if (path === 'user/base') return Promise.resolve(makeUser());
    if (path === 'favorite') return Promise.resolve(pageOf(params?.page ?? 1));
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  http.post.mockImplementation((path: string, body: { goods_ids?: number[] }) => {
    if (path === 'favorite/cancel') {
      favourites = favourites.filter((g) => !body.goods_ids?.includes(g.id));
      // Through the local store's write layer, which asks for the envelope.
      return Promise.resolve({ code: 10000, msg: '', data: { count: body.goods_ids?.length ?? 0 } });
    }
    return Promise.reject(new Error(`unexpected POST ${path}`));
  });
});

/** Every favourite write carries an Idempotency-Key (src/local/writes.ts). */
const WRITE_OPTS = { envelope: true, idempotencyKey: expect.any(String) };

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
  http.post.mockReset();
});

function renderPage(initial = '/star') {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <AlertHost />
        <ToastViewport />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/star', component: FavoritesPage }),
    createRoute({ getParentRoute: () => root, path: '$', component: () => null }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [initial] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

const rowNames = () => screen.getAllByRole('link', { name: /颗粒|胶囊|片/ }).map((a) => a.textContent);
const favouriteCalls = () => http.get.mock.calls.filter(([p]) => p === 'favorite').map(([, q]) => q);

describe('favourites page', () => {
  it('lists the page named in the URL and moves between pages through the URL', async () => {
    const { router } = renderPage('/star?page=2');
    expect(await screen.findByRole('link', { name: '板蓝根颗粒' })).toBeTruthy();
    expect(rowNames()).toEqual(['板蓝根颗粒', '维C银翘片']);
    expect(favouriteCalls()).toEqual([{ page: 2 }]);
    expect(screen.getByText('共 5 件商品')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(within(nav).getByLabelText('第 2 页，当前页').getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('link', { name: '上一页' }));
    await waitFor(() => expect(rowNames()).toEqual(['感冒灵颗粒', '布洛芬缓释胶囊', '阿莫西林胶囊']));
    expect(router.state.location.search).toEqual({});
    fireEvent.click(within(screen.getByRole('navigation', { name: '分页' })).getByRole('link', { name: '第 2 页' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
  });

  it('cancels one favourite with the 已取消 toast', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '取消收藏 布洛芬缓释胶囊' }));
    // The first write loads the local store (a dynamic import) before it is sent: under load that
    // takes longer than findBy's 1 s default, so this waits longer (a ceiling, not a timing check).
    expect(await screen.findByText('已取消', undefined, { timeout: 8_000 })).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('favorite/cancel', { goods_ids: [2] }, WRITE_OPTS);
    await waitFor(() => expect(rowNames()).toEqual(['感冒灵颗粒', '阿莫西林胶囊', '板蓝根颗粒']));
  });

  it('cancels the selected favourites in one request after confirmation', async () => {
    renderPage();
    const batch = (await screen.findByRole('button', { name: '批量取消收藏' })) as HTMLButtonElement;
    expect(batch.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 感冒灵颗粒' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 阿莫西林胶囊' }));
    expect(screen.getByText('已选 2 件')).toBeTruthy();
    fireEvent.click(batch);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(batchCancelConfirm(2))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('favorite/cancel', { goods_ids: [1, 3] }, WRITE_OPTS);
    await waitFor(() => expect(rowNames()).toEqual(['布洛芬缓释胶囊', '板蓝根颗粒', '维C银翘片']));
    expect(screen.getByText('已选 0 件')).toBeTruthy();
  });

  it('selects the whole page with 全选', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('checkbox', { name: '全选' }));
    expect(screen.getByText('已选 3 件')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 感冒灵颗粒' }));
    const all = screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
  });

  it('goes back a page when the last favourites of a later page are removed', async () => {
    const { router } = renderPage('/star?page=2');
    await screen.findByRole('link', { name: '板蓝根颗粒' });
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    fireEvent.click(screen.getByRole('button', { name: '批量取消收藏' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(rowNames()).toEqual(['感冒灵颗粒', '布洛芬缓释胶囊', '阿莫西林胶囊']));
  });

  it('adds to cart from a row', async () => {
    renderPage();
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]).getByRole('button', { name: '加入购物车' })).toBeTruthy();
    expect(within(rows[0]).getByRole('spinbutton', { name: '感冒灵颗粒 购买数量' })).toBeTruthy();
  });

  it('a favourite taken off sale is marked 已下架 and offers no add to cart (issue 32)', async () => {
    favourites[1] = { ...favourites[1], off_sale: 1, is_buy: 0 };
    renderPage();
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[1]).getAllByText('已下架').length).toBeGreaterThan(0);
    expect(within(rows[1]).queryByRole('button', { name: '加入购物车' })).toBeNull();
    const blocked = within(rows[1]).getByRole('button', { name: '已下架' }) as HTMLButtonElement;
    expect(blocked.disabled).toBe(true);
    // The others are untouched.
    expect(within(rows[0]).queryByText('已下架')).toBeNull();
    expect(within(rows[0]).getByRole('button', { name: '加入购物车' })).toBeTruthy();
  });

  it('shows an empty state with a way to browse', async () => {
    favourites = [];
    renderPage();
    expect(await screen.findByText(FAVORITES_EMPTY_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去逛逛' }).getAttribute('href')).toBe('/list');
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });
});
