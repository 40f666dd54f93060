import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ladderPriceFor, tierStatuses, shippingShortfall, singleItemFreeShipping } from '../../src/domain/pricing';
import { formatFen, floorYuan2 } from '../../src/domain/money';
import { toMillis, splitCountdown } from '../../src/domain/time';

describe('ladderPriceFor', () => {
  const steps = [
    { number: 10, price: 900 },
    { number: 50, price: 800 },
  ];
  it('uses the base price below the first step', () => expect(ladderPriceFor(1000, steps, 9)).toBe(1000));
  it('uses the step reached', () => {
    expect(ladderPriceFor(1000, steps, 10)).toBe(900);
    expect(ladderPriceFor(1000, steps, 49)).toBe(900);
    expect(ladderPriceFor(1000, steps, 50)).toBe(800);
  });
  it('does not depend on the order of steps', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ number: fc.integer({ min: 1, max: 500 }), price: fc.integer({ min: 1, max: 10_000 }) }),
          {
            selector: (x) => x.number,
          },
        ),
        fc.integer({ min: 0, max: 1000 }),
        (s, q) => {
          expect(ladderPriceFor(5000, s, q)).toBe(ladderPriceFor(5000, [...s].reverse(), q));
        },
      ),
    );
  });
  it('never uses a step above the quantity', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ number: fc.integer({ min: 1, max: 500 }), price: fc.integer({ min: 1, max: 10_000 }) }),
          {
            selector: (x) => x.number,
          },
        ),
        fc.integer({ min: 0, max: 1000 }),
        (s, q) => {
          const p = ladderPriceFor(5000, s, q);
          const used = s.find((x) => x.price === p && x.number <= q);
          expect(p === 5000 || used !== undefined).toBe(true);
        },
      ),
    );
  });
});

describe('tierStatuses', () => {
  it('marks reached tiers and lists them first', () => {
    const r = tierStatuses([{ amount: 300 }, { amount: 100 }, { amount: 200 }], 200);
    expect(r).toEqual([
      { amount: 100, status: 1 },
      { amount: 200, status: 1 },
      { amount: 300, status: 0 },
    ]);
  });
  it('status is 1 exactly when amount ≤ eligible', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ amount: fc.nat(100_000) })), fc.nat(100_000), (tiers, eligible) => {
        const r = tierStatuses(tiers, eligible);
        expect(r).toHaveLength(tiers.length);
        for (const t of r) expect(t.status).toBe(eligible >= t.amount ? 1 : 0);
        const firstUnreached = r.findIndex((t) => t.status === 0);
        if (firstUnreached >= 0) expect(r.slice(firstUnreached).every((t) => t.status === 0)).toBe(true);
      }),
    );
  });
});

describe('shippingShortfall', () => {
  it('is shipping_amount − selected − already ordered', () => {
    expect(shippingShortfall({ shipping_amount: 100_000, no_trans_order_amount: 20_000 }, 30_000)).toBe(50_000);
  });
  it('is never negative', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (a, b, c) => {
        expect(shippingShortfall({ shipping_amount: a, no_trans_order_amount: b }, c)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('singleItemFreeShipping', () => {
  const line = (sel: 0 | 1, number: number, dpby: 0 | 1, qg: number) => ({
    is_selected: sel,
    number,
    goods: { is_dpby: dpby, qg_number: qg },
  });
  it('needs a selected dpby line at or above qg_number', () => {
    expect(singleItemFreeShipping([line(1, 10, 1, 10)])).toBe(true);
    expect(singleItemFreeShipping([line(1, 9, 1, 10)])).toBe(false);
    expect(singleItemFreeShipping([line(0, 10, 1, 10)])).toBe(false);
    expect(singleItemFreeShipping([line(1, 10, 0, 10)])).toBe(false);
  });
});

describe('money display', () => {
  it('shows fen with two decimals', () => {
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(123456)).toBe('1234.56');
    expect(formatFen(-150)).toBe('-1.50');
  });
  it('rounds yuan down to 2 decimals', () => {
    expect(floorYuan2(1.239)).toBe(1.23);
    expect(floorYuan2(1.005)).toBe(1);
    expect(floorYuan2(2.3)).toBe(2.3);
  });
});

describe('time', () => {
  it('treats 10-digit timestamps as seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
  });
  it('splits a countdown', () => {
    expect(splitCountdown(90_061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(splitCountdown(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
