// The cart with no server: the device's cart draft (src/local, useCartDraft) shown by the same
// CartStore, rows and totals panel as the server's cart, with totals from the same computation
// (src/domain/cart.ts through recomputeCart), marked provisional. The buyer can change, select and
// remove lines (the same writes: they land in the draft and the outbox); 去结算 waits for the
// network. Also here: keeping a copy of every cart the page reads online (rememberCart).
import { useEffect, useMemo, useState } from 'react';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { cartListQuery, recomputeCart, type CartWrites } from '../../api/cart';
import { CART_LIST_DEFAULT_FILTER } from '../../domain/constants';
import type { CartState } from '../../domain/cart-types';
import { formatDateTime } from '../../domain/time';
import {
  currentLocalRuntime,
  rememberCart,
  useCartDraft,
  useLocalLive,
  useOutboxCount,
  type CartDraftContext,
  type CartDraftView,
} from '../../local';
import { CartBody } from './cart-body';
import { CartStoreContext } from './cart-context';
import { CartStore, valueCartSource } from './cart-store';
import pageStyles from './cart-page.module.css';
import styles from './cart-offline.module.css';

export const OFFLINE_DRAFT_NOTE = '离线草稿，价格与库存以联网同步后为准';

const NO_CONTEXT: CartDraftContext = {
  shipping_data: { shipping_amount: 0, no_trans_order_amount: 0, fee: 0 },
  activity_data: { manjians: [], discounts: [] },
  filter_data: null,
  pricesHidden: false,
};

/** The draft as a CartState, amounts and tiers recomputed by the server's function. */
export function draftCartState(
  view: Pick<CartDraftView, 'lines' | 'totals'>,
  context: CartDraftContext | undefined,
): CartState {
  const ctx = context ?? NO_CONTEXT;
  const state: CartState = {
    data: view.lines,
    shipping_data: ctx.shipping_data,
    activity_data: ctx.activity_data,
    filter_data: ctx.filter_data ?? { current: CART_LIST_DEFAULT_FILTER, warehouses: [] },
    totals: view.totals,
  };
  // Null totals: prices hidden, or a line priced nowhere on this device; nothing sound to sum.
  return state.totals === null ? state : recomputeCart(state);
}

/** The cart's shipping and promotion context from its last online read; null while loading. */
function useDraftContext(): { ctx: CartDraftContext | undefined } | null {
  return useLocalLive('cartContext', null, { ctx: undefined });
}

function DraftNote({ asOf }: { asOf: number | null }) {
  const pending = useOutboxCount();
  return (
    <div className={styles.draftNote} role="note" data-testid="cart-draft-note">
      <strong>{OFFLINE_DRAFT_NOTE}</strong>
      <span className={styles.draftMeta}>
        {pending > 0 ? `${pending}项改动待同步` : '暂无待同步的改动'}
        {asOf !== null && `，购物车上次同步于 ${formatDateTime(asOf)}`}
      </span>
    </div>
  );
}

export function OfflineCart({ writes }: { writes: CartWrites }) {
  const view = useCartDraft();
  const context = useDraftContext();
  const [source] = useState(() => valueCartSource());
  const [store] = useState(() => new CartStore(source, writes, 'draft'));
  const state = useMemo(() => (view && context ? draftCartState(view, context.ctx) : null), [view, context]);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const disconnect = store.connect();
    return () => {
      disconnect();
      store.dispose();
    };
  }, [store]);
  // The store follows the draft; its readers render once it holds the first one.
  useEffect(() => {
    if (!state) return;
    source.set(state);
    setShown(true);
  }, [source, state]);

  if (!shown || !view) {
    return (
      <p className={pageStyles.state} role="status">
        正在读取本机购物车…
      </p>
    );
  }
  return (
    <>
      <DraftNote asOf={view.asOf} />
      <CartStoreContext value={store}>
        <CartBody />
      </CartStoreContext>
    </>
  );
}

/**
 * Keeps a copy of each cart list the page fetched from the server (not the optimistic patches,
 * which are `manual` updates), so the cart opens offline. The store refuses it while cart changes
 * are still queued: the server's answer does not contain them yet.
 */
export function useRememberCart(queryClient: QueryClient): void {
  useEffect(() => {
    const hash = hashKey(cartListQuery().queryKey);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== hash) return;
      const action = event.action;
      if (action.type !== 'success' || action.manual) return;
      // Before the store runs there is nowhere to keep it, and asking would load Dexie's chunks
      // during the first screen; the engine's first run reads the server's cart into the draft.
      if (currentLocalRuntime() === null) return;
      void rememberCart(action.data as CartState);
    });
  }, [queryClient]);
}
