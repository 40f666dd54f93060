// Issue 21, the cart's first load (docs/decisions/cart-first-load.md): the local store's start
// waits for a route's hold (the cart's lines), but never while offline or for other answers; the engine's start-up read of the cart takes the answer
// the page just drew only while that answer is the server's own and current.
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_LIST_FRESH_MS, cartListQuery } from '../../src/api/cart-list';
import { firstScreenDrawn } from '../../src/app/local-store';
import { localStoreOptions } from '../../src/app/local-wiring';
import type { CartState } from '../../src/domain/cart-types';
import { holdLocalStart, localStartHeld, releaseLocalStart } from '../../src/local/start-holds';
import { http } from '../../src/http/client';

const HOLD = 'test-first-screen';

function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

const cart = (id: number): CartState =>
  ({
    data: [{ id }],
    shipping_data: { shipping_amount: 0, no_trans_order_amount: 0, fee: 0 },
    activity_data: { manjians: [], discounts: [] },
    filter_data: { current: 99_999, warehouses: [] },
    totals: null,
  }) as unknown as CartState;

describe('the local store waits for the first screen', () => {
  afterEach(() => {
    releaseLocalStart(HOLD);
    onlineManager.setOnline(true);
  });

  it("starts only once the route lets go of its hold, and does not wait for other pages' answers", async () => {
    const queryClient = new QueryClient();
    // An answer on its way that no route holds for (a detail page's alerts): the store starts anyway,
    // so a buyer's first add finds it ready.
    // Cancelled by clear() at the end: its rejection is expected.
    void queryClient
      .fetchQuery({ queryKey: ['first'], queryFn: () => new Promise(() => undefined) })
      .catch(() => undefined);
    expect(await settledWithin(firstScreenDrawn(), 1_000)).toBe(true);
    holdLocalStart(HOLD);
    const drawn = firstScreenDrawn();
    expect(await settledWithin(drawn, 150)).toBe(false);
    releaseLocalStart(HOLD);
    expect(localStartHeld()).toBe(false);
    expect(await settledWithin(drawn, 500)).toBe(true);
    queryClient.clear();
  });

  it('does not wait while offline', async () => {
    holdLocalStart(HOLD);
    const drawn = firstScreenDrawn();
    expect(await settledWithin(drawn, 150)).toBe(false);
    onlineManager.setOnline(false);
    expect(await settledWithin(drawn, 500)).toBe(true);
  });

  it('a hold ends by itself after its time', async () => {
    holdLocalStart(HOLD, 100);
    expect(localStartHeld()).toBe(true);
    expect(await settledWithin(firstScreenDrawn(), 1_000)).toBe(true);
    expect(localStartHeld()).toBe(false);
  });
});

describe("the engine's start-up read of the cart", () => {
  let get: ReturnType<typeof vi.spyOn>;
  let post: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    get = vi.spyOn(http, 'get').mockResolvedValue(cart(2) as never);
    post = vi.spyOn(http, 'post').mockResolvedValue({ code: 10000, msg: 'ok', data: null } as never);
  });
  afterEach(() => {
    get.mockRestore();
    post.mockRestore();
  });

  it('takes the answer the page just drew, and refreshes nothing after it', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(cartListQuery().queryKey, cart(1));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { transport, onSynced } = localStoreOptions(queryClient);
    expect(await transport!.getCart()).toEqual(cart(1));
    expect(get).not.toHaveBeenCalled();
    onSynced!({ kinds: new Set(), reconciled: true });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('asks the server when the answer is older than the trust window', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(cartListQuery().queryKey, cart(1), { updatedAt: Date.now() - CART_LIST_FRESH_MS - 1 });
    const { transport } = localStoreOptions(queryClient);
    expect(await transport!.getCart()).toEqual(cart(2));
    expect(get).toHaveBeenCalledWith('cart/list', { filters: 99_999 });
  });

  it('asks the server after anything was posted, or a cart write patched the list', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(cartListQuery().queryKey, cart(1));
    const { transport } = localStoreOptions(queryClient);
    await transport!.post('cart', {}, 'key-1');
    expect(await transport!.getCart()).toEqual(cart(2));

    const other = new QueryClient();
    other.setQueryData(cartListQuery().queryKey, cart(1));
    await other
      .getMutationCache()
      .build(other, { mutationKey: ['cart', 'edit'], mutationFn: async () => null })
      .execute(undefined);
    get.mockClear();
    expect(await localStoreOptions(other).transport!.getCart()).toEqual(cart(2));
    expect(get).toHaveBeenCalledTimes(1);
  });
});
