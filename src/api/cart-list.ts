// The cart page's list (GET /api/cart/list, SPEC §7, §9) on its own, without the cart's writes and
// pricing: the cart route's loader (src/routes/loaders/cart.ts, in the first bundle) asks for it
// in parallel with the page's chunks, so this module stays tiny (issue 21, docs/decisions/cart-first-load.md).
import { queryOptions } from '@tanstack/react-query';
import type { CartState } from '../domain/cart-types';
import { CART_LIST_DEFAULT_FILTER } from '../domain/constants';
import { http } from '../http/client';
import { cartSummaryKeys } from './cart-summary';

export const cartListKeys = {
  /** Every cart list, whatever its warehouse filter (optimistic writes patch them all). */
  lists: () => [...cartSummaryKeys.all, 'list'] as const,
  list: (filters: number = CART_LIST_DEFAULT_FILTER) => [...cartSummaryKeys.all, 'list', filters] as const,
};

/**
 * How long an answer counts as current. Long enough for the page mounting right after its route
 * loader's answer (and the local store's start-up read) to take it instead of asking again, short
 * enough that coming back to the cart asks the server. Every cart write, add-to-cart and sync
 * invalidates ['cart'] anyway, which ignores this window.
 */
export const CART_LIST_FRESH_MS = 5_000;

/** GET /api/cart/list: `filters` is a warehouse id (ck_id) or 99999 for all (SPEC §7, §9). */
export const getCartList = (filters: number = CART_LIST_DEFAULT_FILTER): Promise<CartState> =>
  http.get<CartState>('cart/list', { filters });

export const cartListQuery = (filters: number = CART_LIST_DEFAULT_FILTER) =>
  queryOptions({
    queryKey: cartListKeys.list(filters),
    queryFn: () => getCartList(filters),
    staleTime: CART_LIST_FRESH_MS,
  });
