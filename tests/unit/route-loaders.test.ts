// Route loaders: the detail route asks for the goods and its activities when it matches, before
// the page's code has loaded; a bad id asks for nothing; the router calls the row's loader.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goodsListData, loadGoodsDetail, loadHome, searchResultsData } from '../../src/routes/loaders/catalogue';
import { createAppRouter } from '../../src/routes/tree';
import type { RouteDef } from '../../src/routes/types';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/client')>()),
  http,
}));

afterEach(() => http.get.mockReset());

const paths = () => http.get.mock.calls.map(([p]) => p);

describe('route loaders', () => {
  it('the goods detail starts the detail and activities queries under the page keys', async () => {
    http.get.mockImplementation((path: string) =>
      Promise.resolve(path === 'goods/activities' ? [] : { id: 7, images: [], goods_image: '' }),
    );
    const queryClient = new QueryClient();
    void loadGoodsDetail(queryClient, { params: { id: '7' }, search: {} });
    await vi.waitFor(() => expect(paths()).toEqual(['goods/detail/7', 'goods/activities']));
    await vi.waitFor(() => expect(queryClient.getQueryData(['goods', 'detail', 7])).toMatchObject({ id: 7 }));
  });

  it('asks nothing for an id that is not one', () => {
    void loadGoodsDetail(new QueryClient(), { params: { id: 'abc' }, search: {} });
    void loadGoodsDetail(new QueryClient(), { params: { id: '0' }, search: {} });
    expect(http.get).not.toHaveBeenCalled();
  });

  it('home asks for the carousel and the flash sale', async () => {
    http.get.mockResolvedValue([]);
    void loadHome(new QueryClient());
    await vi.waitFor(() => expect(paths().sort()).toEqual(['focus', 'index/spike']));
  });

  it('a list asks for the list the page will show; search only with keywords', async () => {
    http.get.mockResolvedValue({ list: [], total: 0, page: 1, page_size: 20 });
    const queryClient = new QueryClient();
    void goodsListData.loader(queryClient, { params: {}, search: { category_id: 12, page: 2, sort: 'sales' } });
    await vi.waitFor(() => expect(http.get).toHaveBeenCalledTimes(1));
    expect(http.get.mock.calls[0][0]).toBe('goods/list');
    expect(http.get.mock.calls[0][1]).toMatchObject({ category_id: 12, page: 2, sort: 'sales' });
    void searchResultsData.loader(queryClient, { params: {}, search: {} });
    void searchResultsData.loader(queryClient, { params: {}, search: { keywords: 'gml' } });
    await vi.waitFor(() => expect(http.get).toHaveBeenCalledTimes(2));
    expect(http.get.mock.calls[1][1]).toMatchObject({ keywords: 'gml' });
  });

  it('the router runs a row loader with the matched params', async () => {
    const loader = vi.fn(() => Promise.resolve());
    const shell = { header: false, loginHeader: false, footer: false, sideBar: false, categoryMenu: false, nav: false, topRightAd: false };
    const page = () => Promise.resolve({ default: () => null });
    const routes: RouteDef[] = [{ name: 'thing', path: '/thing/$id', title: '物品', shell, page, loader }];
    const queryClient = new QueryClient();
    const router = createAppRouter(
      { queryClient, auth: { isSignedIn: async () => true } as never },
      { routes, history: createMemoryHistory({ initialEntries: ['/thing/42?page=2'] }) },
    );
    await router.load();
    expect(loader).toHaveBeenCalledWith(queryClient, { params: expect.objectContaining({ id: '42' }), search: { page: 2 } });
  });
});
