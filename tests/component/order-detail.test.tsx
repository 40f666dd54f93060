// /order/info/:id through the real router: status header with its actions, the timeline from the
// history, delivery/invoice/payment facts, lines with batch and expiry, the amount breakdown,
// logistics and related after-sales; /order/wl/:id lands here; an unknown order is a calm
// "订单不存在" page rather than an alert.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { OrderDetail } from '../../src/domain/orders';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { makeUser, renderRoute, serve } from './catalog-harness';
import { makeDetail, T0 } from './order-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const NOT_FOUND = new ApiError({ code: 404, status: 404, msg: '订单不存在' });
let detail: OrderDetail | ApiError;

beforeEach(() => {
  detail = makeDetail({
    id: 5,
    status: 'shipped',
    can: { confirm: true, rebuy: true, after_sale: true } as OrderDetail['can'],
    after_sales: [
      { id: 7, kind: 'return', status: 'approved' },
      { id: 8, kind: 'reissue', status: 'closed' },
    ],
  });
  serve(http.get, {
    user: makeUser(),
    other: (path) => {
      if (!path.startsWith('order/')) return undefined;
      if (detail instanceof ApiError) throw detail;
      return detail;
    },
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

const section = (name: string) => screen.getByRole('region', { name });
const facts = (el: HTMLElement) =>
  Object.fromEntries(
    within(el)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('order detail page', () => {
  it('shows status, timeline, facts, lines with batch and expiry, amounts and logistics', async () => {
    renderRoute('/order/info/5');
    expect(await screen.findByRole('heading', { level: 1, name: '待收货' }, { timeout: 5_000 })).toBeTruthy();
    expect(http.get).toHaveBeenCalledWith('order/5');
    expect(screen.getByText('20260101080005')).toBeTruthy();

    const timeline = within(section('订单进度')).getAllByRole('listitem');
    expect(timeline.map((li) => li.firstChild?.textContent)).toEqual(['订单已提交', '付款成功', '仓库已发货']);
    expect(timeline[2].getAttribute('aria-current')).toBe('step');
    expect(timeline[0].textContent).toContain('2026-01-01 08:00:00');

    expect(facts(section('收货信息'))).toMatchObject({
      收货人: '王药师',
      收货地址: '广东省广州市天河区体育西路1号',
      订单备注: '请工作日送货',
    });
    expect(facts(section('发票信息'))).toMatchObject({ 发票类型: '普通发票', 纳税人识别号: '91440101MA59ABCD1X' });
    expect(facts(section('支付信息'))).toMatchObject({ 支付方式: '余额支付' });

    const rows = within(section('商品清单')).getAllByRole('row').slice(1);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['阿莫西林胶囊0.25g*24粒 华润三九医药股份有限公司', 'A-77', '2026-12-31', '¥8.00', '5盒', '¥40.00', '—']);
    expect(within(rows[0]).getByText('已售后 3盒')).toBeTruthy();

    expect(facts(section('金额明细'))).toEqual({
      商品金额: '¥165.00',
      满减优惠: '-¥10.00',
      优惠券: '-¥5.00',
      运费: '免运费',
      余额抵扣: '-¥20.00',
      应付金额: '¥130.00',
      已付金额: '¥130.00',
    });

    const logistics = section('物流信息');
    expect(within(logistics).getByText('SF1234567890')).toBeTruthy();
    const track = within(within(logistics).getByRole('list', { name: /物流轨迹/ })).getAllByRole('listitem');
    // The 随货同行单 of a shipped order (kept on the device for an inspector).
    expect(within(logistics).getByRole('link', { name: '查看随货同行单' }).getAttribute('href')).toMatch(
      /^\/api\/order\/\d+\/delivery-note$/,
    );
    // Newest first.
    expect(track.map((li) => li.lastChild?.textContent)).toEqual(['到达广州转运中心', '已揽收']);

    const related = section('售后记录');
    expect(within(related).getByRole('link', { name: '退货退款申请 #7' }).getAttribute('href')).toBe(
      '/order/returnInfo/7',
    );
    expect(within(related).getByRole('link', { name: '补发申请 #8' }).getAttribute('href')).toBe(
      '/order/afterSalesInfo/8',
    );
    expect(within(related).getByText('已完成')).toBeTruthy();
  });

  it('offers the actions of `can` and confirms receipt, refreshing the order', async () => {
    http.post.mockImplementation(async (path: string) => {
      if (path !== 'order/5/confirm') throw new Error(`unexpected POST ${path}`);
      detail = makeDetail({ id: 5, status: 'completed', can: { rebuy: true, invoice: true } as OrderDetail['can'] });
      return null;
    });
    renderRoute('/order/info/5');
    await screen.findByRole('heading', { level: 1, name: '待收货' }, { timeout: 5_000 });
    expect(screen.queryByRole('link', { name: '去支付' })).toBeNull();
    expect(screen.queryByRole('button', { name: '取消订单' })).toBeNull();
    expect(screen.getByRole('button', { name: '申请售后' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认收货' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确认收货' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('order/5/confirm'));
    expect(await screen.findByRole('heading', { level: 1, name: '已完成' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '申请发票' }).getAttribute('href')).toBe('/dzfp?order=5');
    expect(screen.queryByRole('button', { name: '确认收货' })).toBeNull();
  });

  it('pays a 含麻黄碱 order at step 3 once the receipt is on file, and shows it masked', async () => {
    detail = makeDetail({
      id: 6,
      status: 'pending_payment',
      has_ephedrine: 1,
      expires_in: 900,
      ephedrine_receipt: { buyer_name: '张三', id_card: '110101199003078515', phone: '13900001111' },
      can: { pay: true, cancel: true } as OrderDetail['can'],
      logistics: [],
    });
    renderRoute('/order/info/6');
    expect(await screen.findByRole('heading', { level: 1, name: '待付款' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去支付' }).getAttribute('href')).toBe('/cart/step3/6');
    expect(screen.getByRole('timer').textContent).toMatch(/^1[45]:[0-9]{2}$/);
    expect(facts(section('含麻药品购买人'))).toMatchObject({ 身份证号: '110101********8515' });
    expect(within(section('物流信息')).getByText('商品出库后可在这里查看物流信息')).toBeTruthy();
  });

  it('sends a 含麻黄碱 order without a receipt to /cart/hm', async () => {
    detail = makeDetail({
      id: 6,
      status: 'pending_payment',
      has_ephedrine: 1,
      expires_in: 900,
      can: { pay: true } as OrderDetail['can'],
    });
    renderRoute('/order/info/6');
    await screen.findByRole('heading', { level: 1, name: '待付款' }, { timeout: 5_000 });
    expect(screen.getByRole('link', { name: '去支付' }).getAttribute('href')).toBe('/cart/hm?id=6');
    expect(within(section('含麻药品购买人')).getByRole('link', { name: '去登记并支付' }).getAttribute('href')).toBe(
      '/cart/hm?id=6',
    );
  });

  it('says 订单不存在 for an unknown order, without the global alert', async () => {
    detail = NOT_FOUND;
    renderRoute('/order/info/999');
    expect(await screen.findByRole('heading', { level: 1, name: '订单不存在' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的订单' }).getAttribute('href')).toBe('/order');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('treats a malformed id as unknown without asking the server', async () => {
    renderRoute('/order/info/abc');
    expect(await screen.findByRole('heading', { level: 1, name: '订单不存在' }, { timeout: 5_000 })).toBeTruthy();
    expect(http.get.mock.calls.filter(([p]) => String(p).startsWith('order/'))).toEqual([]);
  });

  it('offers a retry when loading fails for another reason', async () => {
    detail = new ApiError({ code: 500, status: 500, msg: '系统繁忙，请稍候再试' });
    renderRoute('/order/info/5');
    expect(await screen.findByText('订单加载失败', {}, { timeout: 5_000 })).toBeTruthy();
    detail = makeDetail({ id: 5, status: 'paid' });
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { level: 1, name: '待发货' })).toBeTruthy();
  });

  it('/order/wl/:id shows the order detail', async () => {
    const { router } = renderRoute('/order/wl/5');
    expect(await screen.findByRole('heading', { level: 1, name: '待收货' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order/info/5');
    expect(T0).toBeGreaterThan(0);
  });
});
