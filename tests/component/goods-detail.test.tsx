// The goods detail pages (/list/info/:id, /list/info-pt/:id): the facts a buyer checks, 近效期
// highlighting, the 含麻黄碱 notice, the friendly 404 state, favourites (SPEC §8) and group buy.
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
import { ApiError } from '../../src/domain/api-error';
import { createQueryClient } from '../../src/app/query-client';
import { SITE_TITLE } from '../../src/domain/constants';
import type { GoodsActivity, GoodsDetail } from '../../src/domain/catalog';
import type { UserBase } from '../../src/domain/user';
import GoodsDetailPage from '../../src/features/goods-detail/goods-detail-page';
import GroupBuyDetailPage from '../../src/features/goods-detail/group-buy-page';
import { parseGoodsId } from '../../src/features/goods-detail/use-goods-id';
import { alert, AlertHost } from '../../src/ui/alert-dialog';
import { toast, ToastViewport } from '../../src/ui/toast';
import { makeDetail } from './goods-fixtures';
import { makeUser } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const NOT_FOUND = new ApiError({ code: 404, status: 404, msg: '商品不存在或已下架' });

interface Backend {
  user: UserBase | null;
  detail: GoodsDetail | ApiError;
  activities: GoodsActivity[];
  /** The server's clock (seconds) in GET focus/common; absent = that call fails. */
  serverNow?: number;
}

let backend: Backend;

beforeEach(() => {
  backend = { user: makeUser(), detail: makeDetail(), activities: [] };
  http.get.mockImplementation((path: string) => {
    if (path === 'user/base') {
      return backend.user
        ? Promise.resolve(backend.user)
        : Promise.reject(new ApiError({ code: 10001, status: 401, msg: '请登录' }));
    }
    if (path.startsWith('goods/detail/')) {
      return backend.detail instanceof ApiError ? Promise.reject(backend.detail) : Promise.resolve(backend.detail);
    }
    if (path === 'goods/activities') return Promise.resolve(backend.activities);
    if (path === 'focus/common' && backend.serverNow !== undefined) {
      return Promise.resolve({
        rnss: [],
        nav: [],
        category: [],
        category_yx: [],
        category_zy: [],
        category_qx: [],
        brand: [],
        timestamp: backend.serverNow,
      });
    }
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  // Favourite writes go through the local store's write layer, which asks for the envelope.
  http.post.mockResolvedValue({ code: 10000, msg: '', data: null });
});

/** Every favourite and cart write carries an Idempotency-Key (src/local/writes.ts). */
const WRITE_OPTS = { envelope: true, idempotencyKey: expect.any(String) };

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
  http.post.mockReset();
});

function renderDetail(initial: string) {
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
    createRoute({ getParentRoute: () => root, path: '/list/info/$id', component: GoodsDetailPage }),
    createRoute({ getParentRoute: () => root, path: '/list_info/$id', component: GoodsDetailPage }),
    createRoute({ getParentRoute: () => root, path: '/list/info-pt/$id', component: GroupBuyDetailPage }),
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
  return { router, queryClient };
}

/** The <dd> of a fact row by its label. */
function fact(label: string): HTMLElement {
  const dt = screen.getAllByText(label).find((el) => el.tagName === 'DT');
  if (!dt?.nextElementSibling) throw new Error(`no fact ${label}`);
  return dt.nextElementSibling as HTMLElement;
}

describe('goods detail', () => {
  it('renders what a buyer checks before ordering', async () => {
    backend.user = makeUser({ quality_inspection: { quality_inspection_url: 'https://zj.example.com/r/7', msg: '' } });
    backend.detail = makeDetail({
      common_name: '感冒灵',
      mid_pack_strict: 1,
      is_dpby: 1,
      qg_number: 20,
      is_free_shipping: 1,
      purchase_limit: 200,
    });
    backend.activities = [
      {
        id: 5,
        kind: 'manjian',
        name: '春季满减',
        description: '',
        starts_at: 1_700_000_000,
        ends_at: 4_102_444_800,
        rules: ['满1000减50', '满3000减200'],
      },
    ];
    renderDetail('/list/info/7');
    expect(await screen.findByRole('heading', { level: 1, name: /感冒灵颗粒/ })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`感冒灵颗粒 - ${SITE_TITLE}`));
    expect(screen.getByText('通用名：感冒灵')).toBeTruthy();
    expect(fact('规格').textContent).toBe('10g*9袋');
    const maker = within(fact('生产厂家')).getByRole('link', { name: '华润三九医药股份有限公司' });
    expect(maker.getAttribute('href')).toBe(
      `/search?keywords=${encodeURIComponent('华润三九医药股份有限公司')}&type=2`,
    );
    expect(fact('批准文号').textContent).toBe('国药准字Z44021940');
    expect(fact('批号').textContent).toBe('2405012');
    expect(fact('有效期至').textContent).toBe('2099-04-30');
    expect(fact('中包装').textContent).toBe('10盒按中包装购买');
    expect(fact('件装量').textContent).toBe('200盒');
    expect(fact('库存').textContent).toBe('库存充足');
    // Price, retail price and the ladder with the step in force for the starting quantity (10 boxes).
    expect(screen.getAllByText('12.50', { exact: false })[0].textContent).toBe('¥12.50/盒');
    expect(screen.getByText('¥19.80')).toBeTruthy();
    const current = [...document.querySelectorAll('td[data-current]')].map((td) => td.textContent);
    expect(current).toEqual(['10-49盒', '¥12.00（当前）']);
    expect(screen.getByText('春季满减：满1000减50，满3000减200')).toBeTruthy();
    const notices = within(screen.getByRole('list', { name: '购买须知' }));
    expect(notices.getByText('包邮')).toBeTruthy();
    expect(notices.getByText('单品满20盒包邮')).toBeTruthy();
    expect(notices.getByText('每单限购200盒')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看质检报告' }).getAttribute('href')).toBe('https://zj.example.com/r/7');
    expect(screen.getByRole('button', { name: '加入购物车' })).toBeTruthy();
    expect(screen.getByText('密封，置阴凉干燥处。')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '当前位置' }).textContent).toContain('感冒用药');
  });

  it('raising the quantity moves the ladder highlight', async () => {
    renderDetail('/list_info/7');
    const input = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '60' } });
    await waitFor(() =>
      expect([...document.querySelectorAll('td[data-current]')].map((td) => td.textContent)).toEqual([
        '≥50盒',
        '¥11.50（当前）',
      ]),
    );
  });

  it('highlights a goods expiring within 6 months as 近效期, and shows the out-of-stock state', async () => {
    const soon = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    backend.detail = makeDetail({ expires_on: soon, number: 0 });
    renderDetail('/list/info/7');
    await screen.findByRole('heading', { level: 1 });
    const expiry = fact('有效期至');
    expect(expiry.querySelector('[data-near-expiry]')).not.toBeNull();
    expect(within(expiry).getByText('近效期')).toBeTruthy();
    expect(fact('库存').textContent).toBe('缺货');
    expect((screen.getByRole('button', { name: '缺货' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('flags is_jxq goods as 近效期 whatever the date', async () => {
    backend.detail = makeDetail({ is_jxq: 1 });
    renderDetail('/list/info/7');
    await screen.findByRole('heading', { level: 1 });
    expect(within(fact('有效期至')).getByText('近效期')).toBeTruthy();
  });

  it('states the 含麻黄碱 rule with its per-order limit', async () => {
    backend.detail = makeDetail({ is_ephedrine: 1, ephedrine_limit: 5 });
    renderDetail('/list/info/7');
    expect(await screen.findByText('本品含麻黄碱类成分，每单限购5盒，需登记购药人信息')).toBeTruthy();
  });

  it('shows 商品不存在或已下架 for a 404 instead of the global alert', async () => {
    backend.detail = NOT_FOUND;
    renderDetail('/list/info/999999');
    expect(await screen.findByRole('heading', { name: '商品不存在或已下架' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '浏览全部商品' }).getAttribute('href')).toBe('/list');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('treats a malformed id as not found without asking the server', async () => {
    renderDetail('/list/info/abc');
    expect(await screen.findByRole('heading', { name: '商品不存在或已下架' })).toBeTruthy();
    expect(http.get.mock.calls.some(([p]) => String(p).startsWith('goods/detail'))).toBe(false);
    expect(parseGoodsId('12')).toBe(12);
    expect(parseGoodsId('0')).toBeNull();
    expect(parseGoodsId('99999999999')).toBeNull();
  });

  it('works with a long name and no image', async () => {
    const name = '复方氨酚烷胺片（超长名称测试）'.repeat(6);
    backend.detail = makeDetail({ name, images: [], goods_image: '' });
    renderDetail('/list/info/7');
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(name.slice(0, 10)) })).toBeTruthy();
    expect(screen.getAllByRole('img', { name }).every((el) => el.tagName === 'SPAN')).toBe(true);
  });

  it('favourite: add shows 收藏成功 with 查看我的收藏, which opens /star', async () => {
    const { router } = renderDetail('/list/info/7');
    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('收藏成功')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('favorite', { goods_ids: [7] }, WRITE_OPTS);
    fireEvent.click(within(dialog).getByRole('button', { name: '查看我的收藏' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/star'));
  });

  it('favourite: cancel shows the 已取消 toast', async () => {
    backend.detail = makeDetail({ is_favorite: 1 });
    renderDetail('/list/info/7');
    const button = await screen.findByRole('button', { name: '已收藏' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    backend.detail = makeDetail({ is_favorite: 0 });
    fireEvent.click(button);
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('favorite/cancel', { goods_ids: [7] }, WRITE_OPTS);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '收藏' }).getAttribute('aria-pressed')).toBe('false'),
    );
  });

  it('favourite: a visitor is sent to sign in', async () => {
    backend.user = null;
    backend.detail = makeDetail({ price: null, base_price: null, ladder_price: [] });
    const { router, queryClient } = renderDetail('/list/info/7');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(queryClient.getQueryState(['user', 'base'])?.status).toBe('error'));
    expect(screen.getByText('登录后可见')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '收藏' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/list/info/7' });
  });
});

describe('group-buy detail', () => {
  const group = (over: Partial<GoodsActivity> & Record<string, unknown> = {}): GoodsActivity =>
    ({
      id: 9,
      kind: 'group',
      name: '三家拼团',
      description: '',
      starts_at: Math.floor(Date.now() / 1000) - 3600,
      ends_at: Math.floor(Date.now() / 1000) + 2 * 86_400,
      rules: ['3家成团', '24小时内未成团自动退款'],
      ...over,
    }) as GoodsActivity;

  it('shows the running group buy with its price and progress when the server sends them', async () => {
    backend.activities = [group({ price: 1000, group_size: 3, joined: 2 })];
    renderDetail('/list/info-pt/7');
    const panel = await screen.findByRole('region', { name: '拼团活动' });
    expect(within(panel).getByText('三家拼团')).toBeTruthy();
    expect(within(panel).getByText('¥10.00')).toBeTruthy();
    expect(within(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('67');
    expect(within(panel).getByText(/距结束/)).toBeTruthy();
    expect(within(panel).getByText('3家成团；24小时内未成团自动退款')).toBeTruthy();
  });

  it('falls back to the normal detail without a running group buy', async () => {
    backend.activities = [group({ ends_at: Math.floor(Date.now() / 1000) - 60 })];
    renderDetail('/list/info-pt/7');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: '拼团活动' })).toBeNull();
    expect(screen.getByText(/没有进行中的拼团活动/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '加入购物车' })).toBeTruthy();
  });

  it('joins the group: the add control sends a group line (type 2) within the per-company cap', async () => {
    backend.activities = [group({ price: 1000, group_size: 30, joined: 12, per_company_limit: 20 })];
    renderDetail('/list/info-pt/7');
    expect(await screen.findByText(/先按会员价下单/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        'cart',
        { params: [expect.objectContaining({ goods_id: 7, type: 2 })] },
        WRITE_OPTS,
      ),
    );
  });

  it('links a normal detail page to its group buy', async () => {
    backend.activities = [group()];
    renderDetail('/list/info/7');
    expect((await screen.findByRole('link', { name: '去拼团' })).getAttribute('href')).toBe('/list/info-pt/7');
  });

  it('links a goods that belongs to a combination to the dialog of that combination on /zhzq', async () => {
    backend.activities = [
      {
        id: 12,
        kind: 'combination',
        name: '感冒护理组合',
        description: '',
        starts_at: 1_700_000_000,
        ends_at: 4_102_444_800,
        rules: ['组合购买享组合价'],
      },
    ];
    renderDetail('/list/info/7');
    expect((await screen.findByRole('link', { name: '查看组合' })).getAttribute('href')).toBe('/zhzq?id=12');
  });
});

describe('flash sale on the detail', () => {
  const flash = (over: Partial<GoodsActivity> = {}): GoodsActivity => ({
    id: 11,
    kind: 'flash',
    name: '10:00场 限时秒杀',
    description: '',
    starts_at: Math.floor(Date.now() / 1000) - 600,
    ends_at: Math.floor(Date.now() / 1000) + 3_600,
    rules: ['秒杀时段 10:00-14:00'],
    price: 700,
    per_company_limit: 5,
    remaining: 40,
    ...over,
  });

  it('adds at the flash price as a flash line (type 1) while the sale runs', async () => {
    backend.activities = [flash()];
    renderDetail('/list/info/7');
    expect(await screen.findByText('¥7.00')).toBeTruthy();
    expect(screen.getByText('每家限购5盒')).toBeTruthy();
    expect(screen.getByText(/距结束 0?0?:?\d/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        'cart',
        { params: [expect.objectContaining({ goods_id: 7, type: 1, price: 700 })] },
        WRITE_OPTS,
      ),
    );
  });

  it('runs on the server clock: a sale the device clock calls not started yet runs when the server says so', async () => {
    const deviceNow = Math.floor(Date.now() / 1000);
    // The device is two hours behind the server; the sale began an hour ago by the server's clock.
    backend.serverNow = deviceNow + 7_200;
    backend.activities = [flash({ starts_at: deviceNow + 3_600, ends_at: deviceNow + 10_800 })];
    renderDetail('/list/info/7');
    expect(await screen.findByText('¥7.00')).toBeTruthy();
    // About an hour left by the server's clock (the device's would say three).
    expect(screen.getByText(/距结束 (01:00:0\d|00:59:\d\d)/)).toBeTruthy();
  });

  it('adds a normal line once the sale has ended', async () => {
    backend.activities = [flash({ ends_at: Math.floor(Date.now() / 1000) - 1 })];
    renderDetail('/list/info/7');
    fireEvent.click(await screen.findByRole('button', { name: '加入购物车' }));
    expect(screen.queryByText('¥7.00')).toBeNull();
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        'cart',
        { params: [expect.objectContaining({ goods_id: 7, type: 0 })] },
        WRITE_OPTS,
      ),
    );
  });
});
