// /cart (step 1, SPEC §2 cart flow): the buyer's cart grouped by warehouse, with selection
// (SPEC §4), quantity edits, deletion (SPEC §5 confirmation), tiers, shipping (SPEC §9) and the
// way to step 2. The step banner comes from the route row.
//
// Speed (DESIGN.md: a 300-line cart stays smooth): the list query feeds a CartStore normalised by
// line id (cart-store.ts); rows, group headings and the totals read their own slices, the list is
// windowed, and every write is optimistic (src/api/cart.ts).
//
// Offline (issue 5): while the app is offline or the server cannot be reached, the page shows the
// device's cart draft instead (offline-cart.tsx), marked provisional, with checkout disabled; every
// cart the page reads online is kept for that. What changed when offline work reached the server
// is listed above the cart (cart-conflicts.tsx).
//
// First load (issue 21, docs/decisions/cart-first-load.md): the route loader asks for the cart
// with the page's chunks; the lines are drawn from the server's answer, and only then does the
// local store start (its drafts and outbox join as it opens: the conflicts banner, the offline
// switch, the engine's reconcile of the draft).
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cartListQuery, useCartWrites, type CartWrites } from '../../api/cart';
import { isServerUnreachable } from '../../api/reachability';
import { releaseLocalStart, useLocalRuntime, useOnline } from '../../local';
import { CART_FIRST_SCREEN_HOLD } from './cart-first-screen';
import { CartBody } from './cart-body';
import { CartConflicts } from './cart-conflicts';
import { CartStoreContext } from './cart-context';
import { CartStore, queryCartSource } from './cart-store';
import { OfflineCart, useRememberCart } from './offline-cart';
import styles from './cart-page.module.css';
import { buttonClass } from '../../ui/button';

/** The page only needs to know that a list is there; its content goes through the store. */
const loaded = (): true => true;

function ServerCart({ queryClient, writes }: { queryClient: QueryClient; writes: CartWrites }) {
  const [store] = useState(() => new CartStore(queryCartSource(queryClient), writes));
  useEffect(() => {
    const disconnect = store.connect();
    return () => {
      disconnect();
      store.dispose();
    };
  }, [store]);

  // `select` turns any list into `true`, so new data re-renders the store's readers, not the page.
  const query = useQuery({ ...cartListQuery(), select: loaded });
  const hasData = query.data === true;

  if (!hasData && query.isError) {
    return (
      <div className={styles.state}>
        <p>购物车加载失败</p>
        <button
          type="button"
          className={buttonClass('secondary', { size: 'row' })}
          onClick={() => void query.refetch()}
        >
          重新加载
        </button>
      </div>
    );
  }
  if (!hasData) {
    return (
      <p className={styles.state} role="status">
        正在加载购物车…
      </p>
    );
  }
  return (
    <CartStoreContext value={store}>
      <CartBody />
    </CartStoreContext>
  );
}

export default function CartPage() {
  const queryClient = useQueryClient();
  const writes = useCartWrites();
  const online = useOnline();
  const local = useLocalRuntime();
  useRememberCart(queryClient);

  // The same observer as ServerCart's (shared by key): only its failure matters here.
  const query = useQuery({ ...cartListQuery(), select: loaded });
  // A failed attempt counts at once (failureReason), not after the retries run out.
  const unreachable = isServerUnreachable(query.error ?? query.failureReason);
  const offline = local !== null && (!online || unreachable);
  // The lines (or the empty cart, or the failure) are drawn, or the server cannot be reached (the
  // device's cart is needed): the local store may start now (cart-first-screen.ts). And on leaving.
  const drawn = query.data === true || query.isError || unreachable;
  useEffect(() => {
    if (drawn) releaseLocalStart(CART_FIRST_SCREEN_HOLD);
  }, [drawn]);
  useEffect(() => () => releaseLocalStart(CART_FIRST_SCREEN_HOLD), []);

  return (
    <section className={styles.page} aria-labelledby="cart-title">
      <h1 id="cart-title" className={styles.title}>
        我的购物车
      </h1>
      {local !== null && <CartConflicts />}
      {offline ? <OfflineCart writes={writes} /> : <ServerCart queryClient={queryClient} writes={writes} />}
    </section>
  );
}
