// The shared toast and alert primitives, and the SPEC §8 presenter that drives them.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/http/client';
import {
  NoticeHost,
  presentError,
  resetErrorPresenter,
  setErrorNavigator,
  setErrorReloader,
} from '../../src/ui/error-presenter';
import { createQueryClient, shouldRetryQuery, SILENT_ERRORS } from '../../src/app/query-client';
import { alert, AlertHost } from '../../src/ui/alert-dialog';
import { toast, ToastViewport } from '../../src/ui/toast';

afterEach(() => {
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  setErrorNavigator(null);
  setErrorReloader(null);
  resetErrorPresenter();
});

const ctx = { pathname: '/cart', search: '' };

describe('toast', () => {
  it('renders the message with an error icon for an error toast', async () => {
    render(<ToastViewport />);
    act(() => {
      toast.show({ message: '手机号格式不正确', tone: 'error' });
    });
    const message = await screen.findByText('手机号格式不正确');
    const item = message.closest('li');
    expect(item).not.toBeNull();
    const icon = item?.querySelector('svg[data-icon="error"]');
    expect(icon).not.toBeNull();
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('region', { name: /通知/ })).toBeTruthy();
  });

  it('shows no icon for an info toast and can be dismissed', async () => {
    render(<ToastViewport />);
    let id = 0;
    act(() => {
      id = toast.show({ message: '已取消收藏', tone: 'info' });
    });
    const message = await screen.findByText('已取消收藏');
    expect(message.closest('li')?.querySelector('svg')).toBeNull();
    act(() => toast.dismiss(id));
    await waitFor(() => expect(screen.queryByText('已取消收藏')).toBeNull());
  });

  it('keeps at most three toasts', () => {
    act(() => {
      for (let i = 1; i <= 5; i++) toast.show({ message: `消息${i}` });
    });
    expect(toast.list().map((t) => t.message)).toEqual(['消息3', '消息4', '消息5']);
  });
});

describe('alert', () => {
  it('renders title 温馨提示 and its refresh button runs the action and resolves', async () => {
    render(<AlertHost />);
    const onClick = vi.fn();
    let closed: Promise<void> = Promise.resolve();
    act(() => {
      closed = alert.open({
        title: '温馨提示',
        message: '请求超时，请刷新页面',
        actions: [{ label: '刷新', onClick }],
      });
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(screen.getByText('温馨提示')).toBeTruthy();
    expect(dialog.getAttribute('aria-labelledby')).toBe(screen.getByText('温馨提示').id);
    expect(screen.getByText('请求超时，请刷新页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    await closed;
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('defaults to the 温馨提示 title and a 确定 button, and shows queued alerts one by one', async () => {
    render(<AlertHost />);
    act(() => {
      void alert.open({ message: '第一条' });
      void alert.open({ message: '第二条' });
    });
    expect(await screen.findByText('第一条')).toBeTruthy();
    expect(screen.getByText('温馨提示')).toBeTruthy();
    expect(screen.queryByText('第二条')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('第二条')).toBeTruthy();
  });
});

describe('presentError', () => {
  it('a timeout shows the alert whose 刷新 button reloads', async () => {
    const reload = vi.fn();
    setErrorReloader(reload);
    render(<NoticeHost />);
    act(() => {
      presentError(new ApiError({ code: 0, status: 0, msg: 'x', kind: 'timeout' }), ctx);
    });
    expect(await screen.findByText('请求超时，请刷新页面')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('code 459 shows the message, then navigates to /dzht once closed', async () => {
    const navigate = vi.fn();
    setErrorNavigator(navigate);
    render(<NoticeHost />);
    act(() => {
      presentError(new ApiError({ code: 459, status: 400, msg: '请先签署电子合同' }), ctx);
    });
    expect(await screen.findByText('请先签署电子合同')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/dzht'));
  });

  it('a 401 navigates to login through the injected navigator, once for a burst', () => {
    const navigate = vi.fn();
    setErrorNavigator(navigate);
    const err = new ApiError({ code: 10001, status: 401, msg: '请先登录' });
    presentError(err, { pathname: '/order', search: '?page=2' });
    presentError(err, { pathname: '/order', search: '?page=2' });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Forder%3Fpage%3D2');
  });

  it('a 422 toasts the first field message with the error icon', async () => {
    render(<NoticeHost />);
    act(() => {
      presentError(
        new ApiError({ code: 422, status: 422, msg: 'm', fieldErrors: { phone: ['手机号格式不正确'] } }),
        ctx,
      );
    });
    const message = await screen.findByText('手机号格式不正确');
    expect(message.closest('li')?.querySelector('svg[data-icon="error"]')).not.toBeNull();
  });
});

describe('createQueryClient', () => {
  it('presents query errors unless the query is marked silent', async () => {
    const navigate = vi.fn();
    setErrorNavigator(navigate);
    const client = createQueryClient();
    const unauthorized = () => Promise.reject(new ApiError({ code: 10001, status: 401, msg: '请先登录' }));
    await client
      .fetchQuery({ queryKey: ['silent'], queryFn: unauthorized, meta: SILENT_ERRORS })
      .catch(() => undefined);
    expect(navigate).not.toHaveBeenCalled();
    await client.fetchQuery({ queryKey: ['loud'], queryFn: unauthorized }).catch(() => undefined);
    expect(navigate).toHaveBeenCalledTimes(1);
    client.clear();
  });

  it('presents mutation errors unless the mutation is marked silent', async () => {
    render(<NoticeHost />);
    const client = createQueryClient();
    const refuse = () => Promise.reject(new ApiError({ code: 400, status: 400, msg: '库存不足' }));
    const silent = client.getMutationCache().build(client, { mutationFn: refuse, meta: SILENT_ERRORS });
    await act(() => silent.execute(undefined).catch(() => undefined));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const loud = client.getMutationCache().build(client, { mutationFn: refuse });
    await act(() => loud.execute(undefined).catch(() => undefined));
    expect(await screen.findByText('库存不足')).toBeTruthy();
    client.clear();
  });

  it('retries only failures a retry can fix, and never mutations', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.retry).toBe(shouldRetryQuery);
    expect(client.getDefaultOptions().mutations?.retry).toBe(0);
    const of = (init: ConstructorParameters<typeof ApiError>[0]) => new ApiError(init);
    expect(shouldRetryQuery(0, of({ code: 0, status: 0, msg: 'x', kind: 'network' }))).toBe(true);
    expect(shouldRetryQuery(1, of({ code: 0, status: 0, msg: 'x', kind: 'timeout' }))).toBe(true);
    expect(shouldRetryQuery(0, of({ code: 503, status: 503, msg: 'x' }))).toBe(true);
    expect(shouldRetryQuery(2, of({ code: 503, status: 503, msg: 'x' }))).toBe(false);
    for (const code of [10001, 401, 459, 422, 400, 404]) {
      expect(shouldRetryQuery(0, of({ code, status: 400, msg: 'x' }))).toBe(false);
    }
    expect(shouldRetryQuery(0, of({ code: 0, status: 0, msg: 'x', kind: 'aborted' }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });
});
