// What the shell shows of the cart: the badge count (GET /api/cart/total) and the side-bar drawer
// (GET /api/cart/list, POST /api/cart/batch_delete). Keys live under ['cart'] so the cart
// feature's `invalidateQueries({ queryKey: ['cart'] })` refreshes the badge and drawer too.
import { onlineManager, queryOptions } from '@tanstack/react-query';
import { CART_LIST_DEFAULT_FILTER } from '../domain/constants';
import type { CartTotal } from '../domain/contracts';
import { cartDelete, localStatus } from '../local';
import { http } from '../http/client';
import { localWrite, type WriteResult } from './local-write';

export const cartSummaryKeys = {
  all: ['cart'] as const,
  total: () => [...cartSummaryKeys.all, 'total'] as const,
  drawer: () => [...cartSummaryKeys.all, 'drawer'] as const,
};

/** The subset of a SPEC §3 cart line the drawer renders. */
export interface DrawerCartLine {
  id: number;
  number: number;
  /** Unit price in fen; null when the viewer may not see prices yet (qualification pending). */
  price: number | null;
  goods: { id: number; name: string; sccj: string; ypgg: string; goods_image: string };
}

/** GET /api/cart/list answers with the whole cart state; the drawer reads only `data`. */
export interface DrawerCartList {
  data: DrawerCartLine[];
  /** The device's cart draft (changes not synced yet, or no connection), not the server's cart. */
  provisional?: boolean;
}

export const getCartTotal = (): Promise<CartTotal> => http.get<CartTotal>('cart/total');

/**
 * The server's cart; while cart changes wait in the outbox or the device is offline, the local
 * draft instead (it is the server's last cart plus those changes), read from the store on demand.
 */
export async function getDrawerCartList(): Promise<DrawerCartList> {
  const draft = localStatus().cartDraft;
  if (draft && draft.seeded && (draft.pending || !onlineManager.isOnline())) {
    const { readCart } = await import('../local');
    const view = await readCart();
    if (view) {
      const data = view.lines.map((l) => ({ id: l.id, number: l.number, price: l.price, goods: l.goods }));
      return { data, provisional: true };
    }
  }
  return http.get<DrawerCartList>('cart/list', { filters: CART_LIST_DEFAULT_FILTER });
}
/**
 * The drawer's delete is a cart write like the cart page's: through the local store's outbox
 * (src/local/writes.ts), so offline it lands in the cart draft and syncs later, with the same
 * Idempotency-Key and order as every other cart change.
 */
export const postCartBatchDelete = (ids: readonly number[]): Promise<WriteResult<{ count: number }>> =>
  localWrite(() => cartDelete(ids));

export const cartTotalQuery = () =>
  queryOptions({
    queryKey: cartSummaryKeys.total(),
    queryFn: getCartTotal,
    // Header data: a visitor's 401 is expected and ignored (SPEC §8).
    meta: { silentErrors: true },
    retry: false,
  });

export const drawerCartQuery = () =>
  queryOptions({
    queryKey: cartSummaryKeys.drawer(),
    queryFn: getDrawerCartList,
    meta: { silentErrors: true },
    retry: false,
    // SPEC §4: opening the drawer fetches the cart, so a cached copy is never trusted.
    staleTime: 0,
  });

export interface DrawerTotals {
  /** Sum of quantities. */
  count: number;
  /** Sum of price × number, in fen; null when any price is hidden (a partial sum would mislead). */
  amountFen: number | null;
}

export function drawerTotals(lines: readonly DrawerCartLine[]): DrawerTotals {
  let count = 0;
  let amountFen: number | null = 0;
  for (const line of lines) {
    count += line.number;
    amountFen = amountFen === null || line.price === null ? null : amountFen + line.price * line.number;
  }
  return { count, amountFen };
}
