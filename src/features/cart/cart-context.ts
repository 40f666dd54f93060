// The page's CartStore for its parts, and the selectors they read it with. Each selector returns
// a cached object from the store, so useSyncExternalStore re-renders a part only when its own
// slice changed.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CartLineView } from '../../domain/cart-types';
import type { CartGroup, SelectionCount } from './cart-page-state';
import type { CartMoney, CartStore, CartSummary } from './cart-store';

export const CartStoreContext = createContext<CartStore | null>(null);

export function useCartStore(): CartStore {
  const store = useContext(CartStoreContext);
  if (!store) throw new Error('useCartStore: no CartStoreContext provider');
  return store;
}

function useSlice<T>(read: (store: CartStore) => T): T {
  const store = useCartStore();
  const get = () => read(store);
  return useSyncExternalStore(store.subscribe, get, get);
}

export const useCartLine = (id: number): CartLineView | undefined => useSlice((s) => s.line(id));
export const useCartGroups = (): readonly CartGroup[] => useSlice((s) => s.groups());
export const useGroupCount = (ckId: number): SelectionCount => useSlice((s) => s.groupCount(ckId));
export const useCartSummary = (): CartSummary => useSlice((s) => s.summary());
export const useCartMoney = (): CartMoney | null => useSlice((s) => s.money());
