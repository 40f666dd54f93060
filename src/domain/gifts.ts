// 满赠 (gift) rules, shared by the server (cart gift_data, the checkout's gift lines) and the pages:
// a gift promotion has tiers { amount (fen), goods_id, number }; the base is what the order's
// normal lines of the promotion's goods cost (flash-sale and combination lines are promotions
// already and do not count); the highest tier whose amount the base reaches — exactly at the
// amount counts — gives `number` units of its goods at price 0, when the stock has them.

export interface GiftTier {
  /** Threshold in fen. */
  amount: number;
  goods_id: number;
  number: number;
}

export interface GiftRule {
  id: number;
  name: string;
  /** Every goods takes part (else `members`). */
  allGoods: boolean;
  members: ReadonlySet<number>;
  tiers: readonly GiftTier[];
}

export interface GiftBaseLine {
  goodsId: number;
  /** Cart line kind: only 0 (normal) counts. */
  type: number;
  /** What the line costs (fen). */
  amount: number;
}

/** What the lines of the rule's goods cost (fen). */
export function giftBase(rule: GiftRule, lines: readonly GiftBaseLine[]): number {
  let base = 0;
  for (const l of lines) if (l.type === 0 && (rule.allGoods || rule.members.has(l.goodsId))) base += l.amount;
  return base;
}

/** The highest tier the base reaches (amount ≤ base), or null. */
export function reachedGiftTier(rule: GiftRule, base: number): GiftTier | null {
  let best: GiftTier | null = null;
  for (const t of rule.tiers) if (base >= t.amount && (best === null || t.amount > best.amount)) best = t;
  return best;
}

/** A gift line the checkout shows (and the order gets when `given`). */
export interface GiftLineView {
  promotion_id: number;
  promotion_name: string;
  /** The tier's threshold (fen). */
  threshold: number;
  goods_id: number;
  name: string;
  ypgg: string;
  bzdw: string;
  goods_image: string;
  number: number;
  /** Always 0: a gift. */
  price: 0;
  /** 0 when the gift goods has run out (the order goes without it). */
  given: 0 | 1;
}

/** cart line gift_data.type: 0 none, 1 满赠. */
export const GIFT_DATA_TYPE = 1;

/**
 * The order-line type of a 满赠 gift (price 0). Cart and order lines share 0 normal, 1 flash sale
 * or daily special, 2 group buy, 3 combination; a gift exists only on orders.
 */
export const GIFT_LINE_TYPE = 4;
