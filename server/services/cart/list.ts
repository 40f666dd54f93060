// The priced cart (GET /api/cart/list, SPEC §3 "Cart state"). Statements, whatever the size:
// lines + goods + rank price, then ladders, promotions, combinations (only with type-3 lines),
// shipping config and today's paid orders; plus one UPDATE when lines had to be unselected.
// Everything money goes through src/domain/cart.ts computeCart, as on the page.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartLines, goods, goodsPrices, warehouses } from '../../db/schema.ts';
import { CART_LIST_DEFAULT_FILTER } from '@domain/constants.ts';
import { computeCart, type CartCalcLine } from '@domain/cart.ts';
import type { CartCombination, CartLineGoods, CartLineType, CartLineView, CartState } from '@domain/cart-types.ts';
import type { Buyer } from './buyer.ts';
import {
  goodsFactFields,
  loadCombinations,
  loadLadders,
  loadPromotionFacts,
  promoFactOf,
  rankJoin,
  type CombinationFacts,
  type GoodsFacts,
  type PromotionFacts,
} from './facts.ts';
import { lineProblem, linePrice, lineSelectable, memberPrice, type LineSubject } from './rules.ts';
import { loadShippingData } from './shipping.ts';
import { anyId, packed } from './packed.ts';
import { applyGiftData } from '../gifts/gifts.ts';

/** The viewer a cart is built for: a buyer, with whether prices may be shown. */
export type CartViewer = Pick<Buyer, 'companyId' | 'isSpecial' | 'rank' | 'entitlement'> & { showPrices: boolean };

interface LoadedLine {
  id: number;
  number: number;
  storedPrice: number;
  isSelected: boolean;
  type: CartLineType;
  combinationId: number;
  isYj: boolean;
  warehouseName: string;
  goods: GoodsFacts;
}

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

function goodsView(g: GoodsFacts, v: CartViewer, buyable: boolean): CartLineGoods {
  const show = v.showPrices;
  return {
    id: g.id,
    name: g.name,
    sccj: g.sccj,
    ypgg: g.ypgg,
    zbz: g.zbz,
    goods_image: g.image,
    ck_id: g.warehouseId,
    is_buy: bit(buyable),
    number: g.stock,
    base_price: show ? g.basePrice : null,
    price: show ? memberPrice(g) : null,
    ladder_price: show ? g.ladder.map((s) => ({ id: s.id, number: s.number, price: s.price })) : [],
    ladder_price_type: g.ladderPriceType === 1 ? 1 : 0,
    bzdw: g.bzdw,
    tags: g.tags,
    is_free_shipping: bit(g.isFreeShipping),
    free_shipping_number: g.freeShippingNumber,
    is_dpby: bit(g.isDpby),
    qg_number: g.qgNumber,
    is_youx: bit(g.isYoux),
    type: g.type,
    is_jxq: bit(g.isJxq),
    mid_pack_strict: bit(g.midPackStrict),
    min_buy: g.minBuy,
    purchase_limit: g.purchaseLimit,
    is_ephedrine: bit(g.isEphedrine),
    ephedrine_limit: g.ephedrineLimit,
  };
}

function combinationView(c: CombinationFacts, show: boolean, setPrice: number): CartCombination {
  return {
    id: c.id,
    name: c.name,
    price: show ? setPrice : null,
    goods: c.members.map((m) => ({
      goods_id: m.id,
      name: m.name,
      ypgg: m.ypgg,
      goods_image: m.image,
      bzdw: m.bzdw,
      quantity: m.quantity,
      price: show ? (m.promoPrice ?? memberPrice(m)) : null,
      number: m.stock,
    })),
  };
}

/** The company's lines with goods facts, grouped by warehouse, newest first inside one. */
const lineFields = {
  lineId: cartLines.id,
  lineNumber: cartLines.number,
  storedPrice: cartLines.price,
  isSelected: cartLines.isSelected,
  lineType: cartLines.type,
  combinationId: cartLines.combinationId,
  isYj: cartLines.isYj,
  warehouseName: warehouses.name,
  ...goodsFactFields,
};

/** The company's lines with goods facts, grouped by warehouse, newest first inside one. */
async function loadLines(db: Db, v: CartViewer, lineIds?: readonly number[]): Promise<LoadedLine[]> {
  const p = packed(lineFields, sql`${goods.warehouseId}, ${cartLines.createdAt} DESC, ${cartLines.id} DESC`);
  const [row] = await db
    .select({ lines: p.expr })
    .from(cartLines)
    .innerJoin(goods, eq(goods.id, cartLines.goodsId))
    .innerJoin(warehouses, eq(warehouses.id, goods.warehouseId))
    .leftJoin(goodsPrices, rankJoin(v.rank))
    .where(and(eq(cartLines.companyId, v.companyId), lineIds ? anyId(cartLines.id, lineIds) : undefined));
  // The row object becomes the goods facts as it is (extra line keys and all): copying 35 keys
  // per line with rest/spread showed up in profiles.
  return p.unpack(row?.lines).map((r) => ({
    id: r.lineId,
    number: r.lineNumber,
    storedPrice: r.storedPrice,
    isSelected: r.isSelected,
    type: (r.lineType === 1 || r.lineType === 2 || r.lineType === 3 ? r.lineType : 0) as CartLineType,
    combinationId: r.combinationId,
    isYj: r.isYj,
    warehouseName: r.warehouseName,
    goods: Object.assign(r, { ladder: [] as GoodsFacts['ladder'] }),
  }));
}

export interface BuiltLine {
  view: CartLineView;
  calc: CartCalcLine;
}

interface Context {
  promos: PromotionFacts;
  combos: Map<number, CombinationFacts>;
}

/** A loaded line as the list shows it (amounts are filled in by computeCart afterwards). */
function buildLine(l: LoadedLine, v: CartViewer, ctx: Context): { built: BuiltLine; selectable: boolean } {
  const subject: LineSubject = {
    type: l.type,
    goods: l.goods,
    flash: promoFactOf(ctx.promos, l.type, l.goods.id),
    combination: l.type === 3 ? (ctx.combos.get(l.combinationId) ?? null) : null,
  };
  const selectable = lineSelectable(subject, v);
  const isSelected = l.isSelected && selectable;
  const p = linePrice(subject, l.number);
  const tierId = p.couponEligible ? (ctx.promos.tierOf.get(l.goods.id) ?? null) : null;
  const show = v.showPrices;
  const view: CartLineView = {
    id: l.id,
    type: l.type,
    number: l.number,
    price: show ? p.price : null,
    is_selected: bit(isSelected),
    is_combination: bit(l.type === 3),
    raw_price: show ? p.price * l.number : null,
    with_coupon: show ? 0 : null,
    goods_manjian_amount: show ? 0 : null,
    coupon_eligible: bit(p.couponEligible),
    gift_data: { total: 0, type: 0 },
    goods: goodsView(l.goods, v, selectable),
    goods_price_id: show ? p.goodsPriceId : null,
    ladder_price_id: show ? p.ladderPriceId : null,
    goods_manjian_id: tierId,
    is_yj: bit(l.isYj),
    combination: subject.combination ? combinationView(subject.combination, show, p.price) : null,
    price_changed: show && l.storedPrice !== p.price ? { old: l.storedPrice, new: p.price } : null,
    problem: lineProblem(subject, v, l.number),
    pricing: subject.flash?.kind ?? null,
  };
  const calc: CartCalcLine = {
    id: l.id,
    price: p.price,
    number: l.number,
    is_selected: isSelected,
    coupon_eligible: p.couponEligible,
    promotion_id: tierId,
    goods: { is_dpby: l.goods.isDpby, qg_number: l.goods.qgNumber },
  };
  return { built: { view, calc }, selectable };
}

/** Loads and prices lines (all of the company's, or `lineIds` only) without totals. */
export async function priceLines(db: Db, v: CartViewer, now: Date, lineIds?: readonly number[]) {
  const loaded = await loadLines(db, v, lineIds);
  const goodsIds = [...new Set(loaded.map((l) => l.goods.id))];
  const comboIds = [...new Set(loaded.filter((l) => l.type === 3).map((l) => l.combinationId))];
  const [ladders, promos, combos] = await Promise.all([
    loadLadders(db, goodsIds),
    loadPromotionFacts(db, goodsIds, now),
    loadCombinations(db, comboIds, v.rank, now),
  ]);
  for (const l of loaded) l.goods.ladder = ladders.get(l.goods.id) ?? [];
  const ctx: Context = { promos, combos };
  const lines = loaded.map((l) => ({ loaded: l, ...buildLine(l, v, ctx) }));
  return { lines, promos };
}

/** Lines selected in the database that cannot be bought are unselected there too (SPEC §4). */
async function persistForcedUnselect(db: Db, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(cartLines)
    .set({ isSelected: false })
    .where(and(eq(cartLines.companyId, companyId), anyId(cartLines.id, ids)));
}

/** GET /api/cart/list: the whole cart state. `filter` is a warehouse id; null/99999 = all. */
export async function buildCartState(db: Db, v: CartViewer, now: Date, filter: number | null): Promise<CartState> {
  const [{ lines, promos }, shipping] = await Promise.all([
    priceLines(db, v, now),
    loadShippingData(db, v.companyId, now),
  ]);
  await persistForcedUnselect(
    db,
    v.companyId,
    lines.filter((l) => l.loaded.isSelected && !l.selectable).map((l) => l.loaded.id),
  );

  const warehousesSeen = new Map<number, { ck_id: number; name: string; count: number }>();
  for (const l of lines) {
    const ck = l.loaded.goods.warehouseId;
    const w = warehousesSeen.get(ck) ?? { ck_id: ck, name: l.loaded.warehouseName, count: 0 };
    w.count += 1;
    warehousesSeen.set(ck, w);
  }
  const current = filter ?? CART_LIST_DEFAULT_FILTER;
  const shown =
    current === CART_LIST_DEFAULT_FILTER ? lines : lines.filter((l) => l.loaded.goods.warehouseId === current);

  const state: CartState = {
    data: shown.map((l) => l.built.view),
    shipping_data: shipping,
    activity_data: { manjians: [], discounts: [] },
    filter_data: { current, warehouses: [...warehousesSeen.values()] },
    totals: null,
  };
  if (!v.showPrices) return state;

  const result = computeCart(
    shown.map((l) => l.built.calc),
    promos.tiers,
    shipping,
  );
  for (const l of state.data) {
    const a = result.lines.get(l.id)!;
    l.raw_price = a.raw_price;
    l.goods_manjian_amount = a.goods_manjian_amount;
    l.with_coupon = a.with_coupon;
  }
  state.activity_data = result.activity;
  state.totals = result.totals;
  await applyGiftData(db, state, now);
  return state;
}
