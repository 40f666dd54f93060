// /order 我的订单 through the real router: status tabs with counts and the tab/keywords/dates/page
// in the URL, the actions each order's `can` allows, cancel with confirmation (POST then the list
// refetches), and buy again with the skipped lines and their reasons.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderListQuery, OrderListResult } from '../../src/api/orders';
import { spyOnCartRefreshes } from './cart-invalidations';
import type { OrderSummary } from '../../src/domain/orders';
import { formatCountdown } from '../../src/features/orders/format';
import { orderSearchHref } from '../../src/features/orders/order-search';
import { parseOrderSearch } from '../../src/features/orders/order-search-schema';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { currentHref, makeUser, renderRoute, serve } from './catalog-harness';
import { listOf, makeSummary } from './order-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

let orders: OrderSummary[];
let answer: (q: OrderListQuery) => OrderListResult;

beforeEach(() => {
  orders = [
    makeSummary({
      id: 1,
      status: 'pending_payment',
      expires_in: 1_799,
      can: { pay: true, cancel: true } as OrderSummary['can'],
    }),
    makeSummary({ id: 2, status: 'shipped', can: { confirm: true } as OrderSummary['can'] }),
    makeSummary({
      id: 3,
      status: 'pending_payment',
      has_ephedrine: 1,
      expires_in: 600,
      can: { pay: true } as OrderSummary['can'],
    }),
    makeSummary({
      id: 4,
      status: 'completed',
      can: { rebuy: true, after_sale: true, invoice: true } as OrderSummary['can'],
    }),
  ];
  answer = () => listOf(orders);
  serve(http.get, {
    user: makeUser(),
    other: (path, params) => (path === 'order' ? answer(params as OrderListQuery) : undefined),
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

const orderCalls = () =>
  http.get.mock.calls.filter(([p]) => p === 'order').map(([, q]) => q as Record<string, unknown>);
const card = (no: string) => screen.getByRole('article', { name: `订单编号：${no}` });

describe('order list page', () => {
  it('shows the tab counts and keeps the tab in the URL', async () => {
    const { router } = renderRoute('/order?tab=unpaid');
    const tabs = await screen.findByRole('navigation', { name: '订单状态' }, { timeout: 5_000 });
    await within(tabs).findByRole('link', { name: '待付款(3)' });
    expect(within(tabs).getByRole('link', { name: '待付款(3)' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: '待收货(1)' })).toBeTruthy();
    // A zero count shows no badge.
    expect(within(tabs).getByRole('link', { name: '待发货' })).toBeTruthy();
    expect(orderCalls()[0]).toEqual({ tab: 'unpaid', kind: 'normal', page: 1 });

    fireEvent.click(within(tabs).getByRole('link', { name: '待收货(1)' }));
    await waitFor(() => expect(currentHref(router)).toBe('/order?tab=shipped'));
    await waitFor(() => expect(orderCalls().at(-1)).toEqual({ tab: 'shipped', kind: 'normal', page: 1 }));
  });

  it('searches by a long order number and a date range through the URL, page reset to 1', async () => {
    const { router } = renderRoute('/order?tab=completed&page=3');
    const form = await screen.findByRole('search', { name: '订单搜索' }, { timeout: 5_000 });
    fireEvent.change(within(form).getByRole('searchbox'), { target: { value: ' 202601010800012345 ' } });
    fireEvent.change(within(form).getByLabelText('开始日期'), { target: { value: '2026-01-31' } });
    fireEvent.change(within(form).getByLabelText('结束日期'), { target: { value: '2026-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: '搜索' }));
    expect(within(form).getByRole('alert').textContent).toBe('开始日期不能晚于结束日期');
    expect(currentHref(router)).toBe('/order?tab=completed&page=3');

    fireEvent.change(within(form).getByLabelText('开始日期'), { target: { value: '2025-12-01' } });
    fireEvent.click(within(form).getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        tab: 'completed',
        keywords: '202601010800012345',
        start: '2025-12-01',
        end: '2026-01-01',
      }),
    );
    // The digits stay a string end to end (JSON would round them).
    await waitFor(() =>
      expect(orderCalls().at(-1)).toEqual({
        tab: 'completed',
        kind: 'normal',
        page: 1,
        keywords: '202601010800012345',
        start: '2025-12-01',
        end: '2026-01-01',
      }),
    );
    expect(await screen.findByRole('searchbox')).toHaveProperty('value', '202601010800012345');

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(currentHref(router)).toBe('/order?tab=completed'));
  });

  it('pages through the URL', async () => {
    answer = (q) => listOf(orders, { total: 35, page: q.page });
    const { router } = renderRoute('/order?page=2');
    const pager = await screen.findByRole('navigation', { name: '分页' }, { timeout: 5_000 });
    expect(within(pager).getByLabelText('第 2 页，当前页').getAttribute('aria-current')).toBe('page');
    expect(orderCalls()[0]).toMatchObject({ page: 2 });
    fireEvent.click(within(pager).getByRole('link', { name: '下一页' }));
    await waitFor(() => expect(currentHref(router)).toBe('/order?page=3'));
    await waitFor(() => expect(orderCalls().at(-1)).toMatchObject({ page: 3 }));
  });

  it('offers exactly the actions each order allows', async () => {
    renderRoute('/order');
    await screen.findByRole('article', { name: '订单编号：2026010108000' + '1' }, { timeout: 5_000 });

    const unpaid = within(card('20260101080001'));
    expect(unpaid.getByRole('link', { name: '去支付' }).getAttribute('href')).toBe('/cart/step3/1');
    expect(unpaid.getByRole('button', { name: '取消订单' })).toBeTruthy();
    expect(unpaid.queryByRole('button', { name: '确认收货' })).toBeNull();
    expect(unpaid.queryByRole('button', { name: '再次购买' })).toBeNull();
    expect(unpaid.getByRole('timer').textContent).toMatch(/^(29:59|29:58)$/);

    const shipped = within(card('20260101080002'));
    expect(shipped.getByRole('button', { name: '确认收货' })).toBeTruthy();
    expect(shipped.queryByRole('link', { name: '去支付' })).toBeNull();
    expect(shipped.queryByRole('button', { name: '取消订单' })).toBeNull();

    // 含麻黄碱: the buyer's ID details are taken at /cart/hm before paying.
    expect(within(card('20260101080003')).getByRole('link', { name: '去支付' }).getAttribute('href')).toBe(
      '/cart/hm?id=3',
    );

    const done = within(card('20260101080004'));
    expect(done.getByRole('button', { name: '再次购买' })).toBeTruthy();
    expect(done.getByRole('link', { name: '申请售后' }).getAttribute('href')).toBe('/order/info/4?after_sale=1');
    expect(done.getByRole('link', { name: '申请发票' }).getAttribute('href')).toBe('/dzfp?order=4');
    expect(done.queryByRole('link', { name: '去支付' })).toBeNull();
    expect(done.getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe('/order/info/4');
  });

  it('cancels after confirmation, then fetches the list again', async () => {
    http.post.mockImplementation(async (path: string) => {
      if (path === 'order/1/cancel') {
        orders = orders.map((o) =>
          o.id === 1
            ? { ...o, status: 'cancelled', expires_in: null, can: { ...o.can, pay: false, cancel: false } }
            : o,
        );
        return null;
      }
      throw new Error(`unexpected POST ${path}`);
    });
    renderRoute('/order');
    await screen.findByRole('article', { name: '订单编号：20260101080001' }, { timeout: 5_000 });
    const before = orderCalls().length;

    fireEvent.click(within(card('20260101080001')).getByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('alertdialog');
    // Backing out sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(http.post).not.toHaveBeenCalled();

    fireEvent.click(within(card('20260101080001')).getByRole('button', { name: '取消订单' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('order/1/cancel'));
    expect(await screen.findByText('订单已取消')).toBeTruthy();
    await waitFor(() => expect(orderCalls().length).toBeGreaterThan(before));
    await waitFor(() => expect(within(card('20260101080001')).getByText('已取消')).toBeTruthy());
    expect(within(card('20260101080001')).queryByRole('button', { name: '取消订单' })).toBeNull();
  });

  it('confirms receipt after confirmation', async () => {
    http.post.mockResolvedValue(null);
    renderRoute('/order');
    await screen.findByRole('article', { name: '订单编号：20260101080002' }, { timeout: 5_000 });
    fireEvent.click(within(card('20260101080002')).getByRole('button', { name: '确认收货' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确认收货' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('order/2/confirm'));
    expect(await screen.findByText('已确认收货')).toBeTruthy();
  });

  it('buys again and lists the lines that could not be added, with their reasons', async () => {
    const cartChanged = spyOnCartRefreshes();
    http.post.mockImplementation(async (path: string) => {
      if (path === 'order/4/rebuy') {
        return { added: 1, skipped: [{ goods_id: 2, name: '阿莫西林胶囊', reason: '库存不足' }] };
      }
      throw new Error(`unexpected POST ${path}`);
    });
    const { router } = renderRoute('/order');
    await screen.findByRole('article', { name: '订单编号：20260101080004' }, { timeout: 5_000 });
    fireEvent.click(within(card('20260101080004')).getByRole('button', { name: '再次购买' }));
    const dialog = await screen.findByRole('dialog', { name: '再次购买' });
    expect(within(dialog).getByText('已将 1 种商品加入购物车')).toBeTruthy();
    const skipped = within(dialog).getByRole('list', { name: '未加入的商品' });
    expect(within(skipped).getByText('阿莫西林胶囊')).toBeTruthy();
    expect(within(skipped).getByText('库存不足')).toBeTruthy();
    expect(cartChanged.count()).toBe(1);
    fireEvent.click(within(dialog).getByRole('link', { name: '去购物车' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    cartChanged.restore();
  });

  it('says so when nothing could be added, without a way to the cart', async () => {
    const cartChanged = spyOnCartRefreshes();
    http.post.mockResolvedValue({ added: 0, skipped: [{ goods_id: 1, name: '感冒灵颗粒', reason: '商品已下架' }] });
    renderRoute('/order');
    await screen.findByRole('article', { name: '订单编号：20260101080004' }, { timeout: 5_000 });
    fireEvent.click(within(card('20260101080004')).getByRole('button', { name: '再次购买' }));
    const dialog = await screen.findByRole('dialog', { name: '再次购买' });
    expect(within(dialog).getByText('商品均未能加入购物车')).toBeTruthy();
    expect(within(dialog).getByText('商品已下架')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: '去购物车' })).toBeNull();
    expect(cartChanged.count()).toBe(0);
    cartChanged.restore();
  });

  it('shows an empty state, and a different one for a search without results', async () => {
    answer = () => listOf([], { counts: {} });
    renderRoute('/order');
    expect(await screen.findByText('暂无订单', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去采购' })).toBeTruthy();
  });

  it('/jfdd lists points orders read-only', async () => {
    orders = [
      makeSummary({ id: 21, kind: 'points', status: 'shipped', can: { confirm: true } as OrderSummary['can'] }),
    ];
    renderRoute('/jfdd');
    const order = await screen.findByRole('article', { name: '订单编号：202601010800021' }, { timeout: 5_000 });
    expect(orderCalls()[0]).toEqual({ tab: 'all', kind: 'points', page: 1 });
    expect(within(order).queryByRole('button')).toBeNull();
    expect(within(order).getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe('/order/info/21');
    expect(
      screen.getByRole('navigation', { name: '订单中心' }).querySelector('[aria-current="page"]')?.textContent,
    ).toBe('积分订单');
  });

  it('/hmdd lists the 含麻黄碱 receipts with the ID number masked', async () => {
    serve(http.get, {
      user: makeUser(),
      other: (path, params) =>
        path === 'order/ephedrine_receipts'
          ? {
              list: [
                {
                  order_id: 3,
                  order_no: 'DD3',
                  status: 'paid',
                  buyer_name: '张三',
                  id_card: '110101********8515',
                  phone: '13900001111',
                  created_at: 1_767_225_000,
                  recorded_at: 1_767_225_600,
                  goods: [{ goods_id: 9, name: '新康泰克', number: 2 }],
                },
              ],
              total: 1,
              page: (params as { page: number }).page,
              page_size: 10,
            }
          : undefined,
    });
    renderRoute('/hmdd');
    const table = await screen.findByRole('table', { name: '含麻药品回执单列表' }, { timeout: 5_000 });
    const cells = within(within(table).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['DD3', '新康泰克 ×2', '张三', '110101********8515', '13900001111', '2026-01-01 08:00:00']);
    expect(within(table).getByRole('link', { name: 'DD3' }).getAttribute('href')).toBe('/order/info/3');
  });

  it('parses a hand-edited URL into safe values', () => {
    expect(
      parseOrderSearch({ tab: 'nope', page: -2, start: '2026-02-30', end: '2026-01-05', keywords: ' abc ' }),
    ).toEqual({
      tab: 'all',
      keywords: 'abc',
      start: '',
      end: '2026-01-05',
      page: 1,
    });
    expect(parseOrderSearch({ start: '2026-02-01', end: '2026-01-01', keywords: 2026, page: '3' })).toMatchObject({
      start: '2026-01-01',
      end: '2026-02-01',
      keywords: '2026',
      page: 3,
    });
    // All-digit keywords are quoted the router's way so they come back as the same string.
    expect(orderSearchHref('/order', { tab: 'all', keywords: '202601010800012345', start: '', end: '', page: 2 })).toBe(
      '/order?keywords=%22202601010800012345%22&page=2',
    );
    expect(formatCountdown(3_725)).toBe('1:02:05');
    expect(formatCountdown(59)).toBe('00:59');
  });
});
