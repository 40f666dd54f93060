// 换购 (exchange goods) rules, shared by the server (the cart's offers, the checkout's exchange
// lines) and the pages (docs/decisions/promotion-exchange.md). An `exchange` promotion has tiers
// { amount (fen), goods: [{ goods_id, price (fen), limit }] }; its base is the 满赠 base
// (src/domain/gifts.ts: normal lines of the promotion's goods). Reaching a tier — the highest one
// whose amount the base reaches, inclusive — lets the buyer take ONE of that tier's goods, up to
// `limit` units, at its exchange price. Below every tier nothing is offered and a choice is dropped.
import { giftBase, type GiftBaseLine } from './gifts';

export interface ExchangeGoods {
  goods_id: number;
  /** Exchange unit price (fen). */
  price: number;
  /** Most units one order may take. */
  limit: number;
}

export interface ExchangeTier {
  /** Threshold in fen. */
  amount: number;
  goods: readonly ExchangeGoods[];
}

export interface ExchangeRule {
  id: number;
  name: string;
  allGoods: boolean;
  members: ReadonlySet<number>;
  tiers: readonly ExchangeTier[];
}

/** A buyer's choice: one goods of the promotion's reached tier, `number` units at `price`. */
export interface ExchangeChoice {
  promotionId: number;
  goodsId: number;
  number: number;
  price: number;
}

/** Order-line type of a 换购 line (paid, at its exchange price); 4 is the 满赠 gift. */
export const EXCHANGE_LINE_TYPE = 5;

export const EXCHANGE_TAG = '换购';

export const EXCHANGE_TEXTS = {
  notReached: '未达到换购门槛',
  notOffered: '该商品不在当前换购档位中',
  overLimit: (limit: number, unit: string) => `换购最多${limit}${unit || '件'}`,
  soldOut: '换购商品库存不足',
  priceChanged: '换购价格已变动，请重新选择',
  ended: '换购活动已结束',
} as const;

export function exchangeBase(rule: ExchangeRule, lines: readonly GiftBaseLine[]): number {
  return giftBase({ id: rule.id, name: rule.name, allGoods: rule.allGoods, members: rule.members, tiers: [] }, lines);
}

/** The highest tier the base reaches (amount ≤ base), or null. */
export function reachedExchangeTier(rule: ExchangeRule, base: number): ExchangeTier | null {
  let best: ExchangeTier | null = null;
  for (const t of rule.tiers) if (base >= t.amount && (best === null || t.amount > best.amount)) best = t;
  return best;
}

/** The lowest tier above the base (what to add next), or null. */
export function nextExchangeTier(rule: ExchangeRule, base: number): ExchangeTier | null {
  let best: ExchangeTier | null = null;
  for (const t of rule.tiers) if (base < t.amount && (best === null || t.amount < best.amount)) best = t;
  return best;
}

export interface ExchangeStock {
  stock: number;
  isOnSale: boolean;
  bzdw: string;
}

/**
 * Why `choice` cannot be taken now (null = it can): the tier the base reaches must offer the goods
 * at exactly the chosen price, `number` within its limit and what the stock has left after
 * `alreadyTaken` units (the rest of the order).
 */
export function exchangeProblem(
  rule: ExchangeRule,
  base: number,
  choice: Pick<ExchangeChoice, 'goodsId' | 'number' | 'price'>,
  stock: ExchangeStock | undefined,
  alreadyTaken = 0,
): string | null {
  const tier = reachedExchangeTier(rule, base);
  if (!tier) return EXCHANGE_TEXTS.notReached;
  const offer = tier.goods.find((g) => g.goods_id === choice.goodsId);
  if (!offer) return EXCHANGE_TEXTS.notOffered;
  if (offer.price !== choice.price) return EXCHANGE_TEXTS.priceChanged;
  if (choice.number > offer.limit) return EXCHANGE_TEXTS.overLimit(offer.limit, stock?.bzdw ?? '');
  if (!stock || !stock.isOnSale || stock.stock - alreadyTaken < choice.number) return EXCHANGE_TEXTS.soldOut;
  return null;
}

/** One offered goods of GET /api/cart/exchange. */
export interface ExchangeOfferGoods {
  goods_id: number;
  name: string;
  ypgg: string;
  bzdw: string;
  goods_image: string;
  /** Exchange unit price (fen). */
  price: number;
  /** The goods' own price for this buyer (fen), to show the saving. */
  original_price: number;
  limit: number;
  stock: number;
}

/** One exchange promotion as the cart shows it. */
export interface ExchangeOffer {
  promotion_id: number;
  promotion_name: string;
  /** What the selected lines of its goods cost (fen). */
  base: number;
  /** The reached tier's threshold (fen), 0 when none is reached. */
  threshold: number;
  /** The next tier's threshold (fen) above the base, or 0. */
  next_threshold: number;
  /** The reached tier's goods ([] below every tier). */
  goods: ExchangeOfferGoods[];
  chosen: { goods_id: number; number: number; price: number } | null;
}

export interface ExchangeOffers {
  list: ExchangeOffer[];
}

/** A 换购 line of the checkout preview (also an order line of type 5). */
export interface ExchangeLineView {
  promotion_id: number;
  promotion_name: string;
  goods_id: number;
  name: string;
  ypgg: string;
  bzdw: string;
  goods_image: string;
  number: number;
  price: number;
  amount: number;
}

/** POST /api/cart/exchange: choose (number ≥ 1) or, with number 0, clear a promotion's choice. */
export interface ExchangeChooseRequest {
  promotion_id: number;
  goods_id: number;
  number: number;
  /** The exchange price the buyer saw (fen): a different one is refused. */
  price: number;
}
