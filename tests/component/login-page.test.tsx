// /login: posts the credentials, shows failures inline in Chinese (422 first message, the
// server's wrong-password message), and after success sets the login marker and loads the
// same-origin `redirect` target once (SPEC §2). The demo-accounts panel shows only when
// GET /api/global/shop_mode says this is the demo.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { commonKeys } from '../../src/api/common';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { LOGIN_MARKER_KEY, pageLoad } from '../../src/api/user';
import { presentError } from '../../src/ui/error-presenter';
import { LoginPage } from '../../src/features/auth/login-page';
import { makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/ui/error-presenter', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/ui/error-presenter')>()),
  presentError: vi.fn(),
}));

let replace: MockInstance<(url: string) => void>;
/** GET /api/global/shop_mode's `demo`: false as a production server answers. */
let demo: boolean;
beforeEach(() => {
  sessionStorage.clear();
  demo = true;
  http.get.mockImplementation(async (path: string) => {
    if (path === 'global/shop_mode') return { demo, online_pay: demo ? 'sandbox' : null };
    throw new Error(`unexpected GET ${path}`);
  });
  replace = vi.spyOn(pageLoad, 'replace').mockImplementation(() => undefined);
});
afterEach(() => {
  replace.mockRestore();
  http.post.mockReset();
  http.get.mockReset();
  vi.mocked(presentError).mockClear();
});

async function fillAndSubmit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('login page', () => {
  it('signs in, sets the marker and loads the redirect target once', async () => {
    http.post.mockResolvedValue(makeUser());
    renderInApp(<LoginPage />, { initial: `/login?redirect=${encodeURIComponent('/order?page=2')}` });
    await fillAndSubmit(' demo ', 'demo1234');
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(http.post).toHaveBeenCalledWith('user/login', { username: 'demo', password: 'demo1234' });
    expect(replace).toHaveBeenCalledWith('/order?page=2');
    expect(sessionStorage.getItem(LOGIN_MARKER_KEY)).not.toBeNull();
  });

  it.each([
    ['https://evil.example/', 'absolute URL'],
    ['//evil.example/x', 'protocol-relative'],
    ['/\\evil.example', 'backslash trick'],
    ['/login', 'the login page itself'],
  ])('ignores an unsafe redirect (%s: %s) and goes home', async (redirect) => {
    http.post.mockResolvedValue(makeUser());
    renderInApp(<LoginPage />, { initial: `/login?redirect=${encodeURIComponent(redirect)}` });
    await fillAndSubmit('demo', 'demo1234');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
  });

  it("shows the server's message for a wrong password, inline and without the global alert", async () => {
    http.post.mockRejectedValue(new ApiError({ code: 400, status: 400, msg: '用户名或密码错误' }));
    renderInApp(<LoginPage />, { initial: '/login' });
    await fillAndSubmit('demo', 'wrong');
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('用户名或密码错误');
    expect(presentError).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(LOGIN_MARKER_KEY)).toBeNull();
  });

  it('shows the first message of the first field for a 422', async () => {
    http.post.mockRejectedValue(
      new ApiError({
        code: 422,
        status: 422,
        msg: '用户名格式不正确',
        fieldErrors: { username: ['用户名格式不正确', '其他'], password: ['密码太短'] },
      }),
    );
    renderInApp(<LoginPage />, { initial: '/login' });
    await fillAndSubmit('d', 'x');
    expect(await screen.findByText('用户名格式不正确')).toBeTruthy();
  });

  it('asks for missing fields before calling the server', async () => {
    renderInApp(<LoginPage />, { initial: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入用户名');
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入密码');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('lists the demo accounts and fills the form from them; links to register and forgot password', async () => {
    renderInApp(<LoginPage />, { initial: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: '填入演示账号 pending' }));
    expect((screen.getByLabelText('用户名') as HTMLInputElement).value).toBe('pending');
    expect((screen.getByLabelText('密码') as HTMLInputElement).value).toBe('demo1234');
    expect(screen.getByRole('link', { name: '免费注册' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: '忘记密码？' }).getAttribute('href')).toBe('/forget');
  });

  it('shows no demo accounts in production', async () => {
    demo = false;
    const { queryClient } = renderInApp(<LoginPage />, { initial: '/login' });
    await screen.findByRole('button', { name: '登录' });
    // The answer has arrived (and been rendered with) before we look.
    await waitFor(() => expect(queryClient.getQueryData(commonKeys.shopMode())).toMatchObject({ demo: false }));
    await act(async () => {});
    expect(screen.queryByRole('button', { name: '填入演示账号 pending' })).toBeNull();
    expect(screen.queryByText(/演示账号/)).toBeNull();
  });
});
