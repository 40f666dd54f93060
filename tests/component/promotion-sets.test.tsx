// /jfsc 积分商城 and /zhzq 组合购: the exchange dialog's cost and refusal (the shared rule), the
// exchange request with its Idempotency-Key and the refreshed points; a combination card's set
// price and saving, and its add as one kind-3 cart line.
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';
import { ApiError } from '../../src/domain/api-error';
import type { CombinationView } from '../../src/domain/combinations';
import type { PointsMallView } from '../../src/domain/points-mall';
import PointsMallPage from '../../src/features/points-mall/points-mall-page';
import CombinationsPage from '../../src/features/combinations/combinations-page';
import { clampSets } from '../../src/features/combinations/combination-card';
import { alert, AlertHost } from '../../src/ui/alert-dialog';
import { toast, ToastViewport } from '../../src/ui/toast';
import { makeUser } from './shell-harness';
import { giftNoteText } from '../../src/features/cart/gift-note';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

let mall: PointsMallView;

const combination: CombinationView = {
  id: 7,
  name: '血糖监测组合',
  description: '血糖仪与试纸组合购买',
  image: '',
  end_time: 1_900_000_000,
  price: 17_000,
  original_price: 19_000,
  sets: 10,
  goods_id: 3,
  goods: [
    {
      goods_id: 3,
      name: '血糖仪',
      sccj: '三诺',
      ypgg: '套装',
      bzdw: '台',
      goods_image: '',
      quantity: 1,
      price: 9_000,
      original_price: 10_000,
      stock: 10,
    },
    {
      goods_id: 4,
      name: '血糖试纸',
      sccj: '三诺',
      ypgg: '50条',
      bzdw: '盒',
      goods_image: '',
      quantity: 2,
      price: 4_000,
      original_price: 4_500,
      stock: 40,
    },
  ],
};

beforeEach(() => {
  mall = {
    points: 700,
    balance: 0,
    list: [
      {
        id: 1,
        name: '医用外科口罩 50只装',
        image: '',
        description: '独立包装',
        points: 300,
        cash_price: 0,
        stock: 500,
        remaining_for_me: null,
      },
      {
        id: 2,
        name: '电子体温计',
        image: '',
        description: '',
        points: 800,
        cash_price: 0,
        stock: 200,
        remaining_for_me: 5,
      },
      {
        id: 3,
        name: '不锈钢保温杯 500ml',
        image: '',
        description: '',
        points: 2_500,
        cash_price: 1_990,
        stock: 0,
        remaining_for_me: 2,
      },
    ],
  };
  http.get.mockImplementation((path: string) => {
    if (path === 'user/base') return Promise.resolve(makeUser());
    if (path === 'points_mall') return Promise.resolve(mall);
    if (path === 'combinationMzhgGroup') return Promise.resolve({ list: [combination] });
    if (path === 'combinationMzhg') return Promise.resolve(combination);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  http.get.mockReset();
  http.post.mockReset();
});

function renderAt(path: string, component: RouteComponent, entry = path) {
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
    createRoute({ getParentRoute: () => root, path, component }),
    createRoute({ getParentRoute: () => root, path: '$', component: () => null }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [entry] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('points mall', () => {
  it('shows the points, each goods at its points price, and sold-out goods disabled', async () => {
    renderAt('/jfsc', PointsMallPage);
    expect(await screen.findByText('我的积分：700', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('2500 积分 + ¥19.90')).toBeTruthy();
    expect((screen.getByRole('button', { name: '兑换不锈钢保温杯 500ml' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses in the dialog what the points do not cover, and exchanges what they do', async () => {
    renderAt('/jfsc', PointsMallPage);
    fireEvent.click(await screen.findByRole('button', { name: '兑换电子体温计' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('积分不足')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '确认兑换' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    http.post.mockImplementation(() => {
      mall = { ...mall, points: 100 };
      return Promise.resolve({ order_id: 9, order_no: 'KY1', points_used: 600, cash_amount: 0, points: 100 });
    });
    fireEvent.click(screen.getByRole('button', { name: '兑换医用外科口罩 50只装' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('兑换数量'), { target: { value: '2' } });
    expect(within(dialog).getByText(/共需 600 积分/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        'points_mall/exchange',
        { id: 1, number: 2 },
        { idempotencyKey: expect.any(String) },
      ),
    );
    expect(await screen.findByText('兑换成功，可在积分订单中查看')).toBeTruthy();
    expect(await screen.findByText('我的积分：100')).toBeTruthy();
  });
});

describe('combinations', () => {
  it('shows the set price, what it saves, and adds one kind-3 line', async () => {
    http.post.mockResolvedValue({ code: 10000, msg: '加入购物车成功', data: { count: 1 } });
    renderAt('/zhzq', CombinationsPage);
    const card = await screen.findByRole('listitem', { name: '血糖监测组合' });
    expect(within(card).getByText('立省 ¥20.00')).toBeTruthy();
    expect(within(card).getByText('可购 10 套')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('套数'), { target: { value: '3' } });
    fireEvent.click(within(card).getByRole('button', { name: '加入购物车' }));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    const [path, body] = http.post.mock.calls[0] as [string, { params: Record<string, unknown>[] }];
    expect(path).toBe('cart');
    expect(body.params).toEqual([
      expect.objectContaining({ goods_id: 3, number: 3, type: 3, combination_id: 7, price: 17_000 }),
    ]);
  });

  it('links each card to its own dialog, which /zhzq?id= opens from GET /api/combinationMzhg with its members linked', async () => {
    const router = renderAt('/zhzq', CombinationsPage, '/zhzq?id=7');
    const dialog = await screen.findByRole('dialog', { name: '血糖监测组合' });
    expect(http.get).toHaveBeenCalledWith('combinationMzhg', { id: 7 });
    expect(within(dialog).getByRole('link', { name: '血糖试纸' }).getAttribute('href')).toBe('/list/info/4');
    expect(within(dialog).getByText('立省 ¥20.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭组合详情' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toEqual({});
    const card = screen.getByRole('listitem', { name: '血糖监测组合' });
    expect(within(card).getByRole('link', { name: '查看详情：血糖监测组合' }).getAttribute('href')).toBe('/zhzq?id=7');
  });

  it('says in the dialog that an ended combination is gone, with no alert over the page', async () => {
    http.get.mockImplementation((path: string) => {
      if (path === 'user/base') return Promise.resolve(makeUser());
      if (path === 'combinationMzhgGroup') return Promise.resolve({ list: [combination] });
      if (path === 'combinationMzhg')
        return Promise.reject(new ApiError({ code: 404, status: 404, msg: '组合活动不存在或已结束' }));
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
    renderAt('/zhzq', CombinationsPage, '/zhzq?id=99');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('组合活动不存在或已结束')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the sets between 1 and what the stock allows', () => {
    expect(clampSets(0, 10)).toBe(1);
    expect(clampSets(12, 10)).toBe(10);
    expect(clampSets(Number.NaN, 10)).toBe(1);
    expect(clampSets(3, 0)).toBe(1);
  });
});

describe('满赠 cart note', () => {
  it('says how many gifts checkout adds, or that the tier is not reached yet', () => {
    expect(giftNoteText(3)).toBe('已满足满赠，结算时赠送 3 件赠品');
    expect(giftNoteText(0)).toBe('参与满赠活动，凑单满额可获赠品');
  });
});
