// The 促销活动 page's other kinds (issue 20, part P) with the real router, the server replaced by a
// fetch stub: the 每日特价 tab lists the planned days and creates one for a date (sent as that
// Shanghai day, prices in fen); the 满减 form refuses tiers out of order before asking the server
// and shows the server's field message; a combination shows its set price as it is typed; an edit
// sends the row's id; 积分商城 creates a goods and takes one off sale.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Operator, Paged } from '../../src/domain/admin';
import type { RulePromotionRow } from '../../src/domain/admin-promotion-rules';
import type { AdminPointsGoodsRow } from '../../src/domain/admin-points-goods';
import { openAt } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let confirmSpy: ReturnType<typeof vi.spyOn>;
/** A POST path answered with a 422 and these field errors. */
let refuse: { path: string; errors: Record<string, string[]> } | null;
const nowSec = Math.floor(Date.now() / 1000);
const operator: Operator = { id: 1, username: 'operations', name: '运营小王', role: 'operations', totp_enabled: false };

const row = (id: number, over: Partial<RulePromotionRow>): RulePromotionRow => ({
  id,
  kind: 'everyday',
  name: '每日特价',
  description: '',
  image: '',
  page: null,
  sort: 0,
  starts_at: nowSec - 3_600,
  ends_at: nowSec + 3_600,
  is_active: true,
  all_goods: false,
  preview_hour: 20,
  tiers: [],
  goods: [
    {
      goods_id: 12,
      name: '清肺抑火丸',
      stock: 300,
      price: 1_500,
      quantity: 1,
      stock_limit: 100,
      sold: 7,
      per_company_limit: 5,
    },
  ],
  gifts: [],
  ...over,
});

const points: AdminPointsGoodsRow = {
  id: 4,
  name: '保温杯',
  description: '',
  image: '',
  points: 800,
  cash_price: 1_990,
  stock: 20,
  per_company_limit: 2,
  is_on_sale: true,
  sort: 1,
  exchanged: 3,
};

beforeEach(() => {
  calls = [];
  refuse = null;
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
      if (refuse && call.method === 'POST' && url.pathname === refuse.path) {
        return new Response(
          JSON.stringify({ code: 422, msg: Object.values(refuse.errors)[0][0], data: { errors: refuse.errors } }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        );
      }
      let data: unknown = null;
      if (key === 'GET /api/admin/me') data = operator;
      else if (key === 'GET /api/admin/promotion-rules') {
        const kind = url.searchParams.get('kind');
        const list =
          kind === 'manjian'
            ? [
                row(9, {
                  kind: 'manjian',
                  name: '满1000减50',
                  preview_hour: null,
                  tiers: [{ amount: 100_000, reduce: 5_000 }],
                  goods: [],
                  all_goods: true,
                }),
              ]
            : kind === 'combination'
              ? []
              : [row(3, {}), row(2, { is_active: false, name: '昨日特价' })];
        data = { list, total: list.length, page: 1, size: 20 } satisfies Paged<RulePromotionRow>;
      } else if (key === 'GET /api/admin/points-goods')
        data = { list: [points], total: 1, page: 1, size: 20 } satisfies Paged<AdminPointsGoodsRow>;
      else if (call.method === 'POST' && url.pathname.startsWith('/api/admin/')) data = { id: 11 };
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
  calls.filter((c) => c.method === 'POST' && c.url.pathname === path).map((c) => c.body as Record<string, unknown>);

describe('console promotion kinds', () => {
  it('lists the daily specials and creates one for a date, sent as that Shanghai day in fen', async () => {
    openAt('/admin/promotions?kind=everyday');
    const table = await screen.findByRole('table', { name: '促销活动-everyday' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText(/清肺抑火丸（#12） · 特价¥15.00 · 已售7\/100 · 每家限购5/)).toBeTruthy();
    expect(within(rows[1]).getByText('已停止')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: '停止' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '新建每日特价' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/特价日期/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 商品编号'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 特价（元）'), { target: { value: '13.8' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 活动库存'), { target: { value: '200' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 每家限购'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(posted('/api/admin/promotion-rules')).toHaveLength(1));
    const day = Date.UTC(2026, 11, 1) / 1000 - 8 * 3_600;
    expect(posted('/api/admin/promotion-rules')[0]).toMatchObject({
      kind: 'everyday',
      name: '每日特价',
      starts_at: day,
      ends_at: day + 86_400,
      goods: [{ goods_id: '12', price: 1_380, stock_limit: '200', per_company_limit: '10' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(rows[0]).getByRole('button', { name: '停止' }));
    await waitFor(() => expect(posted('/api/admin/promotion-rules/3/stop')).toHaveLength(1));
    expect(await screen.findByText('已停止：每日特价')).toBeTruthy();
  });

  it('checks 满减 tiers before sending and shows the server’s field message', async () => {
    openAt('/admin/promotions?kind=manjian');
    const table = await screen.findByRole('table', { name: '促销活动-manjian' });
    expect(within(table).getByText('满¥1000.00减¥50.00')).toBeTruthy();
    expect(within(table).getByText('全部商品')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新建满减' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/活动名称/), { target: { value: '满减测试' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '全部商品参加' }));
    fireEvent.change(within(dialog).getByLabelText('第1档 门槛（元）'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText('第1档 减免（元）'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '添加阶梯' }));
    fireEvent.change(within(dialog).getByLabelText('第2档 门槛（元）'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('第2档 减免（元）'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('门槛须逐级递增')).toBeTruthy();
    expect(posted('/api/admin/promotion-rules')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('第2档 门槛（元）'), { target: { value: '1000' } });
    refuse = { path: '/api/admin/promotion-rules', errors: { 'tiers.1.reduce': ['减免金额须小于门槛'] } };
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('减免金额须小于门槛')).toBeTruthy();
    expect(posted('/api/admin/promotion-rules')[0]).toMatchObject({
      kind: 'manjian',
      all_goods: true,
      goods: [],
      tiers: [
        { amount: 50_000, reduce: 3_000 },
        { amount: 100_000, reduce: 5_000 },
      ],
    });
  });

  it('shows a combination’s set price while it is typed', async () => {
    openAt('/admin/promotions?kind=combination');
    await screen.findByRole('table', { name: '促销活动-combination' });
    fireEvent.click(screen.getByRole('button', { name: '新建组合套餐' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('第1行 套餐单价（元）'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('第1行 每套数量'), { target: { value: '2' } });
    expect(within(dialog).getByText('套餐价：¥24.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '添加商品' }));
    expect(within(dialog).getByText('套餐价：—')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('第2行 套餐单价（元）'), { target: { value: '6.5' } });
    expect(within(dialog).getByText('套餐价：¥30.50')).toBeTruthy();
  });

  it('edits a row: the form starts from it and posts to its id', async () => {
    openAt('/admin/promotions?kind=everyday');
    const table = await screen.findByRole('table', { name: '促销活动-everyday' });
    fireEvent.click(within(within(table).getAllByRole('row')[1]).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: /编辑每日特价/ });
    expect((within(dialog).getByLabelText('第1行 特价（元）') as HTMLInputElement).value).toBe('15');
    fireEvent.change(within(dialog).getByLabelText('第1行 特价（元）'), { target: { value: '14' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posted('/api/admin/promotion-rules/3')).toHaveLength(1));
    expect(posted('/api/admin/promotion-rules/3')[0]).toMatchObject({ goods: [{ goods_id: '12', price: 1_400 }] });
  });

  it('creates a points goods and takes one off sale', async () => {
    openAt('/admin/promotions?kind=points');
    const table = await screen.findByRole('table', { name: '积分商城商品' });
    expect(within(table).getByText('800积分 + ¥19.90')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新建积分商品' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/商品名称/), { target: { value: '体温计' } });
    fireEvent.change(within(dialog).getByLabelText(/所需积分/), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText(/现金部分/), { target: { value: '9.9' } });
    fireEvent.change(within(dialog).getByLabelText(/库存/), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(posted('/api/admin/points-goods')).toHaveLength(1));
    expect(posted('/api/admin/points-goods')[0]).toMatchObject({
      name: '体温计',
      points: '500',
      cash_price: 990,
      stock: '50',
      is_on_sale: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(table).getByRole('button', { name: '下架' }));
    await waitFor(() => expect(posted('/api/admin/points-goods/4/off')).toHaveLength(1));
  });
});
