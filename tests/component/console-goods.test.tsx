// The console's goods pages with the real router, the server replaced by a fetch stub: the list
// sorts on the server through the URL; the editor's ladder rows catch "more units, dearer" before
// sending and send prices in fen; the import shows each row's error and offers no apply while any
// row is invalid, then applies a clean file.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Operator, Paged } from '../../src/domain/admin';
import type { ConsoleGoods, ConsoleGoodsRow, ImportPreview } from '../../src/domain/admin-goods';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let signedIn: Operator;
let nextPreview: ImportPreview;

const row: ConsoleGoodsRow = {
  id: 12,
  name: '清肺抑火丸',
  common_name: '',
  ypgg: '6g*10袋',
  sccj: '同仁堂',
  approval_no: '国药准字Z11020001',
  barcode: '6900000000012',
  category: '清热剂',
  base_price: 2_005,
  stock: 3,
  sales_count: 40,
  is_on_sale: true,
  flags: ['jxq'],
  updated_at: Date.now(),
};

const goods: ConsoleGoods = {
  ...row,
  bzdw: '盒',
  image: '/media/goods/12.svg',
  images: [],
  retail_price: 0,
  purchase_limit: 0,
  ephedrine_limit: 0,
  min_buy: 1,
  zbz: 1,
  mid_pack_strict: false,
  qg_number: 0,
  is_kx: false,
  is_jxq: true,
  is_ephedrine: false,
  is_free_shipping: false,
  is_dpby: false,
  scope_class: 'zcy',
  ladder_prices: [{ min_number: 10, price: 1_900 }],
  rank_prices: [],
  category_id: 3,
  manufacturer_id: 4,
  brand_id: null,
  warehouse_id: 1,
  batches: [
    {
      id: 5,
      batch_no: 'B2401',
      produced_on: '2024-01-01',
      expires_on: '2026-12-31',
      reports: [
        { id: 9, title: '出厂检验报告', report_no: 'R1', issuer: '', issued_on: null, file_name: 'r.pdf', size: 2048 },
      ],
    },
  ],
};

beforeEach(() => {
  calls = [];
  signedIn = operator('operations');
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body =
        init.body instanceof FormData
          ? Object.fromEntries(init.body.entries())
          : init.body
            ? JSON.parse(String(init.body))
            : undefined;
      const call: Call = { method: init.method ?? 'GET', url, body };
      calls.push(call);
      const key = `${call.method} ${url.pathname}`;
      let data: unknown = null;
      if (key === 'GET /api/admin/me') data = signedIn;
      else if (key === 'GET /api/admin/goods')
        data = { list: [row], total: 1, page: 1, size: 20 } satisfies Paged<ConsoleGoodsRow>;
      else if (key === 'GET /api/admin/goods/categories') data = [{ id: 1, name: '中成药', level: 1, parent_id: null }];
      else if (key === 'GET /api/admin/goods/12') data = goods;
      // The master data the editor's placement selects offer (category, maker, brand, warehouse).
      else if (key === 'GET /api/admin/catalogue/categories')
        data = [
          { id: 1, name: '中成药', level: 1, parent_id: null },
          { id: 3, name: '清热剂', level: 2, parent_id: 1 },
        ];
      else if (key === 'GET /api/admin/catalogue/makers') data = [{ id: 4, name: '同仁堂' }];
      else if (key === 'GET /api/admin/catalogue/brands') data = [];
      else if (key === 'GET /api/admin/catalogue/warehouses') data = [{ id: 1, name: '广州仓' }];
      else if (key === 'POST /api/admin/goods/12') data = { id: 12, changed: ['ladder_prices'], alerts_fired: 0 };
      else if (key === 'POST /api/admin/goods/import') data = nextPreview;
      else throw new Error(`unexpected ${key}`);
      return new Response(JSON.stringify({ code: 10000, msg: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console goods', () => {
  it('lists goods and sorts on the server by a header click', async () => {
    openAt('/admin/goods');
    const table = await screen.findByRole('table', { name: '商品' });
    expect(within(table).getByRole('link', { name: '清肺抑火丸' })).toBeTruthy();
    expect(within(table).getByText('¥20.05')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /基础价/ }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/admin/goods' && c.url.searchParams.get('sort') === 'base_price'),
      ).toBe(true),
    );
  });

  it('ladder rows: a dearer later step is refused on its row, nothing sent; fixed, prices go in fen', async () => {
    openAt('/admin/goods/12');
    await screen.findByRole('heading', { name: '清肺抑火丸' });
    fireEvent.click(screen.getByRole('button', { name: '添加一档' }));
    const rows = screen.getAllByTestId('ladder-row');
    expect(rows).toHaveLength(2);
    fireEvent.change(within(rows[1]).getByLabelText(/第2档 起购数量/), { target: { value: '50' } });
    fireEvent.change(within(rows[1]).getByLabelText(/单价/), { target: { value: '19.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await within(rows[1]).findByText('数量越多价格不能越高')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(rows[1]).getByLabelText(/单价/), { target: { value: '18.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/goods/12')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      base_price: 2_005,
      stock: 3,
      category_id: 3,
      manufacturer_id: 4,
      brand_id: null,
      warehouse_id: 1,
      ladder_prices: [
        { min_number: 10, price: 1_900 },
        { min_number: 50, price: 1_850 },
      ],
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(screen.getByText(/出厂检验报告/)).toBeTruthy();
  });

  it('import: a file with a bad row shows the row and offers no apply; a clean one applies', async () => {
    openAt('/admin/goods/import');
    const input = await screen.findByLabelText('导入文件');
    nextPreview = {
      file_name: 'a.csv',
      applied: false,
      invalid: 1,
      changes: 1,
      rows: [
        { row: 2, goods_id: 12, name: '清肺抑火丸', price: { from: 2_005, to: 1_950 }, stock: null, errors: [] },
        { row: 3, goods_id: null, name: null, price: null, stock: null, errors: ['商品编号不存在：999'] },
      ],
    };
    fireEvent.change(input, {
      target: { files: [new File(['商品编号,价格\n12,19.5\n999,1\n'], 'a.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: '预览' }));
    const table = await screen.findByRole('table', { name: '导入预览' });
    expect(within(table).getByText('商品编号不存在：999')).toBeTruthy();
    expect(within(table).getByText('¥20.05 → ¥19.50')).toBeTruthy();
    expect(screen.getByText(/1行有错误/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /确认导入/ })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ mode: 'preview' });

    nextPreview = { ...nextPreview, invalid: 0, rows: [nextPreview.rows[0]] };
    fireEvent.click(screen.getByRole('button', { name: '预览' }));
    const apply = await screen.findByRole('button', { name: '确认导入（1个商品）' });
    nextPreview = { ...nextPreview, applied: true };
    fireEvent.click(apply);
    expect(await screen.findByText('已导入：更新1个商品')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toMatchObject({ mode: 'apply' });
  });

  it('tells other roles they may not open it', async () => {
    signedIn = operator('finance');
    openAt('/admin/goods');
    expect(await screen.findByText('当前角色不能管理商品。')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/admin/goods')).toBe(false);
  });
});
