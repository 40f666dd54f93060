// The operator console's page logic with the real router and query client, the server replaced
// by a fetch stub: sign-in asks for the TOTP code only when the server says so and then lands on
// the dashboard; navigation and pages follow the role; a header click sorts on the server (the
// URL and the request change, the rows are the server's); the settings form sends what it shows.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyDetail, CompanyRow, DashboardCounts, Operator, Paged } from '../../src/domain/admin';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

let calls: Call[];
let signedIn: Operator | null;
let handlers: Record<string, (call: Call) => { status?: number; code?: number; msg?: string; data: unknown }>;

const counts: DashboardCounts = {
  today: { orders: 3, amount: 123_456 },
  orders_waiting: { pending_payment: 1, awaiting_transfer: 2, paid: 3, shipped: 4, after_sale: 0 },
  registrations_pending: 7,
  renewals_pending: 1,
  transfers_to_confirm: 2,
  after_sales_to_decide: 0,
  low_stock: { threshold: 10, count: 0, goods: [] },
  money_settings_changes: [],
};

const row = (id: number, name: string): CompanyRow => ({
  id,
  name,
  kind: 'pharmacy',
  review_status: 'pending',
  pending_files: 0,
  rank: 1,
  contact_name: '刘芳',
  contact_phone: '13600000000',
  city: '佛山市',
  created_at: Date.parse('2025-06-01T02:00:00Z'),
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
    'GET /api/admin/dashboard': () => ({ data: counts }),
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

describe('operator console', () => {
  it('signs in with password, then the TOTP code the server asks for, and lands on the dashboard', async () => {
    handlers['POST /api/admin/login'] = (call) => {
      const body = call.body as { totp?: string };
      if (!body.totp) return { msg: '请输入动态验证码', data: { operator: null, totp_required: true } };
      if (body.totp !== '123456')
        return {
          status: 422,
          code: 422,
          msg: '动态验证码错误或已使用',
          data: { errors: { totp: ['动态验证码错误或已使用'] } },
        };
      signedIn = { ...operator('admin'), totp_enabled: true };
      return { msg: '登录成功', data: { operator: signedIn, totp_required: false } };
    };
    openAt('/admin/');
    const username = await screen.findByLabelText(/用户名/);
    expect(window.location.pathname).toBe('/admin/login');
    fireEvent.change(username, { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/密码/), { target: { value: 'console1234' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    const code = await screen.findByLabelText(/动态验证码/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('动态验证码错误或已使用')).toBeTruthy();

    fireEvent.change(code, { target: { value: '12a3456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await screen.findByRole('heading', { name: '工作台' });
    expect(window.location.pathname).toBe('/admin/');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      username: 'admin',
      password: 'console1234',
      totp: '123456',
    });
    expect(screen.getByText('¥1234.56')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
  });

  it('shows each role only its areas, and says so on a page it may not open', async () => {
    signedIn = operator('warehouse');
    openAt('/admin/transfers');
    await screen.findByText('只有财务和管理员可以确认转账。');
    const nav = screen.getByRole('navigation', { name: '后台导航' });
    expect(within(nav).queryByRole('link', { name: '待确认转账' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: '企业与资质' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/admin/transfers')).toBe(false);
  });

  it('sorts on the server: a header click changes the URL and the request, the rows are the server answer', async () => {
    signedIn = operator('reviewer');
    handlers['GET /api/admin/companies'] = (call) => {
      const byName = call.url.searchParams.get('sort') === 'name';
      const list = byName
        ? [row(2, '佛山市禅城区仁心药店'), row(9, '湛江药店')]
        : [row(9, '湛江药店'), row(2, '佛山市禅城区仁心药店')];
      return {
        data: {
          list,
          total: 41,
          page: Number(call.url.searchParams.get('page') ?? 1),
          size: 20,
        } satisfies Paged<CompanyRow>,
      };
    };
    openAt('/admin/companies?status=pending');
    const table = await screen.findByRole('table', { name: '企业列表' });
    await within(table).findByText('湛江药店');
    expect(calls.find((c) => c.url.pathname === '/api/admin/companies')?.url.searchParams.get('status')).toBe(
      'pending',
    );

    fireEvent.click(within(table).getByRole('button', { name: /企业名称/ }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sort')).toBe('name'));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/api/admin/companies').at(-1)!;
      expect(last.url.searchParams.get('sort')).toBe('name');
      expect(last.url.searchParams.get('status')).toBe('pending');
    });
    await waitFor(() => {
      const names = within(table)
        .getAllByRole('link')
        .map((a) => a.textContent);
      expect(names).toEqual(['佛山市禅城区仁心药店', '湛江药店']);
    });

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('page')).toBe('2'));

    // Column choice: hiding 联系电话 removes the column and survives a new table.
    fireEvent.click(screen.getByText('显示列'));
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: '联系电话' }));
    });
    expect(within(table).queryByRole('columnheader', { name: '联系电话' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('console.columns.企业列表') ?? '{}')).toEqual({ phone: false });
  });

  it('goes to the login when the session ends under a page, and comes back afterwards', async () => {
    signedIn = operator('reviewer');
    handlers['GET /api/admin/companies'] = () => ({ status: 401, code: 10001, msg: '请先登录运营后台', data: null });
    openAt('/admin/companies?q=%E4%BB%81%E5%BF%83');
    await screen.findByLabelText(/用户名/);
    expect(window.location.pathname).toBe('/admin/login');
    const back = new URLSearchParams(window.location.search).get('redirect') ?? '';
    expect(back.startsWith('/companies')).toBe(true);
    expect(decodeURIComponent(back)).toContain('仁心');
  });

  it('the settings form sends the values it shows', async () => {
    signedIn = operator('reviewer');
    const detail: CompanyDetail = {
      id: 2,
      name: '佛山市禅城区仁心药店',
      kind: 'pharmacy',
      parent_id: null,
      review_status: 'approved',
      review_note: '',
      rank: 1,
      is_special: false,
      is_show_youx: false,
      is_can_chat: false,
      is_after_sale: true,
      account_manager_id: null,
      salesperson_id: null,
      business_scope: ['xy'],
      credit_code: '',
      legal_person: '',
      contact_name: '',
      contact_phone: '',
      address: '',
      contract_signed: false,
      created_at: 0,
      users: [],
      files: [],
      account_managers: [{ id: 5, name: '张经理', phone: '13926041288' }],
      salespeople: [{ id: 6, name: '李业务', phone: '15820476631' }],
    };
    handlers['GET /api/admin/companies/2'] = () => ({ data: detail });
    handlers['POST /api/admin/companies/2/settings'] = (call) => ({ msg: '保存成功', data: call.body });
    openAt('/admin/companies/2');
    await screen.findByRole('heading', { name: '企业设置' });
    // Approved with no files waiting: nothing to decide.
    expect(screen.queryByRole('heading', { name: '注册审核' })).toBeNull();

    fireEvent.change(screen.getByLabelText('会员等级'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('专属客户经理'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '可购控销商品' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '第二类医疗器械' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '化学药制剂' }));
    fireEvent.click(screen.getByRole('button', { name: '保存设置' }));
    await screen.findByText('已保存');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      rank: 3,
      account_manager_id: 5,
      salesperson_id: null,
      is_special: true,
      is_show_youx: false,
      is_can_chat: false,
      is_after_sale: true,
      business_scope: ['qx'],
    });
  });

  it('confines a session that must enrol its TOTP (production) to 我的账号, with no areas and no password form', async () => {
    signedIn = { ...operator('finance'), totp_enrolment_required: true } as Operator;
    openAt('/admin/transfers');
    expect(await screen.findByText(/运营后台要求所有账号使用动态验证码登录/)).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/account');
    expect(within(screen.getByRole('navigation', { name: '后台导航' })).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: '修改密码' })).toBeNull();
    expect(screen.getByRole('button', { name: '开始绑定' })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/admin/transfers')).toBe(false);
  });

  it('announces a money-settings change on the dashboard to every role', async () => {
    signedIn = operator('warehouse');
    handlers['GET /api/admin/dashboard'] = () => ({
      data: {
        ...counts,
        money_settings_changes: [
          {
            id: 9,
            at: Date.parse('2025-06-02T02:00:00Z'),
            by: '王财务',
            changed: ['transfer_account', 'payment_window'],
            before: { transfer_account: null, payment_window: null },
            after: {
              transfer_account: { account_name: '康源医药有限公司', bank: '招商银行', account_no: '1209 8888' },
              payment_window: { minutes: 45 },
            },
          },
        ],
      } satisfies DashboardCounts,
    });
    openAt('/admin/');
    const notice = await screen.findByRole('region', { name: '资金设置变更公告' });
    expect(notice.textContent).toContain('2025-06-02 10:00');
    expect(notice.textContent).toContain(
      '王财务 修改了资金设置：对公转账收款账户改为：康源医药有限公司，招商银行，1209 8888；支付时限：默认 → 45分钟',
    );
  });
});
