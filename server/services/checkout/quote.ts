// What an order of some cart lines costs today — the one computation behind the checkout preview
// (new=0) and the order itself (new=1, run again inside its transaction). Pricing is the cart's
// own: priceLines (server/services/cart/list.ts: stored line + today's goods, rank price, ladder,
// flash sale, combination) and computeCart (src/domain/cart.ts: 满减/满折 shares, shipping), with
// the chosen lines as the selection. Nothing the client sent about prices is read.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { computeCart } from '@domain/cart.ts';
import type { CheckoutAmounts, CheckoutLine, CheckoutPreview, CompanyCoupon } from '@domain/orders.ts';
import { badRequest, notFound } from '../../http/envelope.ts';
import { loadCombinations, promoFactOf, type CombinationFacts, type PromotionFacts } from '../cart/facts.ts';
import { priceLines, type CartViewer } from '../cart/list.ts';
import { LINE_NOT_FOUND_MSG } from '../cart/lines.ts';
import { memberPrice } from '../cart/rules.ts';
import { loadShippingData } from '../cart/shipping.ts';
import { rowsOf } from '../goods/search.ts';
import { intArray, type FlashUnits } from '../orders/stock.ts';
import { loadWallet, type WalletView } from '../payments/wallet.ts';
import { orderGifts } from '../gifts/gifts.ts';
import { GIFT_LINE_TYPE, type GiftLineView } from '@domain/gifts.ts';
import type { OrderingCompany } from './company.ts';
import { orderExchanges } from '../exchange/checkout.ts';
import { EXCHANGE_LINE_TYPE, type ExchangeLineView } from '@domain/exchange.ts';
import { orderPrizes, type PrizeLineView } from '../draws/prize-lines.ts';
import { DRAW_PRIZE_LINE_TYPE } from '@domain/lucky-draw.ts';
import {
  bestOf,
  couponView,
  evaluateCoupon,
  evaluateVoucher,
  loadHeldCoupons,
  sortForPicker,
  type CouponBase,
  type Evaluation,
  type HeldCoupon,
} from './coupons.ts';

export interface QuoteRequest {
  lineIds: readonly number[];
  /** undefined: the best one; null: none; a number: that one (400 when it cannot be used). */
  couponId: number | null | undefined;
  voucherId: number | null | undefined;
  useBalance: boolean;
}

/** One order_lines row to write (a combination set expands to its member goods). */
export interface OrderUnit {
  goodsId: number;
  warehouseId: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  image: string;
  number: number;
  price: number;
  amount: number;
  /** 0 normal, 1 flash sale or daily special, 2 group buy, 3 combination, 4 a 满赠 gift (price 0). */
  type: 0 | 1 | 2 | 3 | typeof GIFT_LINE_TYPE | typeof EXCHANGE_LINE_TYPE | typeof DRAW_PRIZE_LINE_TYPE;
  promotionId: number | null;
}

/** Units of one goods across the whole order (normal, flash and combination lines together). */
export interface GoodsDemand {
  goodsId: number;
  name: string;
  bzdw: string;
  units: number;
  stock: number;
  purchaseLimit: number;
  isEphedrine: boolean;
  ephedrineLimit: number;
}

export interface Quote {
  lines: CheckoutLine[];
  /** 满赠 lines reached (given or run out). */
  gifts: GiftLineView[];
  /** 换购 lines the buyer chose and the order reaches (server/services/exchange). */
  exchanges: ExchangeLineView[];
  /** Lucky-draw goods prizes the order carries (or cannot, for stock). */
  prizes: PrizeLineView[];
  units: OrderUnit[];
  demand: Map<number, GoodsDemand>;
  flash: FlashUnits[];
  hasEphedrine: boolean;
  priceChanges: CheckoutPreview['price_changes'];
  coupons: CompanyCoupon[];
  vouchers: CompanyCoupon[];
  bestCouponId: number | null;
  bestVoucherId: number | null;
  coupon: HeldCoupon | null;
  voucher: HeldCoupon | null;
  amounts: CheckoutAmounts;
  wallet: WalletView;
}

type PricedLine = Awaited<ReturnType<typeof priceLines>>['lines'][number];

function addDemand(demand: Map<number, GoodsDemand>, g: GoodsDemand): void {
  const d = demand.get(g.goodsId);
  if (d) d.units += g.units;
  else demand.set(g.goodsId, { ...g });
}

/** What an added line (满赠 gift, 换购, draw prize) brings from its own module: its goods as the
 * shop shows it, the warehouse and maker its unit is written with, and the stock it draws on. */
interface AddedLine {
  view: { goods_id: number; name: string; ypgg: string; bzdw: string; goods_image: string; number: number };
  warehouseId: number;
  sccj: string;
  stock: number;
}

/** An added line joins the order's units and counts against its goods' stock with the bought
 * lines; it carries no purchase limit or 含麻 limit of its own. */
function addAddedLine(
  out: { units: OrderUnit[]; demand: Map<number, GoodsDemand> },
  line: AddedLine,
  priced: Pick<OrderUnit, 'price' | 'amount' | 'type' | 'promotionId'>,
): void {
  const v = line.view;
  out.units.push({
    goodsId: v.goods_id,
    warehouseId: line.warehouseId,
    name: v.name,
    sccj: line.sccj,
    ypgg: v.ypgg,
    bzdw: v.bzdw,
    image: v.goods_image,
    number: v.number,
    ...priced,
  });
  addDemand(out.demand, {
    goodsId: v.goods_id,
    name: v.name,
    bzdw: v.bzdw,
    units: v.number,
    stock: line.stock,
    purchaseLimit: 0,
    isEphedrine: false,
    ephedrineLimit: 0,
  });
}

/** Problems that only show when the same goods is in several lines (each line passed alone). */
export function demandProblem(d: GoodsDemand): string | null {
  if (d.purchaseLimit > 0 && d.units > d.purchaseLimit)
    return `${d.name}：最多可购买${d.purchaseLimit}${d.bzdw || '件'}`;
  if (d.isEphedrine && d.ephedrineLimit > 0 && d.units > d.ephedrineLimit) {
    return `${d.name}：含麻黄碱药品每单最多购买${d.ephedrineLimit}${d.bzdw || '件'}`;
  }
  if (d.units > d.stock) return `${d.name}：库存不足`;
  return null;
}

/**
 * Why a line cannot be ordered as it is (the cart's rules), said as 库存不足 when stock alone is
 * short — "最多可购买2盒" reads like a purchase limit at checkout.
 */
function checkoutProblem(l: PricedLine): string | null {
  const v = l.built.view;
  if (!v.problem) return null;
  const short =
    v.combination !== null
      ? v.combination.goods.some((m) => m.number < m.quantity * v.number)
      : v.goods.number < v.number && v.goods.is_buy === 1;
  return short ? `${v.combination?.name ?? v.goods.name}：库存不足` : v.problem;
}

/** Root category of each goods (only asked when a held coupon is limited to categories). */
async function rootCategories(db: Db, goodsIds: readonly number[]): Promise<Map<number, number>> {
  if (goodsIds.length === 0) return new Map();
  const res = await db.execute(
    sql`SELECT id, category_l1 AS l1 FROM goods WHERE id = ANY(${intArray(goodsIds)}::int[])`,
  );
  return new Map(rowsOf<{ id: number; l1: number }>(res).map((r) => [r.id, r.l1]));
}

function expand(
  l: PricedLine,
  combos: Map<number, CombinationFacts>,
  promos: Pick<PromotionFacts, 'flashOf' | 'groupOf'>,
  out: {
    units: OrderUnit[];
    demand: Map<number, GoodsDemand>;
    flash: FlashUnits[];
  },
): boolean {
  const v = l.built.view;
  const g = l.loaded.goods;
  if (l.loaded.type === 3) {
    const combo = combos.get(l.loaded.combinationId);
    // priceLines saw the combination a moment ago; gone now means it just ended.
    if (!combo) throw badRequest(`${v.combination?.name ?? g.name}：组合活动已结束`, { id: v.id, goods_id: g.id });
    let eph = false;
    for (const m of combo.members) {
      const number = v.number * m.quantity;
      const price = m.promoPrice ?? memberPrice(m);
      out.units.push({
        goodsId: m.id,
        warehouseId: m.warehouseId,
        name: m.name,
        sccj: m.sccj,
        ypgg: m.ypgg,
        bzdw: m.bzdw,
        image: m.image,
        number,
        price,
        amount: price * number,
        type: 3,
        promotionId: combo.id,
      });
      addDemand(out.demand, {
        goodsId: m.id,
        name: m.name,
        bzdw: m.bzdw,
        units: number,
        stock: m.stock,
        purchaseLimit: m.purchaseLimit,
        isEphedrine: m.isEphedrine,
        ephedrineLimit: m.ephedrineLimit,
      });
      eph ||= m.isEphedrine;
    }
    return eph;
  }
  const price = v.price!;
  // Flash and group lines name their promotion (units counted as sold / joined); others the tier.
  const promoLine = l.loaded.type === 1 || l.loaded.type === 2;
  const promotionId = promoLine ? (promoFactOf(promos, l.loaded.type, g.id)?.promotionId ?? null) : v.goods_manjian_id;
  out.units.push({
    goodsId: g.id,
    warehouseId: g.warehouseId,
    name: g.name,
    sccj: g.sccj,
    ypgg: g.ypgg,
    bzdw: g.bzdw,
    image: g.image,
    number: v.number,
    price,
    amount: price * v.number,
    type: promoLine ? l.loaded.type : 0,
    promotionId,
  });
  if (promoLine && promotionId !== null) {
    const f = out.flash.find((x) => x.goodsId === g.id && x.promotionId === promotionId);
    if (f) f.n += v.number;
    else out.flash.push({ promotionId, goodsId: g.id, n: v.number });
  }
  addDemand(out.demand, {
    goodsId: g.id,
    name: g.name,
    bzdw: g.bzdw,
    units: v.number,
    stock: g.stock,
    purchaseLimit: g.purchaseLimit,
    isEphedrine: g.isEphedrine,
    ephedrineLimit: g.ephedrineLimit,
  });
  return g.isEphedrine;
}

function pick(
  evals: readonly { coupon: HeldCoupon; ev: Evaluation }[],
  wanted: number | null | undefined,
  noun: string,
): { coupon: HeldCoupon; ev: Evaluation } | null {
  if (wanted === null) return null;
  if (wanted === undefined) {
    const best = bestOf(evals);
    return best ? evals.find((e) => e.coupon.id === best.id)! : null;
  }
  const found = evals.find((e) => e.coupon.id === wanted);
  // Someone else's, used, expired and unknown ids all read the same.
  if (!found) throw badRequest(`${noun}不存在或已使用，请重新选择`);
  if (!found.ev.usable) throw badRequest(`${noun}不可用：${found.ev.reason ?? '不满足使用条件'}`);
  return found;
}

/** Prices the company's cart lines `lineIds` as one order (404 when a line is not the company's). */
export async function quoteCheckout(
  db: Db,
  company: OrderingCompany,
  req: QuoteRequest,
  now: Date,
  inTransaction = false,
): Promise<Quote> {
  const viewer: CartViewer = {
    companyId: company.id,
    isSpecial: company.isSpecial,
    rank: company.rank,
    entitlement: company.entitlement,
    showPrices: true,
  };
  // A transaction is one connection: node-postgres runs its queries one by one anyway (and
  // deprecates overlapping them), so there they are awaited in turn; a pool runs them in parallel.
  const priced = inTransaction
    ? await priceLines(db, viewer, now, req.lineIds)
    : priceLines(db, viewer, now, req.lineIds);
  const [{ lines, promos }, shipping, held, wallet] = inTransaction
    ? [
        await priced,
        await loadShippingData(db, company.id, now),
        await loadHeldCoupons(db, company.id, now),
        await loadWallet(db, company.id),
      ]
    : await Promise.all([
        priced,
        loadShippingData(db, company.id, now),
        loadHeldCoupons(db, company.id, now),
        loadWallet(db, company.id),
      ]);
  if (lines.length !== req.lineIds.length) throw notFound(LINE_NOT_FOUND_MSG);

  for (const l of lines) {
    const problem = checkoutProblem(l);
    if (problem) throw badRequest(problem, { id: l.built.view.id, goods_id: l.built.view.goods.id });
  }

  const comboIds = [...new Set(lines.filter((l) => l.loaded.type === 3).map((l) => l.loaded.combinationId))];
  const combos =
    comboIds.length > 0 ? await loadCombinations(db, comboIds, company.rank, now) : new Map<number, CombinationFacts>();
  const out = { units: [] as OrderUnit[], demand: new Map<number, GoodsDemand>(), flash: [] as FlashUnits[] };
  const checkoutLines: CheckoutLine[] = [];
  let hasEphedrine = false;
  for (const l of lines) {
    const eph = expand(l, combos, promos, out);
    hasEphedrine ||= eph;
    const v = l.built.view;
    checkoutLines.push({
      cart_id: v.id,
      goods_id: v.goods.id,
      name: v.combination?.name ?? v.goods.name,
      sccj: v.goods.sccj,
      ypgg: v.goods.ypgg,
      bzdw: v.combination ? '套' : v.goods.bzdw,
      goods_image: v.goods.goods_image,
      number: v.number,
      price: v.price!,
      amount: v.raw_price!,
      old_price: v.price_changed?.old ?? null,
      is_ephedrine: eph ? 1 : 0,
      type: v.type,
    });
  }
  for (const d of out.demand.values()) {
    const problem = demandProblem(d);
    if (problem) throw badRequest(problem, { goods_id: d.goodsId });
  }
  // 满赠 (server/services/gifts): a reached tier adds its goods at price 0 when the stock covers it.
  const taken = new Map([...out.demand.values()].map((d) => [d.goodsId, d.units]));
  const gifts = await orderGifts(
    db,
    lines.map((l) => ({ goodsId: l.loaded.goods.id, type: l.loaded.type, amount: l.built.view.raw_price ?? 0 })),
    taken,
    now,
  );
  for (const g of gifts.filter((x) => x.view.given === 1)) {
    addAddedLine(out, g, { price: 0, amount: 0, type: GIFT_LINE_TYPE, promotionId: g.view.promotion_id });
  }
  // 换购 and draw goods prizes plug in here (their own modules re-check tier, price and stock).
  const baseLines = lines.map((l) => ({
    goodsId: l.loaded.goods.id,
    type: l.loaded.type,
    amount: l.built.view.raw_price ?? 0,
  }));
  const exchanges = await orderExchanges(
    db,
    company.id,
    baseLines,
    new Map([...out.demand.values()].map((d) => [d.goodsId, d.units])),
    now,
  );
  for (const e of exchanges) {
    addAddedLine(out, e, {
      price: e.view.price,
      amount: e.view.amount,
      type: EXCHANGE_LINE_TYPE,
      promotionId: e.view.promotion_id,
    });
  }
  const exchangeAmount = exchanges.reduce((sum, e) => sum + e.view.amount, 0);
  const prizes = await orderPrizes(db, company.id, new Map([...out.demand.values()].map((d) => [d.goodsId, d.units])));
  for (const p of prizes.filter((x) => x.view.given === 1)) {
    addAddedLine(out, p, { price: 0, amount: 0, type: DRAW_PRIZE_LINE_TYPE, promotionId: null });
  }

  // The chosen lines are the selection, whatever their checkbox says in the cart.
  const computed = computeCart(
    lines.map((l) => ({ ...l.built.calc, is_selected: true })),
    promos.tiers,
    shipping,
  );
  // 换购 lines are paid goods but a promotion already: no 满减, coupon or voucher base.
  const goodsAmount = computed.totals.raw_price + exchangeAmount;
  const manjianAmount = computed.totals.goods_manjian_amount;

  const scoped = held.some((c) => c.kind === 'coupon' && c.scopeL1 !== null);
  const roots = scoped
    ? await rootCategories(db, [...new Set(lines.map((l) => l.loaded.goods.id))])
    : new Map<number, number>();
  const byL1 = new Map<number, number>();
  for (const l of lines) {
    const withCoupon = computed.lines.get(l.built.view.id)?.with_coupon ?? 0;
    const root = roots.get(l.loaded.goods.id);
    if (withCoupon > 0 && root !== undefined) byL1.set(root, (byL1.get(root) ?? 0) + withCoupon);
  }
  const base: CouponBase = { total: computed.totals.with_coupon, byL1 };

  const couponEvals = held
    .filter((c) => c.kind === 'coupon')
    .map((coupon) => ({ coupon, ev: evaluateCoupon(coupon, base) }));
  const coupon = pick(couponEvals, req.couponId, '优惠券');
  const couponAmount = coupon?.ev.saving ?? 0;
  const voucherBase = goodsAmount - manjianAmount - couponAmount;
  const voucherEvals = held
    .filter((c) => c.kind === 'voucher')
    .map((coupon) => ({ coupon, ev: evaluateVoucher(coupon, voucherBase) }));
  const voucher = pick(voucherEvals, req.voucherId, '现金券');
  const voucherAmount = voucher?.ev.saving ?? 0;

  const shippingAmount = computed.totals.shipping.fee;
  const due = goodsAmount - manjianAmount - couponAmount - voucherAmount + shippingAmount;
  const balanceAmount = req.useBalance ? Math.max(0, Math.min(wallet.balance, due)) : 0;

  const priceChanges: CheckoutPreview['price_changes'] = [];
  for (const l of lines) {
    const v = l.built.view;
    if (v.price_changed)
      priceChanges.push({
        goods_id: v.goods.id,
        name: v.combination?.name ?? v.goods.name,
        old_price: v.price_changed.old,
        new_price: v.price_changed.new,
      });
  }

  return {
    lines: checkoutLines,
    gifts: gifts.map((g) => g.view),
    exchanges: exchanges.map((e) => e.view),
    prizes: prizes.map((p) => p.view),
    units: out.units,
    demand: out.demand,
    flash: out.flash,
    hasEphedrine,
    priceChanges,
    coupons: sortForPicker(couponEvals.map((e) => couponView(e.coupon, e.ev))),
    vouchers: sortForPicker(voucherEvals.map((e) => couponView(e.coupon, e.ev))),
    bestCouponId: bestOf(couponEvals)?.id ?? null,
    bestVoucherId: bestOf(voucherEvals)?.id ?? null,
    coupon: coupon?.coupon ?? null,
    voucher: voucher?.coupon ?? null,
    amounts: {
      goods_amount: goodsAmount,
      manjian_amount: manjianAmount,
      coupon_amount: couponAmount,
      voucher_amount: voucherAmount,
      shipping_amount: shippingAmount,
      balance_amount: balanceAmount,
      pay_amount: due - balanceAmount,
    },
    wallet,
  };
}
