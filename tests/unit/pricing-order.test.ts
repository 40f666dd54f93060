// Every pricing rule together, in the order docs/decisions/pricing-order.md writes down: unit price
// (rank, ladder; promotion prices for 秒杀/组合 lines), 满减/满折, 满赠, coupon, cash voucher,
// shipping, balance, and the 满额返现 preview — on generated carts (fast-check). The functions are
// the ones the page and the server call; `orderAmounts` below only strings them together in the
// documented order (tests/api/pricing-preview.test.ts proves the real server does the same).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartUnitPrice, computeCart, promotionReduction, type CartCalcLine } from '../../src/domain/cart';
import type { CartShippingData, TierPromotion } from '../../src/domain/cart-types';
import { cashbackPreview, type CashbackTier } from '../../src/domain/cashback';
import { giftBase, reachedGiftTier, type GiftRule } from '../../src/domain/gifts';
import { formatFen } from '../../src/domain/money';
import { evaluateCoupon, evaluateVoucher, type HeldCoupon } from '../../server/services/checkout/coupons';

// ---- generated carts -----------------------------------------------------------------------------

interface GenLine {
  goodsId: number;
  /** 0 normal, 1 flash, 3 combination (not coupon-eligible). */
  type: 0 | 1 | 3;
  base: number;
  rank: number | null;
  ladder: { id: number; number: number; price: number }[];
  number: number;
  promotionId: number | null;
  dpby: boolean;
  qg: number;
}

const lineArb: fc.Arbitrary<GenLine> = fc.record({
  goodsId: fc.integer({ min: 1, max: 6 }),
  type: fc.constantFrom<0 | 1 | 3>(0, 0, 0, 1, 3),
  base: fc.integer({ min: 1, max: 200_000 }),
  rank: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
  ladder: fc.array(
    fc.record({
      id: fc.nat(1_000),
      number: fc.integer({ min: 2, max: 60 }),
      price: fc.integer({ min: 1, max: 200_000 }),
    }),
    { maxLength: 3 },
  ),
  number: fc.integer({ min: 1, max: 80 }),
  promotionId: fc.constantFrom<number | null>(null, 1, 2),
  dpby: fc.boolean(),
  qg: fc.integer({ min: 1, max: 100 }),
});

const promotionsArb: fc.Arbitrary<TierPromotion[]> = fc
  .tuple(
    fc.array(
      fc.record({ amount: fc.integer({ min: 1, max: 2_000_000 }), reduce: fc.integer({ min: 0, max: 300_000 }) }),
      { minLength: 1, maxLength: 3 },
    ),
    fc.array(fc.record({ amount: fc.integer({ min: 1, max: 2_000_000 }), percent: fc.integer({ min: 0, max: 100 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([m, d]) => [
    { id: 1, kind: 'manjian', name: '满减', tiers: m },
    { id: 2, kind: 'discount', name: '满折', tiers: d },
  ]);

const heldArb = (kind: 'coupon' | 'voucher'): fc.Arbitrary<HeldCoupon> =>
  fc
    .record({
      threshold: fc.integer({ min: 0, max: 1_000_000 }),
      amount: fc.integer({ min: 0, max: 200_000 }),
      discountPercent:
        kind === 'coupon' ? fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }) : fc.constant(null),
    })
    .map((c) => ({ ...c, id: 1, kind, name: kind, scopeL1: null, expiresAt: new Date(0) }));

const shippingArb: fc.Arbitrary<CartShippingData> = fc.record({
  shipping_amount: fc.integer({ min: 0, max: 1_000_000 }),
  no_trans_order_amount: fc.integer({ min: 0, max: 500_000 }),
  fee: fc.integer({ min: 0, max: 5_000 }),
});

const cashbackArb = fc.array(
  fc.record({ amount: fc.integer({ min: 1, max: 2_000_000 }), back: fc.integer({ min: 1, max: 50_000 }) }),
  { minLength: 1, maxLength: 3 },
);

const cartArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  promotions: promotionsArb,
  coupon: fc.option(heldArb('coupon'), { nil: null }),
  voucher: fc.option(heldArb('voucher'), { nil: null }),
  shipping: shippingArb,
  balance: fc.integer({ min: 0, max: 500_000 }),
  useBalance: fc.boolean(),
  cashback: cashbackArb,
});
type Cart = typeof cartArb extends fc.Arbitrary<infer T> ? T : never;

// ---- the documented order --------------------------------------------------------------------------

/** Step 1–2: unit prices (a flash / combination line keeps its promotion price), as computeCart takes them. */
function calcLines(lines: readonly GenLine[]): CartCalcLine[] {
  return lines.map((l, i) => ({
    id: i + 1,
    price: l.type === 0 ? cartUnitPrice(l.base, l.rank, l.ladder, l.number).price : l.base,
    number: l.number,
    is_selected: true,
    coupon_eligible: l.type === 0,
    promotion_id: l.type === 0 ? l.promotionId : null,
    goods: { is_dpby: l.dpby, qg_number: l.qg },
  }));
}

/**
 * 换购 (add-on purchase) hook: when it lands, its lines join here — after 满减/满折 and 满赠, before
 * the coupon — priced at the add-on price, not coupon-eligible, adding to goods_amount. Until then
 * there is no step.
 */
const ADD_ON_STEP = (goodsAmount: number): number => goodsAmount;

function orderAmounts(c: Cart) {
  const calc = calcLines(c.lines);
  const computed = computeCart(calc, c.promotions, c.shipping);
  const goods = ADD_ON_STEP(computed.totals.raw_price);
  const manjian = computed.totals.goods_manjian_amount;
  const couponEv = c.coupon ? evaluateCoupon(c.coupon, { total: computed.totals.with_coupon, byL1: new Map() }) : null;
  const coupon = couponEv?.usable ? couponEv.saving : 0;
  const voucherEv = c.voucher ? evaluateVoucher(c.voucher, goods - manjian - coupon) : null;
  const voucher = voucherEv?.usable ? voucherEv.saving : 0;
  const shipping = computed.totals.shipping.fee;
  const due = goods - manjian - coupon - voucher + shipping;
  const balance = c.useBalance ? Math.max(0, Math.min(c.balance, due)) : 0;
  const cashback = cashbackPreview(
    { all_goods: true, goods_ids: [], tiers: c.cashback },
    c.lines.map((l, i) => ({
      goods_id: l.goodsId,
      type: l.type,
      is_selected: true,
      amount: computed.lines.get(i + 1)!.raw_price,
    })),
  );
  return { computed, goods, manjian, coupon, voucher, shipping, balance, pay: due - balance, cashback };
}

const RUNS = { numRuns: 400 };

describe('every rule together', () => {
  it('never makes an amount negative, and no discount exceeds what it applies to', () => {
    fc.assert(
      fc.property(cartArb, (c) => {
        const a = orderAmounts(c);
        for (const v of [a.goods, a.manjian, a.coupon, a.voucher, a.shipping, a.balance, a.pay, a.cashback.back])
          expect(v).toBeGreaterThanOrEqual(0);
        expect(a.manjian).toBeLessThanOrEqual(a.goods);
        expect(a.coupon).toBeLessThanOrEqual(a.computed.totals.with_coupon);
        expect(a.manjian + a.coupon + a.voucher).toBeLessThanOrEqual(a.goods);
        for (const l of a.computed.lines.values()) {
          expect(l.goods_manjian_amount).toBeGreaterThanOrEqual(0);
          expect(l.goods_manjian_amount).toBeLessThanOrEqual(l.raw_price);
          expect(l.with_coupon).toBeGreaterThanOrEqual(0);
        }
      }),
      RUNS,
    );
  });

  it('keeps the books: lines − discounts + shipping − balance = payable, every amount a whole fen', () => {
    fc.assert(
      fc.property(cartArb, (c) => {
        const a = orderAmounts(c);
        const lines = [...a.computed.lines.values()];
        expect(a.goods).toBe(lines.reduce((s, l) => s + l.raw_price, 0));
        expect(a.manjian).toBe(lines.reduce((s, l) => s + l.goods_manjian_amount, 0));
        expect(a.manjian).toBe(
          [...a.computed.activity.manjians, ...a.computed.activity.discounts].reduce((s, p) => s + p.reduce, 0),
        );
        expect(a.pay).toBe(a.goods - a.manjian - a.coupon - a.voucher + a.shipping - a.balance);
        for (const v of [a.goods, a.manjian, a.coupon, a.voucher, a.shipping, a.balance, a.pay])
          expect(Number.isInteger(v)).toBe(true);
        // Shipping is charged on raw goods, so a discount never makes it due.
        expect(a.computed.totals.shipping.shortfall).toBe(
          Math.max(0, c.shipping.shipping_amount - a.goods - c.shipping.no_trans_order_amount),
        );
      }),
      RUNS,
    );
  });

  it('prices a normal line by rank and ladder, never above the rank (else base) price; promotion lines never join tiers or coupons', () => {
    fc.assert(
      fc.property(cartArb, (c) => {
        const calc = calcLines(c.lines);
        c.lines.forEach((l, i) => {
          if (l.type === 0) expect(calc[i].price).toBeLessThanOrEqual(l.rank ?? l.base);
        });
        const a = orderAmounts(c);
        c.lines.forEach((l, i) => {
          if (l.type !== 0)
            expect(a.computed.lines.get(i + 1)).toMatchObject({ goods_manjian_amount: 0, with_coupon: 0 });
        });
      }),
      RUNS,
    );
  });

  it('is the same whatever order the lines come in', () => {
    fc.assert(
      fc.property(cartArb, (c) => {
        const a = orderAmounts(c);
        const b = orderAmounts({ ...c, lines: [...c.lines].reverse() });
        expect([b.goods, b.manjian, b.coupon, b.voucher, b.shipping, b.pay, b.cashback.back]).toEqual([
          a.goods,
          a.manjian,
          a.coupon,
          a.voucher,
          a.shipping,
          a.pay,
          a.cashback.back,
        ]);
      }),
      RUNS,
    );
  });
});

// ---- thresholds: one fen below, at, one fen above ---------------------------------------------------

const around = (t: number) => [t - 1, t, t + 1];
const thresholdArb = fc.integer({ min: 2, max: 5_000_000 });

describe('tier thresholds are exact at the boundary', () => {
  it('满减 and 满折 reach a tier exactly at its amount', () => {
    fc.assert(
      fc.property(
        thresholdArb,
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 99 }),
        (t, reduce, percent) => {
          const mj: TierPromotion = { id: 1, kind: 'manjian', name: '', tiers: [{ amount: t, reduce }] };
          const zk: TierPromotion = { id: 2, kind: 'discount', name: '', tiers: [{ amount: t, percent }] };
          expect(around(t).map((x) => promotionReduction(mj, x))).toEqual([
            0,
            Math.min(reduce, t),
            Math.min(reduce, t + 1),
          ]);
          const [below, at] = around(t).map((x) => promotionReduction(zk, x));
          expect(below).toBe(0);
          expect(at).toBe(t - Math.floor((t * percent) / 100));
          // Through the cart too: one line priced at the boundary.
          for (const x of around(t)) {
            const { totals } = computeCart(
              [
                {
                  id: 1,
                  price: x,
                  number: 1,
                  is_selected: 1,
                  coupon_eligible: true,
                  promotion_id: 1,
                  goods: { is_dpby: 0, qg_number: 1 },
                },
              ],
              [mj],
              { shipping_amount: 0, no_trans_order_amount: 0, fee: 0 },
            );
            expect(totals.goods_manjian_amount).toBe(x < t ? 0 : Math.min(reduce, x));
          }
        },
      ),
      RUNS,
    );
  });

  it('a ladder step applies from exactly its number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1_000 }), fc.integer({ min: 2, max: 100_000 }), (n, base) => {
        const step = { id: 9, number: n, price: base - 1 };
        expect(around(n).map((q) => cartUnitPrice(base, null, [step], q).price)).toEqual([base, base - 1, base - 1]);
      }),
      RUNS,
    );
  });

  it('coupons, vouchers, 满赠, 满额返现 and free shipping start exactly at their threshold', () => {
    fc.assert(
      fc.property(thresholdArb, fc.integer({ min: 1, max: 100_000 }), (t, amount) => {
        const coupon: HeldCoupon = {
          id: 1,
          kind: 'coupon',
          name: '',
          threshold: t,
          amount,
          discountPercent: null,
          scopeL1: null,
          expiresAt: new Date(0),
        };
        expect(around(t).map((b) => evaluateCoupon(coupon, { total: b, byL1: new Map() }).usable)).toEqual([
          false,
          true,
          true,
        ]);
        expect(around(t).map((b) => evaluateVoucher({ ...coupon, kind: 'voucher' }, b).usable)).toEqual([
          false,
          true,
          true,
        ]);

        const rule: GiftRule = {
          id: 1,
          name: '',
          allGoods: true,
          members: new Set(),
          tiers: [{ amount: t, goods_id: 5, number: 1 }],
        };
        expect(
          around(t).map((b) => reachedGiftTier(rule, giftBase(rule, [{ goodsId: 1, type: 0, amount: b }])) !== null),
        ).toEqual([false, true, true]);

        const tiers: CashbackTier[] = [{ amount: t, back: amount }];
        const previews = around(t).map((b) =>
          cashbackPreview({ all_goods: true, goods_ids: [], tiers }, [
            { goods_id: 1, type: 0, is_selected: 1, amount: b },
          ]),
        );
        expect(previews.map((p) => p.back)).toEqual([0, amount, amount]);
        expect(previews[0].next).toEqual({ shortfall: 1, back: amount });

        const frees = around(t).map(
          (b) =>
            computeCart(
              [
                {
                  id: 1,
                  price: b,
                  number: 1,
                  is_selected: 1,
                  coupon_eligible: true,
                  promotion_id: null,
                  goods: { is_dpby: 0, qg_number: 1 },
                },
              ],
              [],
              { shipping_amount: t, no_trans_order_amount: 0, fee: 800 },
            ).totals.shipping,
        );
        expect(frees.map((s) => [s.free, s.fee, s.shortfall])).toEqual([
          [false, 800, 1],
          [true, 0, 0],
          [true, 0, 0],
        ]);
      }),
      RUNS,
    );
  });

  it('single-item free shipping starts at exactly qg_number units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), (qg) => {
        const free = around(qg).map(
          (n) =>
            computeCart(
              [
                {
                  id: 1,
                  price: 1,
                  number: n,
                  is_selected: 1,
                  coupon_eligible: true,
                  promotion_id: null,
                  goods: { is_dpby: 1, qg_number: qg },
                },
              ],
              [],
              { shipping_amount: 10_000_000, no_trans_order_amount: 0, fee: 800 },
            ).totals.shipping.free,
        );
        expect(free).toEqual([false, true, true]);
      }),
      RUNS,
    );
  });
});

// ---- rounding ---------------------------------------------------------------------------------------

describe('percent rules round the paid part down to the fen', () => {
  it('满折 and discount coupons: the paid part is the exact product floored (the buyer never pays a fraction of a fen)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.integer({ min: 0, max: 100 }), (base, percent) => {
        const exactPaid = (base * percent) / 100;
        const zk: TierPromotion = { id: 2, kind: 'discount', name: '', tiers: [{ amount: 1, percent }] };
        const paid = base - promotionReduction(zk, base);
        expect(Number.isInteger(paid)).toBe(true);
        expect(paid).toBeLessThanOrEqual(exactPaid);
        expect(paid).toBeGreaterThan(exactPaid - 1);

        const coupon: HeldCoupon = {
          id: 1,
          kind: 'coupon',
          name: '',
          threshold: 0,
          amount: 0,
          discountPercent: percent,
          scopeL1: null,
          expiresAt: new Date(0),
        };
        const ev = evaluateCoupon(coupon, { total: base, byL1: new Map() });
        expect(base - ev.saving).toBe(paid);
      }),
      RUNS,
    );
  });

  it('a discount coupon with an amount is capped at it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 100_000 }),
        (base, percent, cap) => {
          const coupon: HeldCoupon = {
            id: 1,
            kind: 'coupon',
            name: '',
            threshold: 0,
            amount: cap,
            discountPercent: percent,
            scopeL1: null,
            expiresAt: new Date(0),
          };
          expect(evaluateCoupon(coupon, { total: base, byL1: new Map() }).saving).toBe(
            Math.min(cap, base - Math.floor((base * percent) / 100)),
          );
        },
      ),
      RUNS,
    );
  });

  it('shows fen as yuan truncated to 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (fen) => {
        expect(formatFen(fen)).toBe(`${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`);
      }),
      RUNS,
    );
  });
});
