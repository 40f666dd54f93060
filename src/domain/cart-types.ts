// Response shapes of the cart calls (SPEC §3 "Cart line, in the list", "Cart state"; §7 "Cart").
// Server and page share them; the computation over them is src/domain/cart.ts. Money is fen.
import type { LadderPriceStep } from './catalog';
import type { GoodsCard } from './contracts';
import type { ShippingData } from './pricing';

/**
 * Goods kind of a cart line (SPEC §3): 0 normal, 1 flash sale (秒杀), 2 group buy (拼团, ours:
 * docs/decisions/group-buy.md), 3 combination (组合购).
 */
export type CartLineType = 0 | 1 | 2 | 3;
export const CART_LINE_TYPES: readonly CartLineType[] = [0, 1, 2, 3];

/** 满减 tier: from `amount` of selected eligible goods, `reduce` off. */
export interface ManjianTier {
  amount: number;
  reduce: number;
}

/** 满折 tier: from `amount`, pay `percent` % (95 = 9.5折). */
export interface DiscountTier {
  amount: number;
  percent: number;
}

/** An active tier promotion as the cart computation needs it. */
export type TierPromotion =
  | { id: number; kind: 'manjian'; name: string; tiers: ManjianTier[] }
  | { id: number; kind: 'discount'; name: string; tiers: DiscountTier[] };

/** One promotion in activity_data: its tiers with status (reached first, SPEC §4). */
export interface CartPromotionView<T extends ManjianTier | DiscountTier> {
  id: number;
  name: string;
  kind: 'manjian' | 'discount';
  /** Selected coupon-eligible amount of the goods in this promotion. */
  amount: number;
  /** What the reached tier takes off now (0 when none is reached). */
  reduce: number;
  tiers: (T & { status: 0 | 1 })[];
  /** The lowest tier not reached yet, null when all are. */
  next: { amount: number; shortfall: number } | null;
}

export interface CartActivityData {
  manjians: CartPromotionView<ManjianTier>[];
  discounts: CartPromotionView<DiscountTier>[];
}

/** The goods of a cart line. Prices are null when the viewer may not see prices. */
export interface CartLineGoods {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  zbz: number;
  goods_image: string;
  ck_id: number;
  /** 1 when the viewer may buy it now (buyable, on sale, 控销 allowed). Stock is `number`. */
  is_buy: 0 | 1;
  /** Stock. */
  number: number;
  base_price: number | null;
  /**
   * The member's unit price before ladders (rank price, else base price), as GoodsCard.price;
   * cartUnitPrice(base_price, price, ladder_price, n) reprices a normal line for a new number.
   */
  price: number | null;
  /** Empty when prices are hidden. */
  ladder_price: LadderPriceStep[];
  ladder_price_type: 0 | 1;
  bzdw: string;
  tags: string[];
  is_free_shipping: 0 | 1;
  free_shipping_number: number;
  is_dpby: 0 | 1;
  qg_number: number;
  is_youx: 0 | 1;
  type: number;
  is_jxq: 0 | 1;
  mid_pack_strict: 0 | 1;
  min_buy: number;
  purchase_limit: number;
  is_ephedrine: 0 | 1;
  ephedrine_limit: number;
}

/** Combination data of a kind-3 line: one "set" is every member goods × its quantity. */
export interface CartCombination {
  id: number;
  name: string;
  /** Price of one set (fen); null when prices are hidden. */
  price: number | null;
  goods: {
    goods_id: number;
    name: string;
    ypgg: string;
    goods_image: string;
    bzdw: string;
    /** Units of this goods in one set. */
    quantity: number;
    price: number | null;
    /** Stock. */
    number: number;
  }[];
}

/** A cart line as GET /api/cart/list answers it (SPEC §3 "Cart line, in the list"). */
export interface CartLineView {
  id: number;
  type: CartLineType;
  /** Units (sets for a combination). */
  number: number;
  /** Current unit price (ladder by number, rank price); null when prices are hidden. */
  price: number | null;
  is_selected: 0 | 1;
  /** 1 for a combination line (type 3). */
  is_combination: 0 | 1;
  /** price × number. */
  raw_price: number | null;
  /** Coupon-usable amount of this line after its 满减/满折 share; 0 when not selected or not eligible. */
  with_coupon: number | null;
  /** This line's share of the reached 满减/满折 reduction (selected lines only). */
  goods_manjian_amount: number | null;
  /** 1 when the line's amount counts for tiers and coupons (normal-priced goods). */
  coupon_eligible: 0 | 1;
  /** 满赠 gifts; no gift promotion is modelled yet, so always { total: 0, type: 0 }. */
  gift_data: { total: number; type: number };
  goods: CartLineGoods;
  /** goods_prices row of the member rank's price in use, or null for the base price. */
  goods_price_id: number | null;
  /** Ladder step in use, or null. */
  ladder_price_id: number | null;
  /** The 满减/满折 promotion the line joins, or null. */
  goods_manjian_id: number | null;
  /** Buyer asks for the drug inspection report (药检) with this goods; stored as sent. */
  is_yj: 0 | 1;
  combination: CartCombination | null;
  /** The unit price stored when the line was last added/edited differs from today's price. */
  price_changed: { old: number; new: number } | null;
  /** Why the line cannot be checked out as it is (stock fell, limit…), else null. */
  problem: string | null;
  /**
   * The promotion kind that prices a type-1/2 line (秒杀 flash, 每日特价 everyday, 拼团 group),
   * null for other lines; the cart labels the line after it. Absent on lines the client built.
   */
  pricing?: PromotionPricing | null;
}

/** Promotion kinds that price a cart line on their own (src/domain/cart-line-labels.ts). */
export type PromotionPricing = 'flash' | 'everyday' | 'group';

export interface CartShippingData extends ShippingData {
  /** Shipping fee (fen) charged when the order is not free-shipping. */
  fee: number;
}

/** Totals of the selected lines (src/domain/cart.ts computeCart). */
export interface CartTotals {
  /** Selected lines' price × number. */
  raw_price: number;
  /** Reductions of the reached 满减/满折 tiers. */
  goods_manjian_amount: number;
  /** Coupon-usable amount of the selected lines. */
  with_coupon: number;
  /** raw_price − goods_manjian_amount. */
  pay_price: number;
  /** Selected lines and units. */
  selected_count: number;
  selected_number: number;
  shipping: {
    /** SPEC §9 shortfall, never below 0. */
    shortfall: number;
    /** Shortfall reached or a 单品包邮 line qualifies. */
    free: boolean;
    fee: number;
  };
}

export interface CartFilterData {
  /** The `filters` in effect: a warehouse id (ck_id), or 99999 for every warehouse. */
  current: number;
  /** Warehouses the cart has lines in, in list order. */
  warehouses: { ck_id: number; name: string; count: number }[];
}

/** GET /api/cart/list (SPEC §3 "Cart state"). */
export interface CartState {
  /** Lines grouped by warehouse (ck_id), newest first inside a warehouse. */
  data: CartLineView[];
  shipping_data: CartShippingData;
  activity_data: CartActivityData;
  filter_data: CartFilterData;
  /** Null when prices are hidden from the viewer. */
  totals: CartTotals | null;
}

/** POST /api/cart and /api/cart/quick_add/{id}. */
export interface CartAddResult {
  /** Cart lines the company has now. */
  count: number;
  /** Ids of the lines added to or created, in request order. */
  lines: number[];
}

/** POST /api/cart with `partial=1` (quick purchase): the lines the rules accept are added. */
export interface CartPartialAddResult {
  count: number;
  /** Exactly one entry per request line: its cart line id, or null where it was refused. */
  lines: (number | null)[];
  /** The request lines the cart rules refused, each with the rule's reason. */
  refused: CartAddRefusal[];
}

/** One refused line of a partial add: its index in `params`, and the cart rule's reason. */
export interface CartAddRefusal {
  index: number;
  goods_id: number;
  msg: string;
}

/** The answer's message when a partial add refused some lines. */
export const PARTIAL_ADD_MESSAGE = '部分商品未能加入购物车';

/** POST /api/cart/{id}/edit. */
export interface CartEditResult {
  line: CartLineView;
  /** The whole cart when the request asked with `new=1`. */
  cart?: CartState;
}

/** POST /api/cart/batch_select. */
export interface CartSelectResult {
  count: number;
  /** Ids that stay unselected because the goods cannot be bought now (SPEC §4). */
  forced_unselected: number[];
}

/** POST /api/cart/copy. */
export interface CartCopyResult {
  /** line_id is the source line; new_line_id the target store's line. */
  copied: { user_id: number; line_id: number; goods_id: number; new_line_id: number }[];
  skipped: { user_id: number; line_id: number; goods_id: number; reason: string }[];
}

/** POST /api/cart/next_hint. */
export interface CartNextHint {
  promotion: { id: number; kind: 'manjian' | 'discount'; name: string } | null;
  /** The next tier to reach, null when none is left. */
  tier: ManjianTier | DiscountTier | null;
  /** Selected eligible amount in the promotion now. */
  amount: number;
  /** tier.amount − amount (fen), 0 when no tier is left. */
  shortfall: number;
  /** Goods of the promotion that are not in the cart, best sellers first. */
  suggestions: GoodsCard[];
}

/**
 * One cart line as POST /api/cart takes it. The price is advisory (the server's price wins);
 * ids the page does not know are left out rather than sent as 0.
 */
export interface CartAddLine {
  goods_id: number;
  number: number;
  /** Unit price the buyer saw (fen). */
  price?: number;
  ck_id: number;
  goods_price_id?: number;
  ladder_price_id?: number;
  goods_manjian_id?: number;
  is_yj?: 0 | 1;
  /** Goods kind (SPEC §3): 0 normal, 1 flash sale, 3 combination. */
  type?: number;
  /** The combination of a type-3 line (ours; src/domain/combinations.ts). */
  combination_id?: number;
}
