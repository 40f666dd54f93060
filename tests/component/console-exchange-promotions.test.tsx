// The console's 换购活动 page (issue 20) with the real router, the server replaced by a fetch stub:
// 运营 sees the exchange promotions with their tiers, creates one from the form (yuan sent as fen,
// member ids parsed), edits the tiers of a running one and stops it; other roles are told they may
// not.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Operator, Paged } from '../../src/domain/admin';
import type { ConsoleExchangePromotion } from '../../src/domain/admin-exchange';
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

const exchange = (id: number, over: Partial<ConsoleExchangePromotion> = {}): ConsoleExchangePromotion => ({
  id,
  name: '满300元加价换购',
  description: '',
  starts_at: nowSec - 3_600,
  ends_at: nowSec + 3_600,
  is_active: true,
  members: [{ goods_id: 12, name: '清肺抑火丸' }],
  tiers: [{ amount: 30_000, goods: [{ goods_id: 40, name: '维生素C片', price: 990, limit: 2 }] }],
  exchanged: 7,
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
      else if (key === 'GET /api/admin/exchange_promotions') {
        const list = [exchange(5), exchange(4, { is_active: false, name: '已停的换购' })];
        data = { list, total: list.length, page: 1, size: 20 } satisfies Paged<ConsoleExchangePromotion>;
      } else if (key === 'POST /api/admin/exchange_promotions') data = { id: 9 };
      else if (key === 'POST /api/admin/exchange_promotions/5/tiers') data = { id: 5 };
      else if (key === 'POST /api/admin/exchange_promotions/5/stop') data = { id: 5 };
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

const posted = (path: string) =>
  calls.find((c) => c.method === 'POST' && c.url.pathname === path)?.body as Record<string, unknown> | undefined;

describe('console 换购活动', () => {
  it('lists the promotions with their tiers; only running ones can be edited or stopped', async () => {
    openAt('/admin/exchange-promotions');
    const table = await screen.findByRole('table', { name: '换购活动' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('进行中')).toBeTruthy();
    expect(within(rows[0]).getByText('满¥300.00：维生素C片 ¥9.90（限2）')).toBeTruthy();
    expect(within(rows[0]).getByText('7件')).toBeTruthy();
    expect(within(rows[1]).getByText('已停止')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: '停止' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: '后台导航' })).getByRole('link', { name: '换购活动' }),
    ).toBeTruthy();
  });

  it('creates one from the form with fen and member ids, edits tiers and stops', async () => {
    openAt('/admin/exchange-promotions');
    const table = await screen.findByRole('table', { name: '换购活动' });
    fireEvent.click(screen.getByRole('button', { name: '新建换购活动' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/活动名称/), { target: { value: '夏季换购' } });
    fireEvent.change(within(dialog).getByLabelText(/开始时间/), { target: { value: '2026-07-01T10:00' } });
    fireEvent.change(within(dialog).getByLabelText(/结束时间/), { target: { value: '2026-07-03T10:00' } });
    fireEvent.change(within(dialog).getByLabelText(/活动商品编号/), { target: { value: '12, 15 18' } });
    fireEvent.change(within(dialog).getByLabelText('第1档 门槛（元）'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('第1档 第1行 商品编号'), { target: { value: '40' } });
    fireEvent.change(within(dialog).getByLabelText('第1档 第1行 换购价（元）'), { target: { value: '9.9' } });
    fireEvent.change(within(dialog).getByLabelText('第1档 第1行 限换数量'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建活动' }));
    await waitFor(() => expect(posted('/api/admin/exchange_promotions')).toBeDefined());
    expect(posted('/api/admin/exchange_promotions')).toMatchObject({
      name: '夏季换购',
      member_ids: [12, 15, 18],
      tiers: [{ amount: 30_000, goods: [{ goods_id: 40, price: 990, limit: 2 }] }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getAllByRole('button', { name: '编辑档位' })[0]);
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('第1档 门槛（元）') as HTMLInputElement).value).toBe('300.00');
    fireEvent.change(within(dialog).getByLabelText('第1档 第1行 换购价（元）'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存档位' }));
    expect(await within(dialog).findByText('请输入换购价（元），最多两位小数')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('第1档 第1行 换购价（元）'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存档位' }));
    await waitFor(() =>
      expect(posted('/api/admin/exchange_promotions/5/tiers')).toEqual({
        tiers: [{ amount: 30_000, goods: [{ goods_id: 40, price: 500, limit: 2 }] }],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getAllByRole('button', { name: '停止' })[0]);
    expect(await screen.findByText('已停止：满300元加价换购')).toBeTruthy();
  });

  it('tells other roles they may not open it', async () => {
    signedIn = operator('finance');
    openAt('/admin/exchange-promotions');
    expect(await screen.findByText('只有运营和管理员可以管理换购活动。')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/admin/exchange_promotions')).toBe(false);
  });
});
