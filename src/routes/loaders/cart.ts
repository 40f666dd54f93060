// First screen of the cart (/cart, member-only: the `auth` guard runs first). The cart's answer is
// asked for when the route matches, in parallel with the page's chunks, instead of after them;
// the list query trusts an answer for CART_LIST_FRESH_MS, so the page takes this one instead of
// asking again. The local store's start waits until the lines are drawn (a hold the page lets go),
// so Dexie's start-up never sits between the answer and its pixels (docs/decisions/cart-first-load.md).
// In the first bundle (a few hundred bytes): a lazy loader would cost a round trip before the ask.
import type { QueryClient } from '@tanstack/react-query';
import { cartListQuery } from '../../api/cart-list';
import { holdLocalStart, releaseLocalStart } from '../../local';
import { CART_FIRST_SCREEN_HOLD } from '../../features/cart/cart-first-screen';

/**
 * The 满额返现 hint beside the totals, asked for with the lines so the server draws it with them
 * (on a phone it is the first screen's largest text). A hint: its failure shows nothing, and it is
 * not retried (a paused retry offline would hold the route). Its module is one of the cart
 * page's chunks, so the first bundle does not grow.
 */
function loadCashbackHint(queryClient: QueryClient): Promise<void> {
  return import('../../api/promotions')
    .then(({ cashbackQuery }) =>
      queryClient.prefetchQuery({ ...cashbackQuery(), retry: false, meta: { silentErrors: true } }),
    )
    .catch(() => undefined);
}

export function loadCart(queryClient: QueryClient): Promise<unknown> {
  holdLocalStart(CART_FIRST_SCREEN_HOLD);
  // A failed answer means the page may need the device's cart: the store should not wait then.
  const lines = queryClient.ensureQueryData(cartListQuery()).catch((error: unknown) => {
    releaseLocalStart(CART_FIRST_SCREEN_HOLD);
    throw error;
  });
  return Promise.all([lines, loadCashbackHint(queryClient)]);
}
