// The cart's money, once, for the server's GET /api/cart/list and the page's offline cart alike:
// unit prices, line amounts, 满减/满折 tiers, shipping. Pure; every amount is integer fen.
//
// Rules (decided, docs/api.md "Money rules (decided)"):
// - Unit price = the member rank's price (else base price), lowered by the ladder step the number
//   reaches; a ladder step never raises the price above that base.
// - Only selected, coupon-eligible (normal-priced) lines count towards tiers and coupons; a line
//   joins at most one tier promotion (goods_manjian_id).
// - A promotion takes off what its highest reached tier gives: 满减 `reduce`; 满折 the amount minus
//   the paid part rounded down to the fen (amount × percent / 100, floored: the buyer's favour).
// - The reduction is shared out over the promotion's lines in proportion to their amounts, largest
//   remainder first, so the shares add up to the reduction exactly.
// - Shipping: SPEC §9 shortfall over the selected raw total; free when the shortfall is 0 or a
//   selected 单品包邮 line reaches its qg_number.
import { ladderPriceFor, shippingShortfall, singleItemFreeShipping, tierStatuses } from './pricing';
import type {
  CartActivityData,
  CartLineView,
  CartPromotionView,
  CartShippingData,
  CartTotals,
  DiscountTier,
  ManjianTier,
  TierPromotion,
} from './cart-types';

export interface LadderStepWithId {
  id: number;
  number: number;
  price: number;
}

export interface UnitPrice {
  price: number;
  /** The ladder step that set the price, null when the base (rank or goods) price applies. */
  ladder_price_id: number | null;
}

/** Unit price for `quantity` units: ladder over the rank price (else base price), never above it. */
export function cartUnitPrice(
  basePrice: number,
  rankPrice: number | null,
  ladder: readonly LadderStepWithId[],
  quantity: number,
): UnitPrice {
  const base = rankPrice ?? basePrice;
  const stepped = ladderPriceFor(base, ladder, quantity);
  if (stepped >= base) return { price: base, ladder_price_id: null };
  let step: LadderStepWithId | null = null;
  for (const s of ladder) if (s.number <= quantity && (step === null || s.number > step.number)) step = s;
  return { price: stepped, ladder_price_id: step?.id ?? null };
}

/** What computeCart needs of a line. */
export interface CartCalcLine {
  id: number;
  /** Unit price (fen). */
  price: number;
  number: number;
  is_selected: 0 | 1 | boolean;
  /** Counts for tiers and coupons (false for flash-sale and combination prices). */
  coupon_eligible: boolean;
  /** Tier promotion the line joins, or null. */
  promotion_id: number | null;
  goods: { is_dpby: 0 | 1 | boolean; qg_number: number };
}

export interface CartLineAmounts {
  raw_price: number;
  goods_manjian_amount: number;
  with_coupon: number;
}

export interface CartComputation {
  totals: CartTotals;
  /** Per line id. */
  lines: Map<number, CartLineAmounts>;
  activity: CartActivityData;
}

/** The highest tier `amount` reaches, or null. */
function reachedTier<T extends { amount: number }>(tiers: readonly T[], amount: number): T | null {
  let best: T | null = null;
  for (const t of tiers) if (amount >= t.amount && (best === null || t.amount > best.amount)) best = t;
  return best;
}

/** What a promotion takes off `amount` (fen), never more than the amount. */
export function promotionReduction(p: TierPromotion, amount: number): number {
  if (amount <= 0) return 0;
  if (p.kind === 'manjian') {
    const tier = reachedTier(p.tiers, amount);
    return tier ? Math.min(amount, Math.max(0, tier.reduce)) : 0;
  }
  const tier = reachedTier(p.tiers, amount);
  if (!tier) return 0;
  const percent = Math.min(100, Math.max(0, tier.percent));
  return amount - Math.floor((amount * percent) / 100);
}

/**
 * Splits `total` over `weights` in proportion, by the largest remainder: the parts are integers,
 * add up to `total` exactly, and ties go to the earlier weight.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  // BigInt: total × weight can pass 2^53 for big carts, and a lost fen would break "adds up".
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => Number((T * BigInt(w)) / S));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, rem: (T * BigInt(w)) % S }))
    .sort((a, b) => (b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

function nextTier(tiers: readonly { amount: number }[], amount: number): { amount: number; shortfall: number } | null {
  let next: { amount: number } | null = null;
  for (const t of tiers) if (t.amount > amount && (next === null || t.amount < next.amount)) next = t;
  return next ? { amount: next.amount, shortfall: next.amount - amount } : null;
}

const isSelected = (l: CartCalcLine) => Boolean(l.is_selected);

/** Everything the cart shows in money: line amounts, tiers with status, totals, shipping. */
export function computeCart(
  lines: readonly CartCalcLine[],
  promotions: readonly TierPromotion[],
  shipping: CartShippingData,
): CartComputation {
  const amounts = new Map<number, CartLineAmounts>();
  for (const l of lines) amounts.set(l.id, { raw_price: l.price * l.number, goods_manjian_amount: 0, with_coupon: 0 });

  const activity: CartActivityData = { manjians: [], discounts: [] };
  for (const p of promotions) {
    const members = lines.filter((l) => isSelected(l) && l.coupon_eligible && l.promotion_id === p.id);
    const weights = members.map((l) => amounts.get(l.id)!.raw_price);
    const amount = weights.reduce((a, b) => a + b, 0);
    const reduce = promotionReduction(p, amount);
    allocate(reduce, weights).forEach((share, i) => {
      amounts.get(members[i].id)!.goods_manjian_amount = share;
    });
    if (p.kind === 'manjian') {
      const view: CartPromotionView<ManjianTier> = {
        id: p.id,
        name: p.name,
        kind: 'manjian',
        amount,
        reduce,
        tiers: tierStatuses(p.tiers, amount),
        next: nextTier(p.tiers, amount),
      };
      activity.manjians.push(view);
    } else {
      const view: CartPromotionView<DiscountTier> = {
        id: p.id,
        name: p.name,
        kind: 'discount',
        amount,
        reduce,
        tiers: tierStatuses(p.tiers, amount),
        next: nextTier(p.tiers, amount),
      };
      activity.discounts.push(view);
    }
  }

  let raw = 0;
  let manjian = 0;
  let withCoupon = 0;
  let count = 0;
  let units = 0;
  for (const l of lines) {
    if (!isSelected(l)) continue;
    const a = amounts.get(l.id)!;
    if (l.coupon_eligible) a.with_coupon = a.raw_price - a.goods_manjian_amount;
    raw += a.raw_price;
    manjian += a.goods_manjian_amount;
    withCoupon += a.with_coupon;
    count += 1;
    units += l.number;
  }

  const shortfall = shippingShortfall(shipping, raw);
  const free = shortfall === 0 || singleItemFreeShipping(lines);
  return {
    totals: {
      raw_price: raw,
      goods_manjian_amount: manjian,
      with_coupon: withCoupon,
      pay_price: raw - manjian,
      selected_count: count,
      selected_number: units,
      shipping: { shortfall, free, fee: free ? 0 : Math.max(0, shipping.fee) },
    },
    lines: amounts,
    activity,
  };
}

/**
 * The page's side: a line of GET /api/cart/list as computeCart input (after the buyer changed a
 * number or a selection locally). Null when prices are hidden.
 */
export function calcLineFromView(v: CartLineView): CartCalcLine | null {
  if (v.price === null) return null;
  return {
    id: v.id,
    price: v.price,
    number: v.number,
    is_selected: v.is_selected,
    coupon_eligible: v.coupon_eligible === 1,
    promotion_id: v.goods_manjian_id,
    goods: { is_dpby: v.goods.is_dpby, qg_number: v.goods.qg_number },
  };
}
