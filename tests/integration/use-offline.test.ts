// @vitest-environment jsdom
// The React hooks over the local store re-render when the tables change, with the store syncing
// to the real app.
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, configure, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as local from '../../src/local/index';
import {
  useConflicts,
  useCartDraft,
  useLastSync,
  useLocalStatus,
  useOnline,
  useOutboxCount,
} from '../../src/local/index';
import { cartAdd, favoriteAdd } from '../../src/local/writes';
import { startRealShop, uniqueName, type RealShop } from './real-shop';

// The component layer's ceiling (tests/setup/component.ts): syncing three outbox entries with the real
// app passed Testing Library's 1 s default at load 12. A condition, never a wait for time.
configure({ asyncUtilTimeout: 5_000 });

let shop: RealShop;
beforeAll(async () => {
  shop = await startRealShop();
});
afterAll(() => shop.close());

afterEach(async () => {
  cleanup();
  onlineManager.setOnline(true);
  await local.stopLocal();
});

describe('use-offline hooks', () => {
  it('follow the outbox, the draft, conflicts, last sync and the online state', async () => {
    const g = shop.goodsId;
    const member = await shop.member(uniqueName());
    shop.browser.signInAs(member);
    const ganmaoling = await shop.listed(member, 'ganmaoling');
    const offSale = await shop.listed(member, 'offSale');
    const rt = await local.startLocal(member.user, { locks: null });
    await act(() => rt!.engine.trigger('manual'));

    const { result } = renderHook(() => ({
      online: useOnline(),
      count: useOutboxCount(),
      cart: useCartDraft(),
      conflicts: useConflicts(),
      last: useLastSync(),
      status: useLocalStatus(),
    }));
    await waitFor(() => expect(result.current.last.lastSyncAt).not.toBeNull());
    expect(result.current.online).toBe(true);

    act(() => onlineManager.setOnline(false));
    expect(result.current.online).toBe(false);
    const ck_id = shop.cat.warehouseId;
    await act(async () => {
      await cartAdd([{ goods_id: g.ganmaoling, number: 2, ck_id }], { goods: [ganmaoling] });
      await cartAdd([{ goods_id: g.offSale, number: 1, ck_id }], { goods: [offSale] });
      await favoriteAdd([g.banlangen]);
    });
    await waitFor(() => expect(result.current.count).toBe(3));
    await waitFor(() => expect(result.current.status.outboxCount).toBe(3));
    // The badge counts the draft (the server's cart was empty) and the heart shows the queued favourite.
    expect(result.current.status.cartDraft).toEqual({ pending: true, seeded: true, lines: 2, localLines: 2 });
    expect(result.current.status.favorites.get(g.banlangen)).toEqual({ on: true, pending: true });
    expect(result.current.cart?.provisional).toBe(true);
    expect(result.current.cart?.lines.map((l) => l.goods.name)).toEqual(['停售药', '感冒灵颗粒']);
    expect(result.current.cart?.totals?.raw_price).toBe(2 * 1250 + 300);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.count).toBe(0));
    await waitFor(() =>
      expect(result.current.conflicts.map((c) => c.text)).toEqual(['加入购物车未成功：停售药：该商品暂不可购买']),
    );
    await waitFor(() => expect(result.current.cart?.provisional).toBe(false));
    expect(result.current.cart?.lines.map((l) => l.goods.name)).toEqual(['感冒灵颗粒']);
    await waitFor(() =>
      expect(result.current.status.cartDraft).toEqual({ pending: false, seeded: true, lines: 1, localLines: 0 }),
    );
    expect(result.current.status.favorites.get(g.banlangen)).toEqual({ on: true, pending: false });
    expect(await shop.favorites(member)).toEqual([g.banlangen]);
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 2 });

    await act(() => local.dismissConflict(result.current.conflicts[0].id!));
    await waitFor(() => expect(result.current.conflicts).toEqual([]));
  });
});
