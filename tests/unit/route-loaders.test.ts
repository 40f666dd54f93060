// Route loaders: the detail route asks for the goods and its activities when it matches, before
// the page's code has loaded; a bad id asks for nothing; the router calls the row's loader.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { articleCategoriesQuery, articleQuery } from '../../src/api/articles';
import { goodsDetailFirstQuery } from '../../src/api/goods';
import { goodsListQuery } from '../../src/api/goods-list';
import { ordersQuery } from '../../src/api/orders';
import { parseListSearch, toGoodsListQuery } from '../../src/domain/list-search';
import { parseOrderSearch } from '../../src/features/orders/order-search-schema';
import { loadFirstScreen } from '../../src/routes/first-screen';
import { goodsListData, loadGoodsDetail, loadHome, searchResultsData } from '../../src/routes/loaders/catalogue';
import { createAppRouter } from '../../src/routes/tree';
import type { RouteDef } from '../../src/routes/types';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

afterEach(() => {
  http.get.mockReset();
  onlineManager.setOnline(true);
});

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

  it('home waits for the carousel only (the flash sale is asked for by the page, below the fold)', async () => {
    http.get.mockResolvedValue([]);
    await loadHome(new QueryClient());
    expect(paths()).toEqual(['focus']);
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
    const shell = {
      header: false,
      loginHeader: false,
      footer: false,
      sideBar: false,
      categoryMenu: false,
      nav: false,
      topRightAd: false,
    };
    const page = () => Promise.resolve({ default: () => null });
    const routes: RouteDef[] = [{ name: 'thing', path: '/thing/$id', title: '物品', shell, page, loader }];
    const queryClient = new QueryClient();
    const router = createAppRouter(
      { queryClient, auth: { isSignedIn: async () => true } as never },
      { routes, history: createMemoryHistory({ initialEntries: ['/thing/42?page=2'] }) },
    );
    await router.load();
    expect(loader).toHaveBeenCalledWith(queryClient, {
      params: expect.objectContaining({ id: '42' }),
      search: { page: 2 },
    });
  });
});

// The manifest's router in this node project runs as on a server (no document): the loaders run
// without a browser, as a later server rendering of first screens will call them.
describe('route loaders through the manifest router', () => {
  // The order and help loaders load on first call: transformed up front, so a loader's 800 ms
  // budget is spent on requests, not on vitest compiling them.
  beforeAll(async () => {
    await Promise.all([import('../../src/routes/loaders/orders'), import('../../src/routes/loaders/help')]);
  });

  const answer = (path: string) =>
    Promise.resolve(
      path === 'goods/activities'
        ? []
        : path.startsWith('goods/detail')
          ? { id: 7, images: [], goods_image: '' }
          : { list: [], total: 0, page: 1, page_size: 20, counts: {} },
    );

  function routerAt(
    href: string,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } }),
  ) {
    const router = createAppRouter(
      { queryClient, auth: { isSignedIn: async () => true } },
      { history: createMemoryHistory({ initialEntries: [href] }) },
    );
    return { router, queryClient };
  }

  const leaf = (router: ReturnType<typeof routerAt>['router']) => router.state.matches.at(-1)!;

  it('fills the cache with the query the page reads, typed from the URL', async () => {
    http.get.mockImplementation(answer);
    const { router, queryClient } = routerAt('/list?category_id=12&page=2&sort=bogus');
    await router.load();
    const key = goodsListQuery(toGoodsListQuery(parseListSearch({ category_id: 12, page: 2 }))).queryKey;
    expect(queryClient.getQueryData(key)).toMatchObject({ total: 0 });
  });

  it("fills a member page's query once the guard let the buyer in", async () => {
    http.get.mockImplementation(answer);
    const { router, queryClient } = routerAt('/order?tab=unpaid&page=2');
    await router.load();
    const key = ordersQuery({ ...parseOrderSearch({ tab: 'unpaid', page: 2 }), kind: 'normal' }).queryKey;
    expect(queryClient.getQueryData(key)).toBeDefined();
  });

  it("a help article's loader, loaded on the route's first call, fills the tree and the article the page reads", async () => {
    http.get.mockImplementation((path: string) =>
      Promise.resolve(path === 'article/category' ? [] : { id: 3, title: '注册' }),
    );
    const { router, queryClient } = routerAt('/help/xrzn/hyzc?id=3');
    await router.load();
    expect(queryClient.getQueryData(articleCategoriesQuery().queryKey)).toEqual([]);
    expect(queryClient.getQueryData(articleQuery(3).queryKey)).toMatchObject({ id: 3 });
  });

  it('offline: starts nothing and resolves, so the page shows its offline state, not an error', async () => {
    onlineManager.setOnline(false);
    const { router, queryClient } = routerAt('/list_info/7');
    await router.load();
    expect(http.get).not.toHaveBeenCalled();
    expect(leaf(router).status).toBe('success');
    expect(queryClient.getQueryState(goodsDetailFirstQuery(7).queryKey)).toBeUndefined();
  });

  it('a failed first query resolves the loader; the failure stays in the query for the page to show', async () => {
    http.get.mockRejectedValue(new ApiError({ code: -1, status: 0, msg: '网络连接失败', data: null, kind: 'network' }));
    const { router, queryClient } = routerAt('/list_info/7');
    await router.load();
    expect(leaf(router).status).toBe('success');
    expect(leaf(router).error).toBeUndefined();
    // The loader waits for the first screen at most 800 ms: on a loaded machine the route's first
    // import alone can take that, and the loader resolves before the refusal has reached the query.
    await vi.waitFor(() => expect(queryClient.getQueryState(goodsDetailFirstQuery(7).queryKey)?.status).toBe('error'));
  });

  it('an unanswered request does not hold the route: the loader stops waiting', async () => {
    http.get.mockReturnValue(new Promise(() => undefined));
    const { router } = routerAt('/list_info/7');
    await router.load();
    expect(leaf(router).status).toBe('success');
  });
});

describe('loadFirstScreen', () => {
  it('resolves whatever the loader does: answers, rejects, throws or never answers', async () => {
    await expect(loadFirstScreen(() => Promise.resolve(1))).resolves.toBeUndefined();
    await expect(loadFirstScreen(() => Promise.reject(new Error('x')))).resolves.toBeUndefined();
    await expect(
      loadFirstScreen(() => {
        throw new Error('sync');
      }),
    ).resolves.toBeUndefined();
    await expect(loadFirstScreen(() => new Promise(() => undefined), 1)).resolves.toBeUndefined();
  });
});
