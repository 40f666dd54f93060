// The console's 站点设置 page (issue 18 part C, issue 29 §4) with the real router and a fetch stub:
// amounts are typed in yuan and sent in fen, each section saves only its own setting, a malformed
// amount is stopped before sending, and the page says where the 对公转账 account comes from. The
// money settings (account, payment window) are read-only for 运营, ask 财务 for a fresh TOTP code
// with every save, and send an operator without TOTP to 我的账号.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from '../../admin/src/app/console-app';
import type { SignedInOperator } from '../../src/domain/admin';
import type { SiteSettingsView } from '../../src/domain/admin-content';

let posts: unknown[];
let view: SiteSettingsView;
let me: SignedInOperator;

const reply = (data: unknown) =>
  new Response(JSON.stringify({ code: 10000, msg: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  posts = [];
  me = {
    id: 1,
    username: 'operations',
    name: '测试员',
    role: 'operations',
    totp_enabled: false,
    totp_enrolment_required: false,
  };
  view = {
    shipping: { shipping_amount: 80_000, fee: 1_000 },
    payment_window: { minutes: 30 },
    transfer_account: null,
    shop_front: null,
    transfer_account_source: 'environment',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      if (key === 'GET /api/admin/me') return reply(me);
      if (key === 'GET /api/admin/settings') return reply(view);
      if (key === 'POST /api/admin/settings') {
        const patch = JSON.parse(String(init.body)) as Partial<SiteSettingsView>;
        posts.push(patch);
        view = { ...view, ...patch };
        return reply(view);
      }
      throw new Error(`unexpected ${key}`);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console site settings', () => {
  it('sends the free-shipping amount and fee in fen, and only that section', async () => {
    window.history.replaceState(null, '', '/admin/settings');
    render(<ConsoleApp />);
    const shipping = await screen.findByRole('form', { name: '运费与包邮' });
    const amount = within(shipping).getByLabelText(/包邮金额/) as HTMLInputElement;
    expect(amount.value).toBe('800.00');
    expect(screen.getByText(/当前使用：服务器环境变量 TRANSFER_\*/)).toBeTruthy();

    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(within(shipping).getByRole('button', { name: '保存' }));
    expect(await within(shipping).findByText('请输入包邮金额（元），最多两位小数')).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '9000.5' } });
    fireEvent.change(within(shipping).getByLabelText(/运费/), { target: { value: '8' } });
    fireEvent.click(within(shipping).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts).toEqual([{ shipping: { shipping_amount: 900_050, fee: 800 } }]));
    expect(await within(shipping).findByText('已保存，商城下次加载即生效')).toBeTruthy();

    // 运营 see the money settings but cannot change them.
    expect(screen.getByText('只有财务和管理员可以修改收款账户与支付时限。')).toBeTruthy();
    const window_ = screen.getByRole('form', { name: '支付时限' });
    expect((within(window_).getByLabelText(/支付时限/) as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(within(window_).queryByRole('button', { name: '保存' })).toBeNull();
    expect(
      within(screen.getByRole('form', { name: '对公转账收款账户' })).queryByRole('button', { name: '保存' }),
    ).toBeNull();
  });

  it('asks 财务 for a fresh TOTP code with each money save, and keeps shipping read-only', async () => {
    me = { ...me, username: 'finance', role: 'finance', totp_enabled: true };
    window.history.replaceState(null, '', '/admin/settings');
    render(<ConsoleApp />);
    const window_ = await screen.findByRole('form', { name: '支付时限' });
    fireEvent.change(within(window_).getByLabelText(/支付时限/), { target: { value: '45' } });
    fireEvent.change(within(window_).getByLabelText(/动态验证码/), { target: { value: '123456' } });
    fireEvent.click(within(window_).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts).toEqual([{ payment_window: { minutes: 45 }, totp_code: '123456' }]));
    // Used: the field is empty for the next save.
    await waitFor(() => expect((within(window_).getByLabelText(/动态验证码/) as HTMLInputElement).value).toBe(''));

    const account = screen.getByRole('form', { name: '对公转账收款账户' });
    fireEvent.change(within(account).getByLabelText(/户名/), { target: { value: '康源医药有限公司' } });
    fireEvent.change(within(account).getByLabelText(/开户行/), { target: { value: '招商银行' } });
    fireEvent.change(within(account).getByLabelText(/^\*?账号/), { target: { value: '1209 8888 0000' } });
    fireEvent.change(within(account).getByLabelText(/动态验证码/), { target: { value: '654321' } });
    fireEvent.click(within(account).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(posts[1]).toEqual({
        transfer_account: { account_name: '康源医药有限公司', bank: '招商银行', account_no: '1209 8888 0000' },
        totp_code: '654321',
      }),
    );

    const shipping = screen.getByRole('form', { name: '运费与包邮' });
    expect((within(shipping).getByLabelText(/包邮金额/) as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(within(shipping).queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('sends 财务 without TOTP to 我的账号 first', async () => {
    me = { ...me, username: 'finance', role: 'finance', totp_enabled: false };
    window.history.replaceState(null, '', '/admin/settings');
    render(<ConsoleApp />);
    const notice = await screen.findByText(/修改收款账户与支付时限须使用动态验证码/);
    expect(within(notice).getByRole('link', { name: '我的账号' }).getAttribute('href')).toBe('/admin/account');
    expect(within(screen.getByRole('form', { name: '支付时限' })).queryByRole('button', { name: '保存' })).toBeNull();
  });
});
