// Pricing rules of SPEC §4 and §9, once, for the page and the server alike. All amounts in fen.

export interface LadderStep {
  /** From this many units on… */
  number: number;
  /** …the unit price is this (fen). */
  price: number;
}

/**
 * Unit price for a quantity: the step with the largest `number` not above the quantity, else the
 * base price. Steps need not be sorted.
 */
export function ladderPriceFor(basePrice: number, steps: readonly LadderStep[], quantity: number): number {
  let best: LadderStep | null = null;
  for (const s of steps) {
    if (s.number <= quantity && (best === null || s.number > best.number)) best = s;
  }
  return best ? best.price : basePrice;
}

export interface Tier {
  /** Threshold (fen) the selected coupon-eligible amount must reach. */
  amount: number;
}

export type TierWithStatus<T extends Tier> = T & { status: 0 | 1 };

/**
 * SPEC §4: a tier is reached (status 1) when the selected coupon-eligible amount is at least its
 * amount; reached tiers are listed first, each group keeping its original order.
 */
export function tierStatuses<T extends Tier>(tiers: readonly T[], eligibleAmount: number): TierWithStatus<T>[] {
  const marked = tiers.map((t) => ({ ...t, status: (eligibleAmount >= t.amount ? 1 : 0) as 0 | 1 }));
  return [...marked.filter((t) => t.status === 1), ...marked.filter((t) => t.status === 0)];
}

export interface ShippingData {
  /** Order amount (fen) from which shipping is free. */
  shipping_amount: number;
  /** Amount (fen) of orders already placed today that count towards it. */
  no_trans_order_amount: number;
}

/** SPEC §9: shortfall = shipping_amount − selected total − no_trans_order_amount, never below 0. */
export function shippingShortfall(shipping: ShippingData, selectedTotal: number): number {
  return Math.max(0, shipping.shipping_amount - selectedTotal - shipping.no_trans_order_amount);
}

export interface DpbyLine {
  is_selected: 0 | 1 | boolean;
  number: number;
  goods: { is_dpby: 0 | 1 | boolean; qg_number: number };
}

/** SPEC §9: free shipping if a selected line's goods has is_dpby and its number ≥ qg_number. */
export function singleItemFreeShipping(lines: readonly DpbyLine[]): boolean {
  return lines.some((l) => Boolean(l.is_selected) && Boolean(l.goods.is_dpby) && l.number >= l.goods.qg_number);
}

/** Line total in fen; quantities and prices are integers so this is exact. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return unitPrice * quantity;
}
