// The draw page /xycj and 我的抽奖 /cjjl: the operator's pictures (GET /api/draw/ads), the draw in
// the page, the winners' ticker (GET /api/draw/new_record, moving only when the list overflows its
// three rows, its copy hidden from assistive technology), the rules and window, and the buyer's
// draws (GET /api/draw/record) with where each prize went, paged at /cjjl.
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
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../src/app/query-client';
import type { Page } from '../../src/domain/envelope';
import type { DrawActivity, DrawRecordView, DrawSimple, DrawWinner } from '../../src/domain/lucky-draw';
import DrawPage from '../../src/features/lucky-draw/draw-page';
import DrawRecordsPage from '../../src/features/lucky-draw/draw-records-page';
import { makeUser } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const SIMPLE: DrawSimple = { id: 3, name: '幸运大转盘', image: '', is_join: 0, chances_left: 2 };
const ACTIVITY: DrawActivity = {
  ...SIMPLE,
  rules: '1. 活动期间每家门店可免费抽奖1次；',
  starts_at: Date.UTC(2026, 10, 1, 2, 0),
  ends_at: Date.UTC(2026, 11, 31, 2, 0),
  prizes: [{ id: 1, name: '满500减20优惠券', remarks: '有效期30天', kind: 'coupon' }],
};
const winner = (company: string, name: string): DrawWinner => ({
  company,
  name,
  created_at: Date.UTC(2026, 10, 20, 4, 30),
});
const RECORDS: Page<DrawRecordView> = {
  total: 12,
  page: 1,
  page_size: 10,
  list: [
    {
      id: 21,
      draw_name: '幸运大转盘',
      name: '200积分',
      remarks: '即时到账',
      kind: 'points',
      created_at: Date.UTC(2026, 10, 21, 1, 0),
    },
    {
      id: 20,
      draw_name: '上期幸运抽奖',
      name: '谢谢参与',
      remarks: '下次好运',
      kind: 'none',
      created_at: Date.UTC(2026, 10, 2, 1, 0),
    },
  ],
};

let simple: DrawSimple | null;
let winners: DrawWinner[];

beforeEach(() => {
  simple = SIMPLE;
  winners = [
    winner('湖北**汉口店', '200积分'),
    winner('湖北**武昌店', '满500减20优惠券'),
    winner('成都**诊所', '50积分'),
    winner('深圳**诊部', '满1000减50优惠券'),
  ];
  http.get.mockImplementation((path: string, params?: Record<string, unknown>) => {
    if (path === 'user/base') return Promise.resolve(makeUser());
    if (path === 'draw/simple') return Promise.resolve(simple);
    if (path === 'draw/3/activity') return Promise.resolve(ACTIVITY);
    if (path === 'draw/new_record') return Promise.resolve(winners);
    if (path === 'draw/ads')
      return Promise.resolve([{ image: '/media/banner/draw-1.svg', url: '/xycj', title: '幸运大转盘 下单抽好礼' }]);
    if (path === 'draw/record') return Promise.resolve({ ...RECORDS, page: Number(params?.page ?? 1) });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});

afterEach(() => {
  http.get.mockReset();
});

function renderAt(path: string, component: RouteComponent, entry = path) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const root = createRootRoute({ component: () => <Outlet /> });
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
}

describe('/xycj 幸运抽奖', () => {
  it("shows the pictures, the draw, its rules and window, the moving ticker and the buyer's draws", async () => {
    renderAt('/xycj', DrawPage);
    expect(await screen.findByRole('img', { name: '幸运大转盘 下单抽好礼' })).toBeTruthy();
    const panel = await screen.findByRole('complementary', { name: '幸运抽奖' });
    expect(within(panel).getByRole('button', { name: '开始抽奖' })).toBeTruthy();
    expect(within(panel).getByText('剩余抽奖次数：2')).toBeTruthy();
    // The page's panel has nothing to close.
    expect(within(panel).queryByRole('button', { name: '关闭抽奖' })).toBeNull();

    const rules = await screen.findByRole('region', { name: '活动规则' });
    expect(within(rules).getByText('1. 活动期间每家门店可免费抽奖1次；')).toBeTruthy();
    expect(within(rules).getByText('活动时间：2026-11-01 10:00 至 2026-12-31 10:00')).toBeTruthy();

    const ticker = screen.getByRole('region', { name: '中奖名单' });
    await within(ticker).findAllByText('深圳**诊部');
    expect(http.get).toHaveBeenCalledWith('draw/new_record', { id: 3 });
    // Four wins overflow three rows: the list moves, drawn twice; the copy is hidden.
    expect(ticker.querySelector('[data-moving]')).not.toBeNull();
    expect(within(ticker).getAllByRole('listitem')).toHaveLength(4);
    expect(ticker.querySelectorAll('li')).toHaveLength(8);

    const records = await screen.findByRole('table', { name: '我的抽奖记录' });
    expect(http.get).toHaveBeenCalledWith('draw/record', { page: 1, page_size: 10 });
    expect(within(records).getByText('200积分（即时到账）')).toBeTruthy();
    expect(within(records).getByRole('link', { name: '已计入积分' }).getAttribute('href')).toBe('/wdqb_jfgl');
    expect(within(records).getByText('未中奖')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe('/cjjl');
  });

  it('keeps a ticker that fits its rows still, drawn once', async () => {
    winners = [winner('湖北**汉口店', '200积分')];
    renderAt('/xycj', DrawPage);
    const ticker = await screen.findByRole('region', { name: '中奖名单' });
    await within(ticker).findByText('湖北**汉口店');
    expect(ticker.querySelector('[data-moving]')).toBeNull();
    expect(ticker.querySelectorAll('li')).toHaveLength(1);
  });

  it("says so when no draw runs, and still lists the buyer's draws", async () => {
    simple = null;
    renderAt('/xycj', DrawPage);
    expect(await screen.findByText('暂无进行中的抽奖活动，敬请期待')).toBeTruthy();
    expect(await screen.findByRole('table', { name: '我的抽奖记录' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '中奖名单' })).toBeNull();
  });
});

describe('/cjjl 我的抽奖', () => {
  it("pages the buyer's draws from the URL", async () => {
    renderAt('/cjjl', DrawRecordsPage, '/cjjl?page=2');
    await screen.findByRole('table', { name: '我的抽奖记录' });
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('draw/record', { page: 2, page_size: 10 }));
    expect(screen.getByRole('link', { name: '去抽奖' }).getAttribute('href')).toBe('/xycj');
  });
});
