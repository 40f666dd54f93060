// Whether a buyer may have `number` of a goods (or of a combination set) in the cart, and at what
// unit price. The quantity rules are src/domain/quantity.ts, the same the page's stepper guides
// with; the price is src/domain/cart.ts cartUnitPrice. The client's price is never consulted.
import { cartUnitPrice } from '@domain/cart.ts';
import type { CartLineType } from '@domain/cart-types.ts';
import { quantityProblem, quantityRulesFor, type QuantityGoods, type QuantityRules } from '@domain/quantity.ts';
import { purchaseBlock } from '@domain/business-scope.ts';
import { quantityRefusal, scopeRefusal } from '@domain/cart-line-refusal.ts';
import type { Buyer } from './buyer.ts';
import type { CombinationFacts, FlashFact, GoodsFactRow, GoodsFacts } from './facts.ts';
import { companyLimitProblem, groupJoinPrice } from '../promotions/line-terms.ts';

export const GONE_MSG = '商品不存在或已下架';

/** What the rules need to know about the buyer: 控销 entitlement, 经营范围 and certificates. */
type Who = Pick<Buyer, 'isSpecial' | 'entitlement'>;

/** Why this buyer may not buy a (visible) goods at all: its licence or a lapsed certificate. */
export function scopeBlock(g: Pick<GoodsFactRow, 'scopeClass'>, buyer: Who): string | null {
  return purchaseBlock(buyer.entitlement, g.scopeClass);
}

/** Goods the buyer may see at all: on sale, and 控销 only for an is_special company. */
export function visibleTo(g: Pick<GoodsFactRow, 'isOnSale' | 'isKx'>, buyer: Pick<Buyer, 'isSpecial'>): boolean {
  return g.isOnSale && (!g.isKx || buyer.isSpecial);
}

function quantityGoods(g: GoodsFactRow, buyer: Who): QuantityGoods {
  return {
    zbz: g.zbz,
    mid_pack_strict: g.midPackStrict,
    min_buy: g.minBuy,
    number: g.stock,
    purchase_limit: g.purchaseLimit,
    is_ephedrine: g.isEphedrine,
    ephedrine_limit: g.ephedrineLimit,
    is_buy: g.isBuy && visibleTo(g, buyer) && scopeBlock(g, buyer) === null,
  };
}

/** The smaller of two caps where 0/null means "no cap". */
function minCap(a: number, b: number | null): number {
  if (b === null || b <= 0) return a;
  return a > 0 ? Math.min(a, b) : b;
}

export interface LineSubject {
  type: CartLineType;
  goods: GoodsFacts;
  /** The goods' active flash sale (type 1). */
  flash: FlashFact | null;
  /** The combination (type 3). */
  combination: CombinationFacts | null;
}

/** Quantity rules of a cart line for this buyer. */
export function lineRules(s: LineSubject, buyer: Who): QuantityRules {
  if (s.type === 3) {
    const members = s.combination?.members ?? [];
    let sets = members.length > 0 ? Number.MAX_SAFE_INTEGER : 0;
    let buyable = members.length > 0;
    for (const m of members) {
      sets = Math.min(sets, Math.floor(m.stock / m.quantity));
      if (!m.isBuy || !visibleTo(m, buyer) || scopeBlock(m, buyer) !== null) buyable = false;
    }
    return quantityRulesFor({
      zbz: 1,
      mid_pack_strict: false,
      min_buy: 1,
      number: sets,
      purchase_limit: 0,
      is_ephedrine: false,
      ephedrine_limit: 0,
      is_buy: buyable,
    });
  }
  const q = quantityGoods(s.goods, buyer);
  if (s.type === 1 || s.type === 2) {
    if (!s.flash) return quantityRulesFor({ ...q, is_buy: false });
    q.number = s.flash.remaining === null ? q.number : Math.min(q.number, s.flash.remaining);
    q.purchase_limit = minCap(q.purchase_limit, s.flash.perCompanyLimit);
  }
  return quantityRulesFor(q);
}

/** Why the buyer cannot have `number` of it (a Chinese sentence naming the goods), or null. */
export function lineProblem(s: LineSubject, buyer: Who, number: number): string | null {
  const name = s.type === 3 && s.combination ? s.combination.name : s.goods.name;
  if (s.type === 3) {
    if (!s.combination) return `${name}：组合活动已结束`;
    if (s.combination.members.some((m) => !visibleTo(m, buyer))) return `${name}：${GONE_MSG}`;
    for (const m of s.combination.members) {
      const block = scopeBlock(m, buyer);
      if (block) return `${name}：${m.name}${block}`;
    }
  } else {
    if (!visibleTo(s.goods, buyer)) return `${name}：${GONE_MSG}`;
    const block = scopeRefusal(name, buyer.entitlement, s.goods.scopeClass);
    if (block) return block;
    if (s.type === 1 && !s.flash) return `${name}：秒杀活动已结束`;
    if (s.type === 2 && !s.flash) return `${name}：拼团活动已结束`;
    const overLimit = s.flash ? companyLimitProblem(s.flash, number, s.goods.bzdw || '件') : null;
    if (overLimit) return `${name}：${overLimit}`;
  }
  const rules = lineRules(s, buyer);
  if (quantityProblem(number, rules) === null) return null;
  return quantityRefusal(name, s.type === 3 ? '套' : s.goods.bzdw, rules, number, isBuyableApartFromStock(s, buyer));
}

function isBuyableApartFromStock(s: LineSubject, buyer: Who): boolean {
  if (s.type === 3) return (s.combination?.members ?? []).every((m) => m.isBuy && visibleTo(m, buyer));
  return s.goods.isBuy && visibleTo(s.goods, buyer) && ((s.type !== 1 && s.type !== 2) || s.flash !== null);
}

/** True when the line can be selected for checkout at all (SPEC §4: otherwise forced unselected). */
export function lineSelectable(s: LineSubject, buyer: Who): boolean {
  if (s.type === 3 && !s.combination) return false;
  if (s.type !== 3 && !visibleTo(s.goods, buyer)) return false;
  return lineRules(s, buyer).max > 0;
}

export interface LinePrice {
  /** Unit price (per set for a combination), fen. */
  price: number;
  goodsPriceId: number | null;
  ladderPriceId: number | null;
  /** Counts for tiers and coupons. */
  couponEligible: boolean;
}

/** Member price of a goods before ladders: rank price, else base price. */
export const memberPrice = (g: GoodsFactRow): number => g.rankPrice ?? g.basePrice;

/** Today's unit price of a line of `number` units. */
export function linePrice(s: LineSubject, number: number): LinePrice {
  if (s.type === 3 && s.combination) {
    const price = s.combination.members.reduce((sum, m) => sum + (m.promoPrice ?? memberPrice(m)) * m.quantity, 0);
    return { price, goodsPriceId: null, ladderPriceId: null, couponEligible: false };
  }
  if (s.type === 1 && s.flash)
    return { price: s.flash.price, goodsPriceId: null, ladderPriceId: null, couponEligible: false };
  if (s.type === 2 && s.flash) return groupJoinPrice(s.goods);
  const g = s.goods;
  const unit = cartUnitPrice(g.basePrice, g.rankPrice, g.ladder, number);
  return {
    price: unit.price,
    goodsPriceId: g.rankPrice !== null ? g.rankPriceId : null,
    ladderPriceId: unit.ladder_price_id,
    couponEligible: true,
  };
}
