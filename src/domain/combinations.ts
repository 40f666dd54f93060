// 组合购 (/zhzq, GET /api/combinationMzhgGroup and /api/combinationMzhg; docs/api.md
// "Combinations"): wire types. A set is every member goods × its quantity, bought as one cart line
// of kind 3 (CartAddLine type 3 with combination_id, goods_id = the lowest member id).

export interface CombinationMemberView {
  goods_id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  goods_image: string;
  /** Units of this goods in one set. */
  quantity: number;
  /** Unit price inside the set (fen); null when the viewer may not see prices. */
  price: number | null;
  /** The member's own unit price (fen); null when hidden. */
  original_price: number | null;
  stock: number;
}

export interface CombinationView {
  id: number;
  name: string;
  description: string;
  image: string;
  /** Unix seconds. */
  end_time: number;
  /** Set price (fen); null when hidden. */
  price: number | null;
  /** What the members cost one by one (fen); null when hidden. */
  original_price: number | null;
  /** Sets the stock allows. */
  sets: number;
  /** The member goods the cart line is keyed on (lowest id). */
  goods_id: number;
  goods: CombinationMemberView[];
}

/** What the set saves against buying its members one by one (fen, never negative). */
export function combinationSaving(c: Pick<CombinationView, 'price' | 'original_price'>): number | null {
  if (c.price === null || c.original_price === null) return null;
  return Math.max(0, c.original_price - c.price);
}

/**
 * The address of one combination's dialog on /zhzq (GET /api/combinationMzhg?id=): what the /zhzq
 * cards and a goods' 组合购 promotion line link to. A goods activity of kind `combination` carries
 * the combination's id (both are the promotion's id).
 */
export const combinationHref = (id: number): string => `/zhzq?id=${id}`;
