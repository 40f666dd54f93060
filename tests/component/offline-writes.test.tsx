// Offline writes as the buyer sees them (issue 5), with the local store's write layer and session
// guard replaced: an add to cart saved on the device shows the provisional message (and refreshes
// nothing from the server), and signing out with unsynced offline changes asks first.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { pageLoad } from '../../src/api/user';
import { NoticeHost } from '../../src/ui/error-presenter';
import { spyOnCartRefreshes } from './cart-invalidations';
import { Shell } from '../../src/app/shell/shell';
import { OFFLINE_SAVED_MESSAGE, type WriteResult } from '../../src/local/writes';
import { alert } from '../../src/ui/alert-dialog';
import { AddToCartControl } from '../../src/widgets/goods/add-to-cart';
import { toast, ToastViewport } from '../../src/ui/toast';
import { makeGoods } from './goods-fixtures';
import { makeCommon, makeUser, renderInApp, routeDef } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const writes = vi.hoisted(() => ({ cartAdd: vi.fn() }));
vi.mock('../../src/local/writes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/local/writes')>()),
  cartAdd: writes.cartAdd,
}));

const guard = vi.hoisted(() => ({ checkSignOut: vi.fn(), finishSignOut: vi.fn() }));
vi.mock('../../src/local/session-guard', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/local/session-guard')>()),
  checkSignOut: guard.checkSignOut,
  finishSignOut: guard.finishSignOut,
}));

const PROVISIONAL: WriteResult<never> = {
  provisional: true,
  msg: OFFLINE_SAVED_MESSAGE,
  entryId: 'e-1',
  reason: 'offline',
};
const WARNING = '还有2条离线操作未同步，退出后将丢失，确定退出？';

let reload: MockInstance<() => void>;

beforeEach(() => {
  sessionStorage.clear();
  reload = vi.spyOn(pageLoad, 'reload').mockImplementation(() => undefined);
  http.get.mockImplementation((path: string) => {
    switch (path) {
      case 'user/base':
        return Promise.resolve(makeUser());
      case 'focus/common':
        return Promise.resolve(makeCommon());
      case 'cart/total':
        return Promise.resolve({ count: 1 });
      case 'global/links':
      case 'focus/top':
      case 'focus/right':
        return Promise.resolve([]);
      default:
        return Promise.reject(new Error(`unexpected GET ${path}`));
    }
  });
  http.delete.mockResolvedValue(null);
  guard.finishSignOut.mockResolvedValue(undefined);
});

afterEach(() => {
  // Unmount first: the shell's deferred footer queries must not meet the reset mocks.
  cleanup();
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  reload.mockRestore();
  http.get.mockReset();
  http.post.mockReset();
  http.delete.mockReset();
  writes.cartAdd.mockReset();
  guard.checkSignOut.mockReset();
  guard.finishSignOut.mockReset();
});

describe('add to cart offline', () => {
  it('saves the line on the device and shows the provisional message, refreshing nothing from the server', async () => {
    writes.cartAdd.mockResolvedValue(PROVISIONAL);
    const changed = spyOnCartRefreshes();
    const goods = makeGoods();
    const { queryClient } = renderInApp(
      <>
        <AddToCartControl goods={goods} />
        <ToastViewport />
      </>,
      { initial: '/list/info/7' },
    );
    await waitFor(() => expect(queryClient.getQueryData(['user', 'base'])).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '加入购物车' }));

    expect(await screen.findByText(OFFLINE_SAVED_MESSAGE)).toBeTruthy();
    expect(writes.cartAdd).toHaveBeenCalledTimes(1);
    const [lines, opts] = writes.cartAdd.mock.calls[0] as [unknown[], { goods: unknown[] }];
    expect(lines).toEqual([expect.objectContaining({ goods_id: goods.id, number: 1, ck_id: goods.ck_id })]);
    // The card goes along, so the offline cart can show the line.
    expect(opts.goods).toEqual([goods]);
    expect(http.post).not.toHaveBeenCalled();
    // The server does not have it yet: no badge refresh, no cart refetch.
    expect(changed.count()).toBe(0);
    expect(http.get.mock.calls.some(([p]) => p === 'cart/list' || p === 'cart/total')).toBe(false);
    changed.restore();
  });
});

function renderShell() {
  return renderInApp(
    <>
      <Shell def={routeDef({ name: 'home' })}>
        <p>页面内容</p>
      </Shell>
      <NoticeHost />
    </>,
  );
}

describe('sign-out with unsynced offline changes', () => {
  it('asks first; 取消 keeps the session, 确定 signs out, deletes the local data and reloads', async () => {
    guard.checkSignOut.mockResolvedValue({ pending: 2, warning: WARNING });
    renderShell();

    fireEvent.click(await screen.findByRole('button', { name: '退出' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(WARNING)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(http.delete).not.toHaveBeenCalled();
    expect(guard.finishSignOut).not.toHaveBeenCalled();

    fireEvent.click(await screen.findByRole('button', { name: '退出' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(http.delete).toHaveBeenCalledWith('user/logout');
    expect(guard.finishSignOut).toHaveBeenCalledTimes(1);
    // The local data went before the reload.
    expect(guard.finishSignOut.mock.invocationCallOrder[0]).toBeLessThan(reload.mock.invocationCallOrder[0]);
  });

  it('signs out without asking when nothing is pending', async () => {
    guard.checkSignOut.mockResolvedValue({ pending: 0, warning: null });
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: '退出' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(http.delete).toHaveBeenCalledWith('user/logout');
    expect(guard.finishSignOut).toHaveBeenCalledTimes(1);
  });
});
