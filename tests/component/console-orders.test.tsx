// The console's order, after-sale and invoice screens with the real router and query client, the
// server replaced by a fetch stub: the ship form offers each line's batches and sends what it
// shows, the server's field messages land beside the fields; after-sale rows offer only the steps
// the status, kind and role allow and send the refund route; the dashboard's counts open the
// lists; an invoice is rejected with the reason typed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardCounts, Operator, Paged } from '../../src/domain/admin';
import type { AdminAfterSaleRow, AdminInvoiceRow, AdminOrderDetail } from '../../src/domain/admin-orders';
import { makeDetail, makeLine } from './order-fixtures';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let signedIn: Operator | null;
let handlers: Record<string, (call: Call) => { status?: number; code?: number; msg?: string; data: unknown }>;

const detail: AdminOrderDetail = {
  order: makeDetail({
    id: 42,
    order_no: 'D202506010001',
    status: 'paid',
    lines: [
      makeLine({ id: 7, name: '阿莫西林胶囊', batch_no: 'A1', expires_on: '2027-01-01' }),
      makeLine({ id: 8, name: '感冒灵颗粒', batch_no: '', expires_on: '' }),
    ],
  }),
  company: { id: 3, name: '广州市康宁大药房有限公司' },
  batches: { '7': [{ batch_no: 'A2', expires_on: '2028-01-01' }], '8': [{ batch_no: 'B9', expires_on: '2027-09-30' }] },
};

const afterSale = (over: Partial<AdminAfterSaleRow> & { id: number }): AdminAfterSaleRow => ({
  order_id: 42,
  order_no: 'D202506010001',
  company_id: 3,
  company_name: '广州市康宁大药房有限公司',
  kind: 'refund',
  reason: '质量问题',
  amount: 2500,
  status: 'submitted',
  created_at: Date.parse('2025-06-01T02:00:00Z'),
  ...over,
});

function respond(status: number, code: number, msg: string, data: unknown): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  signedIn = null;
  localStorage.clear();
  handlers = {
    'GET /api/admin/me': () =>
      signedIn ? { data: signedIn } : { status: 401, code: 10001, msg: '请先登录运营后台', data: null },
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
      const answer = handler(call);
      return respond(answer.status ?? 200, answer.code ?? 10000, answer.msg ?? 'ok', answer.data);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console orders', () => {
  it('ships with the batches chosen per line; the server field messages show beside the fields', async () => {
    signedIn = operator('warehouse');
    handlers['GET /api/admin/orders/42'] = () => ({ data: detail });
    let attempt = 0;
    handlers['POST /api/admin/orders/42/ship'] = () => {
      attempt += 1;
      if (attempt === 1)
        return {
          status: 422,
          code: 422,
          msg: '参数错误',
          data: { errors: { tracking_no: ['运单号为6-32位字母、数字或 -'] } },
        };
      return { msg: '已发货', data: { ...detail, order: { ...detail.order, status: 'shipped' } } };
    };
    openAt('/admin/orders/42');
    const form = await screen.findByRole('form', { name: '发货' });
    // The batch it was sold from comes first; the goods' other batches follow.
    const first = within(form).getByLabelText('阿莫西林胶囊的批号') as HTMLSelectElement;
    expect([...first.options].map((o) => o.value)).toEqual(['A1', 'A2']);
    fireEvent.change(first, { target: { value: 'A2' } });
    fireEvent.change(within(form).getByLabelText(/承运商/), { target: { value: '顺丰速运' } });
    fireEvent.change(within(form).getByLabelText(/运单号/), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: '确认发货' }));
    expect(await within(form).findByText('运单号为6-32位字母、数字或 -')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/运单号/), { target: { value: 'SF1234567890' } });
    // 药品追溯码: a scanner types the code and Enter — it joins the line and does not submit; a bad
    // one and a repeat are refused on the spot.
    const codes = within(form).getByLabelText('阿莫西林胶囊的追溯码');
    const scan = (code: string) => {
      fireEvent.change(codes, { target: { value: code } });
      fireEvent.keyDown(codes, { key: 'Enter' });
    };
    scan('12345');
    expect(within(form).getByText('追溯码12345格式不正确：应为20位数字（当前5位）')).toBeTruthy();
    scan('81000000000000011234');
    scan('81000000000000011234');
    expect(within(form).getByText('追溯码81000000000000011234已扫描，不能重复')).toBeTruthy();
    expect(within(form).getByRole('list', { name: '阿莫西林胶囊已扫追溯码' }).textContent).toContain(
      '81000000000000011234',
    );
    expect(attempt).toBe(1);
    fireEvent.click(within(form).getByRole('button', { name: '确认发货' }));
    await waitFor(() => expect(attempt).toBe(2));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
      lines: [
        { order_line_id: 7, batch_no: 'A2', trace_codes: ['81000000000000011234'] },
        { order_line_id: 8, batch_no: 'B9', trace_codes: [] },
      ],
    });
  });

  it('offers 财务 the cancel with refund but not the ship form, and 仓库 the reverse', async () => {
    signedIn = operator('finance');
    handlers['GET /api/admin/orders/42'] = () => ({ data: detail });
    const view = openAt('/admin/orders/42');
    await screen.findByRole('button', { name: '取消订单并退款' });
    expect(screen.queryByRole('form', { name: '发货' })).toBeNull();
    expect(screen.queryByRole('link', { name: '打印拣货单' })).toBeNull();
    view.unmount();

    signedIn = operator('warehouse');
    openAt('/admin/orders/42');
    await screen.findByRole('form', { name: '发货' });
    expect(screen.queryByRole('button', { name: '取消订单并退款' })).toBeNull();
    expect(screen.getByRole('link', { name: '打印拣货单' }).getAttribute('href')).toBe(
      '/api/admin/orders/42/picking-list',
    );
  });

  it("links the dashboard's waiting counts to the filtered lists", async () => {
    signedIn = operator('warehouse');
    const counts: DashboardCounts = {
      today: { orders: 0, amount: 0 },
      orders_waiting: { pending_payment: 0, awaiting_transfer: 0, paid: 3, shipped: 0, after_sale: 0 },
      registrations_pending: 0,
      renewals_pending: 0,
      transfers_to_confirm: 0,
      after_sales_to_decide: 2,
      low_stock: { threshold: 10, count: 0, goods: [] },
      money_settings_changes: [],
    };
    handlers['GET /api/admin/dashboard'] = () => ({ data: counts });
    handlers['GET /api/admin/orders'] = () => ({ data: { list: [], total: 0, page: 1, size: 20 } });
    openAt('/admin/');
    fireEvent.click(await screen.findByRole('link', { name: '待发货订单 3' }));
    await screen.findByRole('heading', { name: '订单管理' });
    expect(window.location.search).toContain('status=paid');
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/admin/orders' && c.url.searchParams.get('status') === 'paid'),
      ).toBe(true),
    );
  });
});

describe('console after-sales and invoices', () => {
  const list = (rows: AdminAfterSaleRow[]): Paged<AdminAfterSaleRow> => ({
    list: rows,
    total: rows.length,
    page: 1,
    size: 20,
  });

  it('offers 客服 intake steps and 财务 the refund routes, and sends the route chosen', async () => {
    const rows = [
      afterSale({ id: 1, status: 'submitted' }),
      afterSale({ id: 2, status: 'approved', kind: 'refund' }),
      afterSale({ id: 3, status: 'approved', kind: 'return' }),
    ];
    handlers['GET /api/admin/after_sales'] = () => ({ data: list(rows) });
    handlers['POST /api/admin/after_sales/2/refund'] = () => ({ data: {} });
    signedIn = operator('support');
    const view = openAt('/admin/after-sales');
    const table = await screen.findByRole('table', { name: '售后' });
    const rowOf = (id: number) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByText(String(id)) !== null)!;
    expect(within(rowOf(1)).getByRole('button', { name: '同意受理' })).toBeTruthy();
    expect(within(rowOf(3)).getByRole('button', { name: '确认收到退货' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: '退回余额' })).toBeNull();
    view.unmount();

    signedIn = operator('finance');
    openAt('/admin/after-sales');
    const t2 = await screen.findByRole('table', { name: '售后' });
    expect(within(t2).queryByRole('button', { name: '同意受理' })).toBeNull();
    expect(within(t2).getAllByRole('button', { name: '退回余额' })).toHaveLength(1);
    fireEvent.click(within(t2).getByRole('button', { name: '退回余额' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/after_sales/2/refund')).toBe(true),
    );
    expect(calls.find((c) => c.url.pathname === '/api/admin/after_sales/2/refund')?.body).toEqual({ route: 'balance' });
  });

  it('rejects an invoice request with the reason typed, and shows the server refusal', async () => {
    signedIn = operator('finance');
    const inv: AdminInvoiceRow = {
      id: 5,
      order_id: 42,
      order_no: 'D202506010001',
      kind: 'special',
      title: '广州市康宁大药房有限公司',
      tax_no: '91440106MA59C8K27X',
      email: '',
      amount: 52846,
      status: 'requested',
      invoice_no: null,
      issued_at: null,
      created_at: 1_767_225_600,
      pdf_url: null,
      company_id: 3,
      company_name: '广州市康宁大药房有限公司',
      reject_reason: '',
    };
    handlers['GET /api/admin/invoices'] = () => ({ data: { list: [inv], total: 1, page: 1, size: 20 } });
    let tries = 0;
    handlers['POST /api/admin/invoices/5/reject'] = () => {
      tries += 1;
      return tries === 1
        ? { status: 422, code: 422, msg: '参数错误', data: { errors: { reason: ['驳回原因至少2个字'] } } }
        : { data: { ...inv, status: 'rejected' } };
    };
    openAt('/admin/invoices');
    const table = await screen.findByRole('table', { name: '发票' });
    fireEvent.click(within(table).getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/驳回原因/), { target: { value: '税' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    expect(await within(dialog).findByText('驳回原因至少2个字')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/驳回原因/), { target: { value: '税号与抬头不符' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.url.pathname === '/api/admin/invoices/5/reject').at(-1)?.body).toEqual({
      reason: '税号与抬头不符',
    });
  });
});
