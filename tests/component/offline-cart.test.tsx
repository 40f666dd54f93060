// The cart page with the real local store (fake-indexeddb) and the unit tests' fake server behind
// the sync engine (issue 5): offline it shows the device's draft with provisional totals and a
// disabled 去结算, lines can be removed offline, and back online the outbox drains and the server's
// cart replaces the draft; the list of what changed after a sync renders and closes with 知道了;
// every cart read online is kept for offline use.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { NoticeHost } from '../../src/ui/error-presenter';
import type { UserBase } from '../../src/domain/user';
import { CONFLICTS_TITLE } from '../../src/features/cart/cart-conflicts';
import CartPage from '../../src/features/cart/cart-page';
import { OFFLINE_CHECKOUT_REASON } from '../../src/features/cart/cart-page-state';
import { OFFLINE_DRAFT_NOTE } from '../../src/features/cart/offline-cart';
import { localStoreOptions } from '../../src/app/local-wiring';
import * as local from '../../src/local/index';
// The store itself: these tests read its database.
import * as store from '../../src/local/store';
import type { ConflictRow, LocalAccount } from '../../src/local/index';
import { cartAdd } from '../../src/local/writes';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { FakeServer, GOODS, freshAccount } from '../unit/local/harness';
import { makeUser, renderInApp } from './shell-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

const networkDown = () => new ApiError({ code: 0, status: 0, msg: '网络连接失败', kind: 'network' });

let server: FakeServer;
let account: LocalAccount;

function userOf(a: LocalAccount): UserBase {
  return makeUser({ username: a.username, customer: { id: a.companyId ?? 0 } } as Partial<UserBase>);
}

beforeEach(() => {
  account = freshAccount();
  server = new FakeServer(account);
  http.get.mockImplementation(async (path: string) => {
    if (path === 'user/base') return userOf(account);
    if (path === 'cart/list') {
      if (server.down) throw networkDown();
      return server.cartState();
    }
    if (path === 'cart/total') return { count: server.lines.length };
    throw new Error(`unexpected GET ${path}`);
  });
});

afterEach(async () => {
  cleanup();
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  onlineManager.setOnline(true);
  await local.stopLocal();
  http.get.mockReset();
  http.post.mockReset();
});

function renderCart() {
  return renderInApp(
    <>
      <CartPage />
      <NoticeHost />
    </>,
    { initial: '/cart' },
  );
}

async function startStore(queryClient: QueryClient) {
  const rt = await act(() => store.startLocal(userOf(account), { ...localStoreOptions(queryClient), transport: server.transport, locks: null }));
  expect(rt).not.toBeNull();
  return rt!;
}

const rowNames = () => screen.getAllByRole('row').map((r) => r.textContent ?? '');

describe('cart page offline', () => {
  it('shows the draft with provisional totals, removes a line offline, and shows the synced cart once back online', async () => {
    act(() => onlineManager.setOnline(false));
    server.down = true;
    const { queryClient } = renderCart();
    const rt = await startStore(queryClient);
    await act(async () => {
      await cartAdd([{ goods_id: 7, number: 2, ck_id: 3 }], { goods: [GOODS.ganmaoling] });
      await cartAdd([{ goods_id: 8, number: 1, ck_id: 3 }], { goods: [GOODS.banlangen] });
    });

    expect(await screen.findByText(OFFLINE_DRAFT_NOTE)).toBeTruthy();
    await screen.findByRole('link', { name: '感冒灵颗粒' });
    await screen.findByRole('link', { name: '板蓝根颗粒' });
    // Totals by the same computation as the server's: 2 × 12.50 + 8.00.
    expect(screen.getByText('应付总额').parentElement?.textContent).toContain('33.00');
    const checkout = screen.getByRole('button', { name: '去结算' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(screen.getByText(OFFLINE_CHECKOUT_REASON)).toBeTruthy();

    // Remove a line offline: the draft follows at once, the change is queued.
    fireEvent.click(screen.getByRole('button', { name: '删除 板蓝根颗粒' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '板蓝根颗粒' })).toBeNull());
    expect(await rt.db.outbox.count()).toBe(3);
    expect(server.received).toEqual([]);

    // Back online: the outbox drains in order, the server's cart replaces the draft.
    server.down = false;
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(server.cartNumbers()).toEqual({ 7: 2 }), { timeout: 5_000 });
    await waitFor(() => expect(screen.queryByText(OFFLINE_DRAFT_NOTE)).toBeNull(), { timeout: 5_000 });
    await screen.findByRole('link', { name: '感冒灵颗粒' });
    expect(rowNames().some((t) => t.includes('板蓝根颗粒'))).toBe(false);
    expect((screen.getByRole('button', { name: '去结算' }) as HTMLButtonElement).disabled).toBe(false);
    expect(await rt.db.outbox.count()).toBe(0);
  });

  it('falls back to the draft when the cart list cannot be fetched although the browser says online', async () => {
    server.down = true;
    const { queryClient } = renderCart();
    await startStore(queryClient);
    await act(async () => {
      // The server is down: the add waits in the outbox ('queued'), applied to the draft.
      await cartAdd([{ goods_id: 7, number: 3, ck_id: 3 }], { goods: [GOODS.ganmaoling] });
    });
    expect(await screen.findByText(OFFLINE_DRAFT_NOTE)).toBeTruthy();
    await screen.findByRole('link', { name: '感冒灵颗粒' });
  });
});

describe('cart page online', () => {
  it('keeps a copy of the cart it read, for offline use', async () => {
    server.lines = [{ id: 100, goods_id: 7, type: 0, number: 4, is_selected: 1, price: 1250 }];
    const { queryClient } = renderCart();
    await startStore(queryClient);
    await screen.findByRole('link', { name: '感冒灵颗粒' });
    // The page's read after the store opened is what lands in the draft.
    await act(() => queryClient.refetchQueries({ queryKey: ['cart'] }));
    await waitFor(async () => expect((await local.readCart())?.lines.map((l) => [l.id, l.number])).toEqual([[100, 4]]));
    expect(screen.queryByText(OFFLINE_DRAFT_NOTE)).toBeNull();
  });

  it('lists what changed after a sync and closes each row with 知道了', async () => {
    const { queryClient } = renderCart();
    const rt = await startStore(queryClient);
    const rows: ConflictRow[] = [
      {
        source: 'change',
        change: 'price',
        lineId: 100,
        goodsId: 7,
        name: '感冒灵颗粒',
        before: 1250,
        after: 1350,
        text: '感冒灵颗粒：价格已变动（¥12.50 → ¥13.50）',
        dismissed: 0,
        createdAt: 1,
      },
      {
        source: 'refused',
        entryId: 'e-1',
        kind: 'cart.add',
        payload: null,
        code: 400,
        status: 400,
        msg: '停售药：该商品暂不可购买',
        text: '加入购物车未成功：停售药：该商品暂不可购买',
        dismissed: 0,
        createdAt: 2,
      },
    ];
    await act(async () => {
      await rt.db.conflicts.bulkAdd(rows);
    });

    const section = await screen.findByRole('region', { name: new RegExp(CONFLICTS_TITLE) });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '未成功加入购物车未成功：停售药：该商品暂不可购买知道了',
      '价格已变动感冒灵颗粒：价格已变动（¥12.50 → ¥13.50）知道了',
    ]);

    fireEvent.click(within(items[1]).getByRole('button', { name: /^知道了/ }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect((await rt.db.conflicts.where('dismissed').equals(1).toArray()).map((c) => c.text)).toEqual([
      '感冒灵颗粒：价格已变动（¥12.50 → ¥13.50）',
    ]);

    fireEvent.click(within(section).getByRole('button', { name: /^知道了/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: new RegExp(CONFLICTS_TITLE) })).toBeNull());
  });
});
