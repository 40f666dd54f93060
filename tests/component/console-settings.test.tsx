// The console's 站点设置 page (issue 18 part C) with the real router and a fetch stub: amounts are
// typed in yuan and sent in fen, each section saves only its own setting, a malformed amount is
// stopped before sending, and the page says where the 对公转账 account comes from.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from '../../admin/src/app/console-app';
import type { Operator } from '../../src/domain/admin';
import type { SiteSettingsView } from '../../src/domain/admin-content';

let posts: unknown[];
let view: SiteSettingsView;

const reply = (data: unknown) => new Response(JSON.stringify({ code: 10000, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts = [];
  view = { shipping: { shipping_amount: 80_000, fee: 1_000 }, payment_window: { minutes: 30 }, transfer_account: null, shop_front: null, transfer_account_source: 'environment' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      if (key === 'GET /api/admin/me') return reply({ id: 1, username: 'operations', name: '测试员', role: 'operations', totp_enabled: false } satisfies Operator);
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

    const window_ = screen.getByRole('form', { name: '支付时限' });
    fireEvent.change(within(window_).getByLabelText(/支付时限/), { target: { value: '45' } });
    fireEvent.click(within(window_).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts[1]).toEqual({ payment_window: { minutes: 45 } }));
  });
});
