// The console's 促销活动 page (issue 20) with the real router, the server replaced by a fetch stub:
// 运营 sees the flash sales with their goods and state, switches to group buys, creates one from
// the form (prices sent in fen, the target as quantity) and stops a running one; other roles are
// told they may not.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Operator, Paged } from '../../src/domain/admin';
import type { ConsolePromotion } from '../../src/domain/admin-promotions';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let confirmSpy: ReturnType<typeof vi.spyOn>;
let signedIn: Operator;
const nowSec = Math.floor(Date.now() / 1000);

const promotion = (id: number, kind: 'flash' | 'group', over: Partial<ConsolePromotion> = {}): ConsolePromotion => ({
  id,
  kind,
  name: kind === 'flash' ? '08:00场 限时秒杀' : '爆款拼团',
  description: '',
  starts_at: nowSec - 3_600,
  ends_at: nowSec + 3_600,
  is_active: true,
  goods: [
    {
      goods_id: 12,
      name: '清肺抑火丸',
      price: 2_005,
      quantity: kind === 'group' ? 200 : 1,
      stock_limit: kind === 'flash' ? 100 : 0,
      sold: 50,
      per_company_limit: 5,
      group_outcome: null,
    },
  ],
  ...over,
});

beforeEach(() => {
  calls = [];
  signedIn = operator('operations');
  localStorage.clear();
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
      const key = `${call.method} ${url.pathname}`;
      let data: unknown = null;
      if (key === 'GET /api/admin/me') data = signedIn;
      else if (key === 'GET /api/admin/promotions') {
        const kind = url.searchParams.get('kind') === 'group' ? 'group' : 'flash';
        const list =
          kind === 'group'
            ? [promotion(7, 'group')]
            : [promotion(3, 'flash'), promotion(2, 'flash', { is_active: false, name: '已停的秒杀' })];
        data = { list, total: list.length, page: 1, size: 20 } satisfies Paged<ConsolePromotion>;
      } else if (key === 'POST /api/admin/promotions') data = { id: 8 };
      else if (key === 'POST /api/admin/promotions/7/stop') data = { id: 7 };
      else throw new Error(`unexpected ${key}`);
      return new Response(JSON.stringify({ code: 10000, msg: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  confirmSpy = vi.spyOn(window, 'confirm').mockReturnValue(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  confirmSpy.mockRestore();
});

describe('console promotions', () => {
  it('lists flash sales with state and goods, and only running ones can be stopped', async () => {
    openAt('/admin/promotions');
    const table = await screen.findByRole('table', { name: '促销活动-flash' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('进行中')).toBeTruthy();
    expect(within(rows[0]).getByText(/清肺抑火丸（#12）¥20.05 · 已售50\/100 · 每家限购5/)).toBeTruthy();
    expect(within(rows[0]).getByRole('button', { name: '停止' })).toBeTruthy();
    expect(within(rows[1]).getByText('已停止')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: '停止' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: '后台导航' })).getByRole('link', { name: '促销活动' }),
    ).toBeTruthy();
  });

  it('creates a group buy from the form and stops one', async () => {
    openAt('/admin/promotions?kind=group');
    const table = await screen.findByRole('table', { name: '促销活动-group' });
    fireEvent.click(screen.getByRole('button', { name: '新建拼团活动' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/活动名称/), { target: { value: '夏季拼团' } });
    fireEvent.change(within(dialog).getByLabelText(/开始时间/), { target: { value: '2026-07-01T10:00' } });
    fireEvent.change(within(dialog).getByLabelText(/结束时间/), { target: { value: '2026-07-03T10:00' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 商品编号'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 活动价（元）'), { target: { value: '18.5' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 成团数量'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 每家限购'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建活动' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/promotions')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/admin/promotions')!.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      kind: 'group',
      name: '夏季拼团',
      starts_at: Math.floor(new Date('2026-07-01T10:00').getTime() / 1000),
      goods: [{ goods_id: 12, price: 1_850, quantity: 300, per_company_limit: 20 }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: '停止' }));
    expect(await screen.findByText('已停止：爆款拼团')).toBeTruthy();
  });

  it('tells other roles they may not open it', async () => {
    signedIn = operator('finance');
    openAt('/admin/promotions');
    expect(await screen.findByText('只有运营和管理员可以管理促销活动。')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/admin/promotions')).toBe(false);
  });
});
