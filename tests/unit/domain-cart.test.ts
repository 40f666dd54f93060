// src/domain/cart.ts: the cart's money, shared by the server's list and the page's offline cart.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocate,
  calcLineFromView,
  cartUnitPrice,
  computeCart,
  promotionReduction,
  type CartCalcLine,
} from '../../src/domain/cart';
import type { CartLineView, CartShippingData, TierPromotion } from '../../src/domain/cart-types';
import { ladderPriceFor } from '../../src/domain/pricing';

const MANJIAN: TierPromotion = {
  id: 1,
  kind: 'manjian',
  name: '满1000减50',
  tiers: [
    { amount: 100_000, reduce: 5_000 },
    { amount: 300_000, reduce: 20_000 },
  ],
};
const DISCOUNT: TierPromotion = {
  id: 2,
  kind: 'discount',
  name: '满2000享9.8折',
  tiers: [{ amount: 200_000, percent: 98 }],
};
const SHIPPING: CartShippingData = { shipping_amount: 80_000, no_trans_order_amount: 0, fee: 1_000 };

const line = (over: Partial<CartCalcLine> & { id: number }): CartCalcLine => ({
  price: 1_000,
  number: 1,
  is_selected: 1,
  coupon_eligible: true,
  promotion_id: null,
  goods: { is_dpby: 0, qg_number: 0 },
  ...over,
});

const lineArb = fc.record({
  price: fc.integer({ min: 1, max: 500_000 }),
  number: fc.integer({ min: 1, max: 5_000 }),
  is_selected: fc.constantFrom<0 | 1>(0, 1),
  coupon_eligible: fc.boolean(),
  promotion_id: fc.constantFrom<number | null>(null, 1, 2),
  dpby: fc.boolean(),
  qg: fc.integer({ min: 0, max: 100 }),
});
const linesArb = fc.array(lineArb, { maxLength: 40 }).map((ls) =>
  ls.map((l, i): CartCalcLine => ({
    id: i + 1,
    price: l.price,
    number: l.number,
    is_selected: l.is_selected,
    coupon_eligible: l.coupon_eligible,
    promotion_id: l.promotion_id,
    goods: { is_dpby: l.dpby, qg_number: l.qg },
  })),
);
const shippingArb = fc.record({
  shipping_amount: fc.integer({ min: 0, max: 1_000_000 }),
  no_trans_order_amount: fc.integer({ min: 0, max: 1_000_000 }),
  fee: fc.integer({ min: 0, max: 5_000 }),
});

describe('cartUnitPrice', () => {
  const ladder = [
    { id: 11, number: 10, price: 900 },
    { id: 12, number: 50, price: 800 },
  ];
  it('switches to the ladder step exactly when the number reaches it', () => {
    expect(cartUnitPrice(1_000, null, ladder, 9)).toEqual({ price: 1_000, ladder_price_id: null });
    expect(cartUnitPrice(1_000, null, ladder, 10)).toEqual({ price: 900, ladder_price_id: 11 });
    expect(cartUnitPrice(1_000, null, ladder, 49)).toEqual({ price: 900, ladder_price_id: 11 });
    expect(cartUnitPrice(1_000, null, ladder, 50)).toEqual({ price: 800, ladder_price_id: 12 });
  });
  it('starts from the rank price, and a ladder step never raises it', () => {
    expect(cartUnitPrice(1_000, 850, ladder, 10)).toEqual({ price: 850, ladder_price_id: null });
    expect(cartUnitPrice(1_000, 850, ladder, 60)).toEqual({ price: 800, ladder_price_id: 12 });
  });
  it('is ladderPriceFor capped at the base, with the id of the step that applies', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
        fc.uniqueArray(
          fc.record({
            id: fc.nat(),
            number: fc.integer({ min: 1, max: 500 }),
            price: fc.integer({ min: 1, max: 100_000 }),
          }),
          {
            selector: (s) => s.number,
            maxLength: 5,
          },
        ),
        fc.integer({ min: 1, max: 1_000 }),
        (base, rank, steps, q) => {
          const r = cartUnitPrice(base, rank, steps, q);
          const b = rank ?? base;
          expect(r.price).toBe(Math.min(b, ladderPriceFor(b, steps, q)));
          if (r.ladder_price_id !== null) {
            const step = steps.find((s) => s.id === r.ladder_price_id && s.price === r.price);
            expect(step && step.number <= q).toBe(true);
          }
        },
      ),
    );
  });
});

describe('allocate', () => {
  it('shares exactly, each part within a fen of its exact proportion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 2_000_000_000 }), { maxLength: 30 }),
        (total, w) => {
          const parts = allocate(total, w);
          const sum = w.reduce((a, b) => a + b, 0);
          expect(parts).toHaveLength(w.length);
          if (sum === 0) {
            expect(parts.every((p) => p === 0)).toBe(true);
            return;
          }
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((p, i) => {
            const exact = (total * w[i]) / sum;
            expect(p).toBeGreaterThanOrEqual(Math.floor(exact) - 1e-9);
            expect(p).toBeLessThanOrEqual(Math.ceil(exact) + 1e-9);
          });
        },
      ),
    );
  });
  it('gives a weight of 0 nothing', () => expect(allocate(7, [0, 3, 0, 4])).toEqual([0, 3, 0, 4]));
});

describe('promotionReduction', () => {
  it('满减 takes the highest reached tier, flipping exactly at the threshold', () => {
    expect(promotionReduction(MANJIAN, 99_999)).toBe(0);
    expect(promotionReduction(MANJIAN, 100_000)).toBe(5_000);
    expect(promotionReduction(MANJIAN, 299_999)).toBe(5_000);
    expect(promotionReduction(MANJIAN, 300_000)).toBe(20_000);
  });
  it('满折 rounds the paid part down to the fen (the buyer’s favour)', () => {
    expect(promotionReduction(DISCOUNT, 199_999)).toBe(0);
    expect(promotionReduction(DISCOUNT, 200_000)).toBe(4_000);
    // 200_033 × 0.98 = 196_032.34 → pays 196_032, saves 4_001
    expect(promotionReduction(DISCOUNT, 200_033)).toBe(4_001);
  });
  it('never takes more than the amount', () => {
    const silly: TierPromotion = { id: 3, kind: 'manjian', name: 'x', tiers: [{ amount: 10, reduce: 1_000 }] };
    expect(promotionReduction(silly, 50)).toBe(50);
  });
});

describe('computeCart', () => {
  it('tier status flips at exactly the threshold, reached tiers first', () => {
    const below = computeCart([line({ id: 1, price: 99_999, promotion_id: 1 })], [MANJIAN], SHIPPING);
    expect(below.activity.manjians[0].tiers.map((t) => t.status)).toEqual([0, 0]);
    expect(below.activity.manjians[0].next).toEqual({ amount: 100_000, shortfall: 1 });
    const at = computeCart([line({ id: 1, price: 100_000, promotion_id: 1 })], [MANJIAN], SHIPPING);
    expect(at.activity.manjians[0].tiers).toEqual([
      { amount: 100_000, reduce: 5_000, status: 1 },
      { amount: 300_000, reduce: 20_000, status: 0 },
    ]);
    expect(at.totals.goods_manjian_amount).toBe(5_000);
    expect(at.totals.pay_price).toBe(95_000);
  });

  it('counts only selected, eligible lines of the promotion towards its tiers', () => {
    const r = computeCart(
      [
        line({ id: 1, price: 60_000, promotion_id: 1 }),
        line({ id: 2, price: 60_000, promotion_id: 1, is_selected: 0 }),
        line({ id: 3, price: 60_000, promotion_id: 1, coupon_eligible: false }),
        line({ id: 4, price: 60_000, promotion_id: null }),
      ],
      [MANJIAN],
      SHIPPING,
    );
    expect(r.activity.manjians[0].amount).toBe(60_000);
    expect(r.totals.goods_manjian_amount).toBe(0);
    expect(r.totals.raw_price).toBe(180_000);
    expect(r.totals.with_coupon).toBe(120_000);
  });

  it('shares the reduction over the promotion lines in proportion', () => {
    const r = computeCart(
      [line({ id: 1, price: 30_000, number: 2, promotion_id: 1 }), line({ id: 2, price: 40_000, promotion_id: 1 })],
      [MANJIAN],
      SHIPPING,
    );
    expect(r.lines.get(1)).toEqual({ raw_price: 60_000, goods_manjian_amount: 3_000, with_coupon: 57_000 });
    expect(r.lines.get(2)).toEqual({ raw_price: 40_000, goods_manjian_amount: 2_000, with_coupon: 38_000 });
  });

  it('shortfall = shipping_amount − selected total − today’s paid orders, never below 0', () => {
    fc.assert(
      fc.property(linesArb, shippingArb, (lines, shipping) => {
        const r = computeCart(lines, [MANJIAN, DISCOUNT], shipping);
        const selected = lines.filter((l) => l.is_selected).reduce((s, l) => s + l.price * l.number, 0);
        expect(r.totals.shipping.shortfall).toBe(
          Math.max(0, shipping.shipping_amount - selected - shipping.no_trans_order_amount),
        );
        const dpby = lines.some((l) => l.is_selected && l.goods.is_dpby && l.number >= l.goods.qg_number);
        expect(r.totals.shipping.free).toBe(r.totals.shipping.shortfall === 0 || dpby);
        expect(r.totals.shipping.fee).toBe(r.totals.shipping.free ? 0 : shipping.fee);
      }),
    );
  });

  it('example: 800 yuan threshold with 300 paid today and 450 selected', () => {
    const r = computeCart([line({ id: 1, price: 45_000 })], [], {
      shipping_amount: 80_000,
      no_trans_order_amount: 30_000,
      fee: 1_000,
    });
    expect(r.totals.shipping).toEqual({ shortfall: 5_000, free: false, fee: 1_000 });
    const dpby = computeCart(
      [line({ id: 1, price: 45_000, number: 3, goods: { is_dpby: 1, qg_number: 3 } })],
      [],
      SHIPPING,
    );
    expect(dpby.totals.shipping.free).toBe(true);
  });

  it('keeps the books: totals are the sums of the line amounts, reductions never exceed amounts', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const r = computeCart(lines, [MANJIAN, DISCOUNT], SHIPPING);
        let raw = 0;
        let manjian = 0;
        let coupon = 0;
        for (const l of lines) {
          const a = r.lines.get(l.id)!;
          expect(a.raw_price).toBe(l.price * l.number);
          expect(a.goods_manjian_amount).toBeGreaterThanOrEqual(0);
          expect(a.goods_manjian_amount).toBeLessThanOrEqual(a.raw_price);
          if (!l.is_selected) expect(a.goods_manjian_amount + a.with_coupon).toBe(0);
          if (!l.coupon_eligible) expect(a.goods_manjian_amount + a.with_coupon).toBe(0);
          if (l.is_selected) {
            raw += a.raw_price;
            manjian += a.goods_manjian_amount;
            coupon += a.with_coupon;
          }
        }
        expect(r.totals.raw_price).toBe(raw);
        expect(r.totals.goods_manjian_amount).toBe(manjian);
        expect(r.totals.with_coupon).toBe(coupon);
        expect(r.totals.pay_price).toBe(raw - manjian);
        const promoReduce = [...r.activity.manjians, ...r.activity.discounts].reduce((s, p) => s + p.reduce, 0);
        expect(promoReduce).toBe(manjian);
        for (const p of [...r.activity.manjians, ...r.activity.discounts]) {
          const statuses = p.tiers.map((t) => t.status);
          expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
          for (const t of p.tiers) expect(t.status).toBe(p.amount >= t.amount ? 1 : 0);
        }
      }),
    );
  });

  it('is the same whatever the line order', () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const a = computeCart(lines, [MANJIAN, DISCOUNT], SHIPPING).totals;
        const b = computeCart([...lines].reverse(), [MANJIAN, DISCOUNT], SHIPPING).totals;
        expect(b).toEqual(a);
      }),
    );
  });
});

describe('calcLineFromView', () => {
  it('reads a list line, and gives null when prices are hidden', () => {
    const view = {
      id: 5,
      price: 1_200,
      number: 3,
      is_selected: 1,
      coupon_eligible: 1,
      goods_manjian_id: 1,
      goods: { is_dpby: 1, qg_number: 2 },
    } as unknown as CartLineView;
    expect(calcLineFromView(view)).toEqual({
      id: 5,
      price: 1_200,
      number: 3,
      is_selected: 1,
      coupon_eligible: true,
      promotion_id: 1,
      goods: { is_dpby: 1, qg_number: 2 },
    });
    expect(calcLineFromView({ ...view, price: null })).toBeNull();
  });
});
