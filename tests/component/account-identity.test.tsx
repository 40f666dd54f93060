// Account centre identity pages (issue 17 part A): /basic's name and phone (a phone another account
// uses is refused when the field is left; a new one needs its SMS code and the current password,
// issue 29 §3), password change with the old password (the server's 422 at its field) or a code to
// the account's phone, the login history; /bdwx's QR binding, its polling and unbinding.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import BasicPage from '../../src/features/account-basic/basic-page';
import BdwxPage from '../../src/features/wechat-binding/bdwx-page';
import { clientName } from '../../src/features/account-basic/client-name';
import { AlertHost, alert } from '../../src/ui/alert-dialog';
import { userKeys } from '../../src/api/user';
import { accountKeys } from '../../src/api/account';
import { makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

afterEach(() => {
  alert.dismissAll();
  http.get.mockReset();
  http.post.mockReset();
  http.delete.mockReset();
});

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const errorAt = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((n) => n?.id.endsWith('-error'))?.textContent;

const LOG = [
  {
    time: '2025-06-01T01:30:00.000Z',
    ip: '113.108.77.23',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0 Safari/537.36',
    method: 'password',
  },
  {
    time: '2025-05-20T02:00:00.000Z',
    ip: '117.136.40.52',
    user_agent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.47',
    method: 'register',
  },
];

describe('/basic', () => {
  function serve(over: { phoneExists?: boolean } = {}) {
    http.get.mockImplementation(async (path: string) => {
      if (path === 'user/base')
        return makeUser({ username: 'demo', name: '陈店长', phone: '13800138000', company: '康宁大药房' });
      if (path === 'user/login_log') return LOG;
      if (path.startsWith('user/phone/')) return { exists: over.phoneExists ?? false };
      throw new Error(`unexpected GET ${path}`);
    });
  }

  it('shows the member, the login history with time, address and device', async () => {
    serve();
    renderInApp(<BasicPage />);
    expect(((await screen.findByLabelText(/^\*?姓名/)) as HTMLInputElement).value).toBe('陈店长');
    expect(await screen.findByText('113.108.77.23')).toBeTruthy();
    expect(screen.getByText('2025-06-01 09:30:00')).toBeTruthy();
    expect(screen.getByText('Chrome · Windows')).toBeTruthy();
    expect(screen.getByText('注册后登录')).toBeTruthy();
  });

  it('refuses a phone another account uses when the field is left; a free one needs its code and the password', async () => {
    serve({ phoneExists: true });
    renderInApp(<BasicPage />);
    await screen.findByLabelText(/^\*?姓名/);
    fireEvent.change(input(/^\*?手机号码/), { target: { value: '13900000000' } });
    fireEvent.blur(input(/^\*?手机号码/));
    await waitFor(() => expect(errorAt(input(/^\*?手机号码/))).toBe('该手机号已被其他账号使用'));
    expect(http.get).toHaveBeenCalledWith('user/phone/13900000000');

    serve({ phoneExists: false });
    http.post.mockImplementation(async (path: string) => {
      if (path === 'user/create_code') return { phone: '139****0001', expires_in: 300, resend_in: 60 };
      if (path === 'user/updateUserInfo') return { name: '陈店长', phone: '13900000001' };
      throw new Error(`unexpected POST ${path}`);
    });
    fireEvent.change(input(/^\*?手机号码/), { target: { value: '13900000001' } });
    fireEvent.blur(input(/^\*?手机号码/));
    // A new phone: the code for it first, then the current password, before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(errorAt(input(/^\*?短信验证码/))).toBe('请输入验证码');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('user/create_code', { purpose: 'change_phone', phone: '13900000001' }),
    );
    await screen.findByText('验证码已发送至139****0001，5分钟内有效');
    fireEvent.change(input(/^\*?短信验证码/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(errorAt(input(/^\*?登录密码/))).toBe('请输入原密码');
    fireEvent.change(input(/^\*?登录密码/), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('user/updateUserInfo', {
        name: '陈店长',
        phone: '13900000001',
        code: '123456',
        old_password: 'demo1234',
      }),
    );
  });

  it('asks no code or password for a name change', async () => {
    serve();
    http.post.mockResolvedValue({ name: '陈经理', phone: '13800138000' });
    renderInApp(<BasicPage />);
    await screen.findByLabelText(/^\*?姓名/);
    expect(screen.queryByLabelText(/^\*?短信验证码/)).toBeNull();
    fireEvent.change(input(/^\*?姓名/), { target: { value: '陈经理' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('user/updateUserInfo', { name: '陈经理', phone: '13800138000' }),
    );
  });

  it('changes the password: checks first, then shows a wrong old password at its field', async () => {
    serve();
    http.post.mockRejectedValueOnce(
      new ApiError({ code: 422, status: 422, msg: '原密码不正确', fieldErrors: { old_password: ['原密码不正确'] } }),
    );
    renderInApp(<BasicPage />);
    await screen.findByLabelText(/^\*?原密码/);
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(errorAt(input(/^\*?原密码/))).toBe('请输入原密码');
    fireEvent.change(input(/^\*?原密码/), { target: { value: 'wrong1234' } });
    fireEvent.change(input(/^\*?新密码/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(errorAt(input(/^\*?新密码/))).toBe('密码为6-64位，须同时包含字母和数字，可使用符号');
    // Longer than 20 characters, with symbols and spaces: fine.
    const long = 'Kang Yuan #2026 药 long!';
    fireEvent.change(input(/^\*?新密码/), { target: { value: long } });
    fireEvent.change(input(/^\*?确认新密码/), { target: { value: long } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(errorAt(input(/^\*?原密码/))).toBe('原密码不正确'));
    expect(http.post).toHaveBeenCalledWith('user/resetPassword', {
      old_password: 'wrong1234',
      password: long,
      password_confirmation: long,
    });
  });

  it('changes a forgotten password with a code sent to the account’s phone', async () => {
    serve();
    http.post.mockImplementation(async (path: string) => {
      if (path === 'user/create_code') return { phone: '138****8000', expires_in: 300, resend_in: 60 };
      if (path === 'user/resetPassword') return null;
      throw new Error(`unexpected POST ${path}`);
    });
    renderInApp(<BasicPage />);
    fireEvent.click(await screen.findByRole('button', { name: '忘记原密码？用手机验证码修改' }));
    expect(screen.queryByLabelText(/^\*?原密码/)).toBeNull();
    fireEvent.change(input(/^\*?新密码/), { target: { value: 'fresh1234' } });
    fireEvent.change(input(/^\*?确认新密码/), { target: { value: 'fresh1234' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(errorAt(input(/^\*?短信验证码/))).toBe('请输入验证码');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('user/create_code', { purpose: 'change_password' }));
    await screen.findByText('验证码已发送至138****8000，5分钟内有效');
    fireEvent.change(input(/^\*?短信验证码/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('user/resetPassword', {
        code: '654321',
        password: 'fresh1234',
        password_confirmation: 'fresh1234',
      }),
    );
    // Done: the form is empty again.
    await waitFor(() => expect(input(/^\*?新密码/).value).toBe(''));
  });

  it('names clients in a few words', () => {
    expect(clientName('')).toBe('未知设备');
    expect(clientName(LOG[1].user_agent)).toBe('微信 · iOS');
  });
});

describe('/bdwx', () => {
  it('shows a QR of our confirmation page, notices the binding, and unbinds after confirming', async () => {
    let wechat = '';
    let ticketStatus = 'waiting';
    http.get.mockImplementation(async (path: string) => {
      if (path === 'global/shop_mode') return { demo: true, wechat: true };
      if (path === 'user/base') return makeUser({ wechat });
      if (path === 'user/wechat_ticket')
        return { status: ticketStatus, nickname: ticketStatus === 'done' ? '小林' : '' };
      throw new Error(`unexpected GET ${path}`);
    });
    http.post.mockResolvedValue({ ticket: 'abc', url: '/wechat/confirm?ticket=abc', expires_in: 300 });
    http.delete.mockResolvedValue(null);
    const { queryClient } = renderInApp(
      <>
        <BdwxPage />
        <AlertHost />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: '获取绑定二维码' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '绑定微信二维码' }).getAttribute('data-qr-text')).toBe(
        `${window.location.origin}/wechat/confirm?ticket=abc`,
      ),
    );
    expect(http.get).toHaveBeenCalledWith('user/wechat_ticket', { ticket: 'abc' });

    // The confirmation page bound it: the next poll (run at once here, not after 2 s) sees it.
    wechat = '小林';
    ticketStatus = 'done';
    await act(() => queryClient.invalidateQueries({ queryKey: accountKeys.all }));
    await waitFor(() => expect(screen.getByTestId('wechat-nickname').textContent).toBe('小林'));

    wechat = '';
    fireEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('解除绑定后将无法通过微信接收订单通知，确定解除吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '解除绑定' }));
    await waitFor(() => expect(http.delete).toHaveBeenCalledWith('user/unbind_wechat'));
    await act(() => queryClient.invalidateQueries({ queryKey: userKeys.all }));
    expect(await screen.findByRole('button', { name: '获取绑定二维码' })).toBeTruthy();
  });

  it('shows the server’s refusal when a ticket cannot be issued', async () => {
    http.get.mockImplementation(async (path: string) =>
      path === 'global/shop_mode' ? { demo: true, wechat: true } : makeUser({ wechat: '' }),
    );
    http.post.mockRejectedValue(new ApiError({ code: 400, status: 400, msg: '您已绑定微信，如需更换请先解绑' }));
    renderInApp(<BdwxPage />);
    fireEvent.click(await screen.findByRole('button', { name: '获取绑定二维码' }));
    expect(await screen.findByText('您已绑定微信，如需更换请先解绑')).toBeTruthy();
  });

  it('back from real WeChat: follows the ticket it names, or shows what went wrong, without drawing a QR', async () => {
    let wechat = '';
    http.get.mockImplementation(async (path: string, query?: { ticket: string }) => {
      if (path === 'global/shop_mode') return { demo: false, wechat: true };
      if (path === 'user/base') return makeUser({ wechat });
      if (path === 'user/wechat_ticket') {
        expect(query).toEqual({ ticket: 'st4te' });
        wechat = '王药师';
        return { status: 'done', nickname: '王药师' };
      }
      throw new Error(`unexpected GET ${path}`);
    });
    window.history.replaceState(null, '', '/bdwx?ticket=st4te');
    const first = renderInApp(<BdwxPage />);
    await waitFor(() => expect(http.get).toHaveBeenCalledWith('user/wechat_ticket', { ticket: 'st4te' }));
    await act(() => first.queryClient.invalidateQueries({ queryKey: userKeys.all }));
    await waitFor(() => expect(screen.getByTestId('wechat-nickname').textContent).toBe('王药师'));
    expect(screen.queryByRole('img', { name: '绑定微信二维码' })).toBeNull();
    first.unmount();

    wechat = '';
    window.history.replaceState(null, '', `/bdwx?wechat_error=${encodeURIComponent('该微信已绑定其他账号')}`);
    renderInApp(<BdwxPage />);
    expect(await screen.findByText('该微信已绑定其他账号')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取绑定二维码' })).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });

  it('where the shop offers no WeChat (production), says so and asks for no ticket', async () => {
    http.get.mockImplementation(async (path: string) =>
      path === 'global/shop_mode' ? { demo: false, wechat: false } : makeUser({ wechat: '' }),
    );
    renderInApp(<BdwxPage />);
    expect(await screen.findByText('本站暂未开通微信绑定')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '获取绑定二维码' })).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
  });
});
