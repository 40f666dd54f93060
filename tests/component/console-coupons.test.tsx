// The console's 领券中心 screen with the real router and query client, the server replaced by a
// fetch stub: 运营 sees it in the navigation and the list; 新建优惠券 sends fen and seconds
// (Shanghai times) and shows the server's field message; other roles are told they may not.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CouponTemplateRow, Operator, Paged } from '../../src/domain/admin';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let signedIn: Operator | null;
let handlers: Record<string, (call: Call) => { status?: number; code?: number; msg?: string; data: unknown }>;

const coupon = (over: Partial<CouponTemplateRow>): CouponTemplateRow => ({
  id: 1,
  name: '满800减30',
  threshold: 80_000,
  amount: 3_000,
  discount_percent: null,
  total: 1000,
  issued: 212,
  per_company: 2,
  valid_days: 15,
  starts_at: 1_764_000_000,
  ends_at: 1_765_000_000,
  claimable: true,
  state: 'running',
  ...over,
});

beforeEach(() => {
  calls = [];
  signedIn = null;
  localStorage.clear();
  handlers = {
    'GET /api/admin/me': () =>
      signedIn ? { data: signedIn } : { status: 401, code: 10001, msg: '请先登录运营后台', data: null },
    'GET /api/admin/coupons': () => ({
      data: {
        list: [coupon({}), coupon({ id: 2, name: '限量抢', state: 'ended', claimable: false })],
        total: 2,
        page: 1,
        size: 20,
      } satisfies Paged<CouponTemplateRow>,
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.pathname}`];
      if (!handler) throw new Error(`unexpected ${call.method} ${url.pathname}`);
      const a = handler(call);
      return new Response(JSON.stringify({ code: a.code ?? 10000, msg: a.msg ?? 'ok', data: a.data }), {
        status: a.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('console 领券中心', () => {
  it('lists the coupons for 运营 and creates one with fen and Shanghai times', async () => {
    signedIn = operator('operations');
    let attempt = 0;
    handlers['POST /api/admin/coupons'] = () => {
      attempt += 1;
      return attempt === 1
        ? {
            status: 422,
            code: 422,
            msg: '优惠金额须小于使用门槛',
            data: { errors: { amount: ['优惠金额须小于使用门槛'] } },
          }
        : { data: coupon({ id: 3, name: '新券' }) };
    };
    openAt('/admin/coupons');
    const table = await screen.findByRole('table', { name: '领券中心优惠券' });
    expect(within(table).getAllByText('212 / 1000')).toHaveLength(2);
    expect(within(table).getByText('已结束')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: '停止领取' })).toHaveLength(1);
    expect(
      within(screen.getByRole('navigation', { name: '后台导航' })).getByRole('link', { name: '领券中心' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '新建优惠券' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/名称/), { target: { value: '新券' } });
    fireEvent.change(within(dialog).getByLabelText(/优惠金额/), { target: { value: '30.5' } });
    fireEvent.change(within(dialog).getByLabelText(/使用门槛/), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/开始领取/), { target: { value: '2026-12-01T10:00' } });
    fireEvent.change(within(dialog).getByLabelText(/结束领取/), { target: { value: '2026-12-08T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('优惠金额须小于使用门槛')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: '新券',
      amount: 3_050,
      threshold: 2_000,
      total: 1000,
      per_company: 1,
      valid_days: 15,
      starts_at: Date.parse('2026-12-01T02:00:00Z') / 1000,
      ends_at: Date.parse('2026-12-08T02:00:00Z') / 1000,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('tells another role it may not, without asking the server', async () => {
    signedIn = operator('finance');
    openAt('/admin/coupons');
    await screen.findByText('只有运营和管理员可以管理优惠券。');
    expect(calls.some((c) => c.url.pathname === '/api/admin/coupons')).toBe(false);
  });
});
