// Orders offline (issue 5): the order list read online is kept on the device; with the server
// unreachable the page shows the kept orders, and 再次购买 puts the order's lines into the offline
// cart draft and says it will sync.
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import type { OrderSummary } from '../../src/domain/orders';
import type { UserBase } from '../../src/domain/user';
import { OFFLINE_ORDERS_NOTE } from '../../src/features/orders/offline-order-list';
import { OFFLINE_REBUY_TEXT } from '../../src/features/orders/offline-orders';
import * as local from '../../src/local/index';
// The store itself: these tests read its database.
import * as store from '../../src/local/store';
import type { RouteDef } from '../../src/routes/types';
import { alert } from '../../src/ui/alert-dialog';
import { toast } from '../../src/ui/toast';
import { freshAccount } from '../helpers/local-store';
import { makeUser, renderRoute, serve } from './catalog-harness';
import { listOf, makeSummary } from './order-fixtures';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

const FIRST_RENDER = { timeout: 5_000 };

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

describe('orders offline', () => {
  it('keeps the list read online, shows it offline, and buys again into the offline cart', async () => {
    const account = freshAccount();
    const user = makeUser({
      username: account.username,
      customer: { id: account.companyId ?? 0 },
    } as Partial<UserBase>);
    const rt = (await act(() => store.startLocal(user, { locks: null })))!;
    const order = makeSummary({
      id: 4,
      status: 'completed',
      can: { rebuy: true, after_sale: true } as OrderSummary['can'],
    });
    let reachable = true;
    serve(http.get, {
      user,
      other: (path) => {
        if (path !== 'order') return undefined;
        if (!reachable) throw new ApiError({ code: 0, status: 0, msg: '网络连接失败', kind: 'network' });
        return listOf([order]);
      },
    });

    // Online: the list is kept on the device.
    renderRoute('/order');
    await screen.findByRole('article', { name: `订单编号：${order.order_no}` }, FIRST_RENDER);
    await waitFor(async () => expect(await rt.db.recentOrders.count()).toBe(1));
    cleanup();

    // Offline: the kept order, with only 再次购买 offered.
    reachable = false;
    act(() => onlineManager.setOnline(false));
    renderRoute('/order');
    expect(await screen.findByText(OFFLINE_ORDERS_NOTE, undefined, FIRST_RENDER)).toBeTruthy();
    const card = await screen.findByRole('article', { name: `订单编号：${order.order_no}` });
    expect(within(card).queryByRole('link', { name: '申请售后' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: '再次购买' }));

    expect(await screen.findByText(OFFLINE_REBUY_TEXT)).toBeTruthy();
    const draft = await local.readCart();
    expect(draft?.provisional).toBe(true);
    expect(draft?.lines.map((l) => [l.goods.id, l.number]).sort()).toEqual([
      [1, 10],
      [2, 5],
    ]);
    expect(http.post).not.toHaveBeenCalled();
    expect(await rt.db.outbox.count()).toBe(1);
  });
});
