// The console's wallet work with the real router and query client, the server replaced by a fetch
// stub: 财务 sees the company's balance, ledger and coupons; 调整余额 refuses a debit beyond the
// balance before asking, sends fen with one request id per opened dialog (a retry after a refusal
// reuses it); 发放 sends a voucher's fen and every company; 审核 sees no wallet but links the
// store and reads the server's refusal; 我的账号 changes the password and enrols TOTP.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyDetail, Operator } from '../../src/domain/admin';
import type { AdminWalletView, GrantableTemplate, StoreRelations } from '../../src/domain/admin-wallet';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: Record<string, unknown> | undefined;
}

let calls: Call[];
let signedIn: Operator | null;
let handlers: Record<string, (call: Call) => { status?: number; code?: number; msg?: string; data: unknown }>;

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
  contract_signed: true,
  created_at: 0,
  users: [],
  files: [],
  account_managers: [],
  salespeople: [],
};

const wallet: AdminWalletView = {
  company_id: 2,
  balance: 10_050,
  points: 320,
  ledger: [
    {
      id: 9,
      amount: -2_000,
      balance_after: 10_050,
      use_type: 'adjust',
      remark: '误充扣回',
      order_id: null,
      created_at: 1_764_000_000_000,
    },
  ],
  coupons: [
    {
      id: 4,
      kind: 'voucher',
      name: '50元现金券',
      amount: 5_000,
      threshold: 0,
      state: 'unused',
      received_at: 1_764_000_000_000,
      expires_at: 1_770_000_000_000,
    },
  ],
};
const relations: StoreRelations = { company_id: 2, head: null, stores: [] };
const templates: GrantableTemplate[] = [
  { id: 7, kind: 'coupon', name: '满1000减50', amount: 5_000, threshold: 100_000, valid_days: 30, total: 0, issued: 3 },
];

beforeEach(() => {
  calls = [];
  signedIn = null;
  localStorage.clear();
  handlers = {
    'GET /api/admin/me': () =>
      signedIn ? { data: signedIn } : { status: 401, code: 10001, msg: '请先登录运营后台', data: null },
    'GET /api/admin/companies/2': () => ({ data: detail }),
    'GET /api/admin/companies/2/stores': () => ({ data: relations }),
    'GET /api/admin/companies/2/wallet': () => ({ data: wallet }),
    'GET /api/admin/wallet/templates': () => ({ data: templates }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
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

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

describe('console wallet on the company page', () => {
  it('shows 财务 the balance, the ledger with its reason and the vouchers held', async () => {
    signedIn = operator('finance');
    openAt('/admin/companies/2');
    const section = await screen.findByRole('region', { name: '钱包' });
    expect((await within(section).findByTestId('wallet-balance')).textContent).toBe('¥100.50');
    const ledger = within(section).getByRole('table', { name: '最近余额明细' });
    expect(within(ledger).getByText('余额调整')).toBeTruthy();
    expect(within(ledger).getByText('-¥20.00')).toBeTruthy();
    expect(within(ledger).getByText('误充扣回')).toBeTruthy();
    const held = within(section).getByRole('table', { name: '优惠券与现金券' });
    expect(within(held).getByText('50元现金券')).toBeTruthy();
    expect(within(held).getByText('可使用')).toBeTruthy();
  });

  it('adjusts: a debit beyond the balance is refused before asking; the retry keeps its request id', async () => {
    signedIn = operator('finance');
    let attempt = 0;
    handlers['POST /api/admin/companies/2/wallet/adjust'] = () => {
      attempt += 1;
      return attempt === 1
        ? { status: 422, code: 422, msg: '调整原因至少2个字', data: { errors: { reason: ['调整原因至少2个字'] } } }
        : { msg: '余额已调整', data: { ledger_id: 10, balance: 7_050, replayed: false } };
    };
    openAt('/admin/companies/2');
    fireEvent.click(await screen.findByRole('button', { name: '调整余额' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: '扣减余额' }));
    fireEvent.change(within(dialog).getByLabelText(/金额/), { target: { value: '100.51' } });
    fireEvent.change(within(dialog).getByLabelText(/调整原因/), { target: { value: '扣' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }));
    expect(await within(dialog).findByText('扣减金额不能超过当前余额（当前余额¥100.50）')).toBeTruthy();
    expect(posts('/api/admin/companies/2/wallet/adjust')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/金额/), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }));
    expect(await within(dialog).findByText('调整原因至少2个字')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/调整原因/), { target: { value: '误充扣回' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认调整' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = posts('/api/admin/companies/2/wallet/adjust').map((c) => c.body);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ direction: 'debit', amount: 3_000, reason: '误充扣回' });
    expect(sent[1]?.request_id).toBe(sent[0]?.request_id);
    expect(String(sent[0]?.request_id)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('grants a cash voucher in fen to this company and the others typed', async () => {
    signedIn = operator('finance');
    handlers['POST /api/admin/wallet/grants'] = (call) => ({
      msg: '已发放给3家企业',
      data: { template_id: 8, company_ids: call.body?.company_ids, replayed: false },
    });
    openAt('/admin/companies/2');
    fireEvent.click(await screen.findByRole('button', { name: '发放优惠券/现金券' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('option', { name: /满1000减50/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: '现金券' }));
    fireEvent.change(within(dialog).getByLabelText(/面额/), { target: { value: '25.5' } });
    fireEvent.change(within(dialog).getByLabelText(/有效天数/), { target: { value: '60' } });
    fireEvent.change(within(dialog).getByLabelText(/同时发放给/), { target: { value: '5，7 5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认发放' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts('/api/admin/wallet/grants')[0]?.body).toMatchObject({
      voucher_amount: 2_550,
      valid_days: 60,
      company_ids: [2, 5, 7],
    });
  });

  it('shows 审核 no wallet; linking a store shows the server refusal on the field', async () => {
    signedIn = operator('reviewer');
    handlers['POST /api/admin/companies/2/head'] = () => ({
      status: 422,
      code: 422,
      msg: '请检查输入',
      data: { errors: { head_id: ['所选总部本身是门店，只支持一级门店'] } },
    });
    openAt('/admin/companies/2');
    const stores = await screen.findByRole('region', { name: '门店关系' });
    expect(await within(stores).findByText('独立企业，既无所属总部也无下属门店。')).toBeTruthy();
    fireEvent.change(within(stores).getByLabelText(/总部企业编号/), { target: { value: '31' } });
    fireEvent.click(within(stores).getByRole('button', { name: '设为门店' }));
    expect(await within(stores).findByText('所选总部本身是门店，只支持一级门店')).toBeTruthy();
    expect(posts('/api/admin/companies/2/head')[0]?.body).toEqual({ head_id: 31 });
    expect(screen.queryByRole('region', { name: '钱包' })).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/wallet'))).toBe(false);
  });
});

describe('console 我的账号', () => {
  it('changes the password (the new one typed twice) and enrols TOTP with a first code', async () => {
    signedIn = operator('support');
    handlers['POST /api/admin/me/password'] = () => ({ msg: '密码已修改', data: { sessions_ended: 2 } });
    handlers['POST /api/admin/me/totp/start'] = () => ({
      data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,AAAA' },
    });
    let confirms = 0;
    handlers['POST /api/admin/me/totp/confirm'] = () => {
      confirms += 1;
      if (confirms === 1)
        return { status: 422, code: 422, msg: '请检查输入', data: { errors: { code: ['动态验证码错误或已使用'] } } };
      signedIn = operator('support', true);
      return { msg: '动态验证码已启用', data: { totp_enabled: true } };
    };
    openAt('/admin/account');
    await screen.findByRole('heading', { name: '我的账号' });
    const pw = screen.getByRole('region', { name: '修改密码' });
    fireEvent.change(within(pw).getByLabelText(/当前密码/), { target: { value: 'console1234' } });
    fireEvent.change(within(pw).getByLabelText(/新密码（/), { target: { value: 'a-new-password-1' } });
    fireEvent.change(within(pw).getByLabelText(/再次输入/), { target: { value: 'a-new-password-2' } });
    fireEvent.click(within(pw).getByRole('button', { name: '修改密码' }));
    expect(await within(pw).findByText('两次输入的新密码不一致')).toBeTruthy();
    fireEvent.change(within(pw).getByLabelText(/再次输入/), { target: { value: 'a-new-password-1' } });
    fireEvent.click(within(pw).getByRole('button', { name: '修改密码' }));
    expect(await within(pw).findByText('密码已修改，已退出其他设备上的 2 个登录')).toBeTruthy();
    expect(posts('/api/admin/me/password')[0]?.body).toEqual({
      current_password: 'console1234',
      new_password: 'a-new-password-1',
    });

    const totp = screen.getByRole('region', { name: '动态验证码（两步验证）' });
    fireEvent.click(within(totp).getByRole('button', { name: '开始绑定' }));
    expect((await within(totp).findByRole('img', { name: '动态验证码二维码' })).getAttribute('src')).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(within(totp).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    fireEvent.change(within(totp).getByLabelText(/6位动态验证码/), { target: { value: '123456' } });
    fireEvent.click(within(totp).getByRole('button', { name: '确认启用' }));
    expect(await within(totp).findByText('动态验证码错误或已使用')).toBeTruthy();
    fireEvent.click(within(totp).getByRole('button', { name: '确认启用' }));
    expect(await within(totp).findByText(/已启用：登录时需输入/)).toBeTruthy();
  });
});

describe('console 运营账号', () => {
  it("creates an account, changes another operator's role and stops them; its own row has neither", async () => {
    signedIn = { ...operator('admin'), id: 1, name: '赵敏' };
    const rows = [
      {
        id: 1,
        username: 'admin',
        name: '赵敏',
        role: 'admin',
        totp_enabled: true,
        phone: '',
        disabled: false,
        last_login_at: null,
      },
      {
        id: 2,
        username: 'support',
        name: '周客服',
        role: 'support',
        totp_enabled: false,
        phone: '',
        disabled: false,
        last_login_at: null,
      },
    ];
    handlers['GET /api/admin/operators'] = () => ({ data: rows });
    handlers['POST /api/admin/operators/2/settings'] = (call) => ({ msg: '已保存', data: call.body });
    let creates = 0;
    handlers['POST /api/admin/operators'] = () => {
      creates += 1;
      return creates === 1
        ? { status: 422, code: 422, msg: '请检查输入', data: { errors: { username: ['该用户名已存在'] } } }
        : { msg: '运营账号已创建', data: { id: 3, otpauth_uri: null } };
    };
    openAt('/admin/operators');
    const table = await screen.findByRole('table', { name: '运营账号' });
    expect(within(table).queryByRole('combobox', { name: '赵敏的角色' })).toBeNull();
    fireEvent.change(within(table).getByRole('combobox', { name: '周客服的角色' }), { target: { value: 'finance' } });
    await waitFor(() =>
      expect(posts('/api/admin/operators/2/settings')[0]?.body).toEqual({ role: 'finance', disabled: false }),
    );
    const stop = within(table).getAllByRole('button', { name: '停用' });
    expect(stop).toHaveLength(1);
    fireEvent.click(stop[0]!);
    await waitFor(() =>
      expect(posts('/api/admin/operators/2/settings')[1]?.body).toEqual({ role: 'support', disabled: true }),
    );

    fireEvent.click(screen.getByRole('button', { name: '新建账号' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/用户名/), { target: { value: 'cashier.li' } });
    fireEvent.change(within(dialog).getByLabelText(/姓名/), { target: { value: '李出纳' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /角色/ }), { target: { value: 'finance' } });
    fireEvent.change(within(dialog).getByLabelText(/初始密码/), { target: { value: 'cashier-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('该用户名已存在')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts('/api/admin/operators')[1]?.body).toEqual({
      username: 'cashier.li',
      name: '李出纳',
      phone: '',
      role: 'finance',
      password: 'cashier-pass-1',
      totp: false,
    });
  });
});
