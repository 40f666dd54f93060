// /cart (step 1, SPEC §2 cart flow): the buyer's cart grouped by warehouse, with selection
// (SPEC §4), quantity edits, deletion (SPEC §5 confirmation), tiers, shipping (SPEC §9) and the
// way to step 2. The step banner comes from the route row.
//
// Speed (DESIGN.md: a 300-line cart stays smooth): the list query feeds a CartStore normalised by
// line id (cart-store.ts); rows, group headings and the totals read their own slices, the list is
// windowed, and every write is optimistic (src/api/cart.ts).
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cartListQuery, useCartWrites } from '../../api/cart';
import { CartList } from './cart-list';
import { CartStoreContext, useCartGroups } from './cart-context';
import { CartStore } from './cart-store';
import { EmptyCart } from './empty-cart';
import { TotalsPanel } from './totals-panel';
import styles from './cart-page.module.css';

/** The page only needs to know that a list is there; its content goes through the store. */
const loaded = (): true => true;

function CartBody() {
  const groups = useCartGroups();
  if (groups.length === 0) return <EmptyCart />;
  return (
    <>
      <CartList />
      <TotalsPanel />
    </>
  );
}

export default function CartPage() {
  const queryClient = useQueryClient();
  const writes = useCartWrites();
  const [store] = useState(() => new CartStore(queryClient, writes));
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

  return (
    <section className={styles.page} aria-labelledby="cart-title">
      <h1 id="cart-title" className={styles.title}>
        我的购物车
      </h1>
      {!hasData && query.isError ? (
        <div className={styles.state}>
          <p>购物车加载失败</p>
          <button type="button" className={styles.secondary} onClick={() => void query.refetch()}>
            重新加载
          </button>
        </div>
      ) : !hasData ? (
        <p className={styles.state} role="status">
          正在加载购物车…
        </p>
      ) : (
        <CartStoreContext value={store}>
          <CartBody />
        </CartStoreContext>
      )}
    </section>
  );
}
