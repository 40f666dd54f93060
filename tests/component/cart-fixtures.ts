// Cart list fixtures for the cart page tests: lines as GET /api/cart/list answers them, and a
// cart state whose amounts come from src/domain/cart.ts computeCart (the server's function).
import { calcLineFromView, computeCart } from '../../src/domain/cart';
import type {
  CartLineGoods,
  CartLineView,
  CartShippingData,
  CartState,
  TierPromotion,
} from '../../src/domain/cart-types';

export function makeCartGoods(over: Partial<CartLineGoods> = {}): CartLineGoods {
  return {
    id: 1,
    name: '感冒灵颗粒',
    sccj: '华润三九医药股份有限公司',
    ypgg: '10g*9袋',
    zbz: 1,
    goods_image: '',
    ck_id: 1,
    is_buy: 1,
    number: 500,
    base_price: 1200,
    price: 1000,
    ladder_price: [],
    ladder_price_type: 0,
    bzdw: '盒',
    tags: [],
    is_free_shipping: 0,
    free_shipping_number: 0,
    is_dpby: 0,
    qg_number: 0,
    is_youx: 0,
    type: 0,
    is_jxq: 0,
    mid_pack_strict: 0,
    min_buy: 1,
    purchase_limit: 0,
    is_ephedrine: 0,
    ephedrine_limit: 0,
    ...over,
  };
}

export type LineOver = Partial<Omit<CartLineView, 'goods'>> & { goods?: Partial<CartLineGoods> };

/** A normal, selected, buyable line of goods `id` (same id), priced at the goods' price. */
export function makeLine(id: number, over: LineOver = {}): CartLineView {
  const { goods: goodsOver, ...rest } = over;
  const goods = makeCartGoods({ id, name: `商品${id}`, ...goodsOver });
  const number = rest.number ?? 2;
  const price = rest.price !== undefined ? rest.price : goods.price;
  return {
    id,
    type: 0,
    number,
    price,
    is_selected: 1,
    is_combination: 0,
    raw_price: price === null ? null : price * number,
    with_coupon: 0,
    goods_manjian_amount: 0,
    coupon_eligible: 1,
    gift_data: { total: 0, type: 0 },
    goods,
    goods_price_id: null,
    ladder_price_id: null,
    goods_manjian_id: null,
    is_yj: 0,
    combination: null,
    price_changed: null,
    problem: null,
    ...rest,
  };
}

export interface StateOptions {
  promotions?: TierPromotion[];
  shipping?: CartShippingData;
  warehouses?: Record<number, string>;
  /** Prices hidden from the viewer (member not approved). */
  hidden?: boolean;
}

export const DEFAULT_SHIPPING: CartShippingData = { shipping_amount: 50_000, no_trans_order_amount: 0, fee: 1_000 };

/** The whole list answer, amounts computed like the server does (fresh objects every call). */
export function makeCartState(lines: readonly CartLineView[], opts: StateOptions = {}): CartState {
  const shipping = opts.shipping ?? DEFAULT_SHIPPING;
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(l.goods.ck_id, (counts.get(l.goods.ck_id) ?? 0) + 1);
  const filter_data = {
    current: 99_999,
    warehouses: [...counts].map(([ck_id, count]) => ({
      ck_id,
      name: opts.warehouses?.[ck_id] ?? `${ck_id}号仓`,
      count,
    })),
  };
  const copy = structuredClone(lines) as CartLineView[];
  if (opts.hidden) {
    return {
      data: copy.map((l) => ({ ...l, price: null, raw_price: null, with_coupon: null, goods_manjian_amount: null })),
      shipping_data: shipping,
      activity_data: { manjians: [], discounts: [] },
      filter_data,
      totals: null,
    };
  }
  const result = computeCart(
    copy.map((l) => calcLineFromView(l)!),
    opts.promotions ?? [],
    shipping,
  );
  return {
    data: copy.map((l) => ({ ...l, ...result.lines.get(l.id)! })),
    shipping_data: shipping,
    activity_data: result.activity,
    filter_data,
    totals: result.totals,
  };
}
