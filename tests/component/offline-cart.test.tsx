// The cart page with the real local store (fake-indexeddb) and the real app behind the real HTTP
// client (tests/integration/real-shop.ts; issue 5): offline it shows the device's draft with
// provisional totals and a disabled 去结算, lines can be removed offline, and back online the
// outbox drains and the server's cart replaces the draft; the list of what changed after a sync
// renders and closes with 知道了; every cart read online is kept for offline use.
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeHost } from '../../src/ui/error-presenter';
import { CONFLICTS_TITLE } from '../../src/features/cart/cart-conflicts';
import CartPage from '../../src/features/cart/cart-page';
import { OFFLINE_CHECKOUT_REASON } from '../../src/features/cart/cart-page-state';
import { OFFLINE_DRAFT_NOTE } from '../../src/features/cart/offline-cart';
import { localStoreOptions } from '../../src/app/local-wiring';
import * as local from '../../src/local/index';
// The store itself: these tests read its database.
import * as store from '../../src/local/store';
import type { ConflictRow } from '../../src/local/index';
import { cartAdd } from '../../src/local/writes';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { startRealShop, uniqueName, type Member, type RealShop } from '../integration/real-shop';
import { renderInApp } from './shell-harness';

let shop: RealShop;
let member: Member;

// The real app (PGlite, sign-in's scrypt) answers here: under load a case takes longer than the
// component layer's 5 s default. Waits below are deadlines for conditions, not timings.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const SYNCED = { timeout: 10_000 };

beforeAll(async () => {
  shop = await startRealShop();
});
afterAll(() => shop.close());

beforeEach(async () => {
  shop.browser.reset();
  shop.browser.install();
  member = await shop.member(uniqueName());
  shop.browser.signInAs(member);
});

afterEach(async () => {
  cleanup();
  act(() => {
    toast.clear();
    alert.dismissAll();
  });
  onlineManager.setOnline(true);
  await local.stopLocal();
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
  const rt = await act(() => store.startLocal(member.user, { ...localStoreOptions(queryClient), locks: null }));
  expect(rt).not.toBeNull();
  return rt!;
}

const rowNames = () => screen.getAllByRole('row').map((r) => r.textContent ?? '');

describe('cart page offline', () => {
  it('shows the draft with provisional totals, removes a line offline, and shows the synced cart once back online', async () => {
    const g = shop.goodsId;
    const ck_id = shop.cat.warehouseId;
    const goods = [await shop.listed(member, 'ganmaoling'), await shop.listed(member, 'banlangen')];
    act(() => onlineManager.setOnline(false));
    shop.browser.down = true;
    const { queryClient } = renderCart();
    const rt = await startStore(queryClient);
    await act(async () => {
      await cartAdd([{ goods_id: g.ganmaoling, number: 2, ck_id }], { goods });
      await cartAdd([{ goods_id: g.banlangen, number: 1, ck_id }], { goods });
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
    expect(shop.browser.writes()).toEqual([]);

    // Back online: the outbox drains in order, the server's cart replaces the draft.
    shop.browser.down = false;
    act(() => onlineManager.setOnline(true));
    await waitFor(async () => expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 2 }), SYNCED);
    await waitFor(() => expect(screen.queryByText(OFFLINE_DRAFT_NOTE)).toBeNull(), SYNCED);
    await screen.findByRole('link', { name: '感冒灵颗粒' });
    expect(rowNames().some((t) => t.includes('板蓝根颗粒'))).toBe(false);
    expect((screen.getByRole('button', { name: '去结算' }) as HTMLButtonElement).disabled).toBe(false);
    expect(await rt.db.outbox.count()).toBe(0);
  });

  it('falls back to the draft when the cart list cannot be fetched although the browser says online', async () => {
    const goods = [await shop.listed(member, 'ganmaoling')];
    shop.browser.down = true;
    const { queryClient } = renderCart();
    await startStore(queryClient);
    await act(async () => {
      // The server is down: the add waits in the outbox ('queued'), applied to the draft.
      await cartAdd([{ goods_id: shop.goodsId.ganmaoling, number: 3, ck_id: shop.cat.warehouseId }], { goods });
    });
    expect(await screen.findByText(OFFLINE_DRAFT_NOTE)).toBeTruthy();
    await screen.findByRole('link', { name: '感冒灵颗粒' });
  });
});

describe('cart page online', () => {
  it('keeps a copy of the cart it read, for offline use', async () => {
    const lineId = (await shop.cartWith(member, [{ role: 'ganmaoling', number: 4 }])).data[0].id;
    const { queryClient } = renderCart();
    await startStore(queryClient);
    await screen.findByRole('link', { name: '感冒灵颗粒' });
    // The page's read after the store opened is what lands in the draft.
    await act(() => queryClient.refetchQueries({ queryKey: ['cart'] }));
    await waitFor(async () =>
      expect((await local.readCart())?.lines.map((l) => [l.id, l.number])).toEqual([[lineId, 4]]),
    );
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
