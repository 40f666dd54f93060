// A goods as the add control sees it inside a flash sale or group buy: the promotion's stock and
// per-company cap folded into the goods' own quantity rules (the server applies the same caps:
// server/services/cart/rules.ts lineRules), and the price the line will be added at.
import type { GoodsListItem } from './catalog';

export interface PromotionTerms {
  /** Unit price of the line (fen); null when prices are hidden. */
  price: number | null;
  /** Per-company cap, 0 = none. */
  perCompanyLimit: number;
  /** Units the promotion has left, null = only the goods' stock. */
  remaining: number | null;
}

const minCap = (a: number, b: number): number => (b <= 0 ? a : a > 0 ? Math.min(a, b) : b);

export function withPromotionTerms(goods: GoodsListItem, terms: PromotionTerms): GoodsListItem {
  return {
    ...goods,
    price: terms.price,
    // The promotion price is flat: no ladder steps apply to it.
    ladder_price: [],
    number: terms.remaining === null ? goods.number : Math.min(goods.number, terms.remaining),
    purchase_limit: minCap(goods.purchase_limit, terms.perCompanyLimit),
  };
}
