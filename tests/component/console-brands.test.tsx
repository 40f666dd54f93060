// The console's 品牌管理 screen (issue 32 §1) with the real router and query client, the server
// replaced by a fetch stub: 运营 finds it in the navigation, sees each brand with its logo and goods
// count, creates one (logo, 品牌专区图, description sent as typed), edits one, and a delete the server
// refuses shows the server's reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Operator } from '../../src/domain/admin';
import type { ConsoleBrand } from '../../src/domain/admin-catalogue';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let signedIn: Operator | null;
let handlers: Record<string, (call: Call) => { status?: number; code?: number; msg?: string; data: unknown }>;

const brand = (over: Partial<ConsoleBrand>): ConsoleBrand => ({
  id: 1,
  name: '同仁堂',
  logo: '/media/brand/trt.png',
  banner: '/media/brand/trt-zone.png',
  description: '中华老字号',
  manufacturer_id: null,
  sort: 1,
  is_show: true,
  goods_count: 12,
  ...over,
});

beforeEach(() => {
  calls = [];
  signedIn = operator('operations');
  localStorage.clear();
  handlers = {
    'GET /api/admin/me': () => ({ data: signedIn }),
    'GET /api/admin/catalogue/brands': () => ({
      data: [brand({}), brand({ id: 2, name: '新品牌', logo: '', banner: '', description: '', goods_count: 0 })],
    }),
    'GET /api/admin/catalogue/makers': () => ({
      data: [
        {
          id: 5,
          name: '北京同仁堂股份有限公司',
          short_name: '',
          province: '',
          pinyin_initials: 'bjtrtgfyxgs',
          goods_count: 3,
        },
      ],
    }),
    'POST /api/admin/catalogue/brands': () => ({ data: { id: 3 }, msg: '品牌已创建' }),
    'POST /api/admin/catalogue/brands/1': () => ({ data: { id: 1 }, msg: '品牌已保存' }),
    'POST /api/admin/catalogue/brands/1/remove': () => ({
      status: 409,
      code: 409,
      msg: '该品牌下还有商品，不能删除',
      data: null,
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
  vi.stubGlobal('confirm', () => true);
});
afterEach(() => vi.unstubAllGlobals());

describe('console 品牌管理', () => {
  it('is in the navigation and lists each brand with its logo, zone picture and goods count', async () => {
    openAt('/admin/brands');
    expect(await screen.findByRole('heading', { name: '品牌管理' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '品牌管理' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '品牌' });
    const row = (await within(table).findByText('同仁堂')).closest('tr')!;
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByText('已设置')).toBeTruthy();
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/media/brand/trt.png');
    const empty = within(table).getByText('新品牌').closest('tr')!;
    expect(within(empty).getByText('未设置')).toBeTruthy();
  });

  it('creates a brand with logo, 品牌专区图 and description, and edits one', async () => {
    openAt('/admin/brands');
    fireEvent.click(await screen.findByRole('button', { name: '新建品牌' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/品牌名称/), { target: { value: '康源' } });
    fireEvent.change(within(dialog).getByLabelText(/品牌标志/), { target: { value: '/media/brand/ky.png' } });
    fireEvent.change(within(dialog).getByLabelText(/品牌专区图/), { target: { value: '/media/brand/ky-zone.png' } });
    fireEvent.change(within(dialog).getByLabelText(/品牌介绍/), { target: { value: '道地药材' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/catalogue/brands')).toBe(true),
    );
    const created = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/admin/catalogue/brands')!;
    expect(created.body).toMatchObject({
      name: '康源',
      logo: '/media/brand/ky.png',
      banner: '/media/brand/ky-zone.png',
      description: '道地药材',
      manufacturer_id: null,
      is_show: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '编辑 同仁堂' }));
    const edit = await screen.findByRole('dialog');
    expect((within(edit).getByLabelText(/品牌专区图/) as HTMLInputElement).value).toBe('/media/brand/trt-zone.png');
    fireEvent.change(within(edit).getByLabelText(/品牌介绍/), { target: { value: '始于1669年' } });
    fireEvent.click(within(edit).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/catalogue/brands/1')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/admin/catalogue/brands/1')!.body).toMatchObject({
      name: '同仁堂',
      description: '始于1669年',
    });
  });

  it('shows the server’s reason when it refuses to delete a brand in use', async () => {
    openAt('/admin/brands');
    fireEvent.click(await screen.findByRole('button', { name: '删除 同仁堂' }));
    expect(await screen.findByText('该品牌下还有商品，不能删除')).toBeTruthy();
  });
});
