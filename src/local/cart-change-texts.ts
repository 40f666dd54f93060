// Dexie-free, so the conflicts banner can name a change without loading the engine.
import type { CartChangeKind } from './db';

/** The words of the offline issue; `removed` covers a line the server no longer has. */
export const CART_CHANGE_TEXTS: Record<CartChangeKind, string> = {
  price: '价格已变动',
  stock: '库存不足',
  off_sale: '已下架',
  limit: '超出限购',
  removed: '已从购物车移除',
};
