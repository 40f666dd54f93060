import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampQuantity,
  quantityMessage,
  quantityProblem,
  quantityRulesFor,
  type QuantityGoods,
} from '../../src/domain/quantity';

const base: QuantityGoods = {
  zbz: 10,
  mid_pack_strict: 1,
  min_buy: 1,
  number: 95,
  purchase_limit: 0,
  is_ephedrine: 0,
  ephedrine_limit: 0,
  is_buy: 1,
};

describe('quantityRulesFor', () => {
  it('uses zbz as the step when strict and caps by stock in whole packs', () => {
    expect(quantityRulesFor(base)).toEqual({ step: 10, min: 10, max: 90 });
  });
  it('uses step 1 when not strict', () => {
    expect(quantityRulesFor({ ...base, mid_pack_strict: 0 })).toEqual({ step: 1, min: 1, max: 95 });
  });
  it('applies the purchase and ephedrine limits', () => {
    expect(quantityRulesFor({ ...base, mid_pack_strict: 0, purchase_limit: 20 }).max).toBe(20);
    expect(quantityRulesFor({ ...base, mid_pack_strict: 0, is_ephedrine: 1, ephedrine_limit: 3 }).max).toBe(3);
  });
  it('nothing is buyable with zero stock or is_buy 0', () => {
    expect(quantityRulesFor({ ...base, number: 0 }).max).toBe(0);
    expect(quantityRulesFor({ ...base, is_buy: 0 }).max).toBe(0);
    expect(quantityRulesFor({ ...base, number: 5 }).max).toBe(0);
  });
});

describe('quantityProblem', () => {
  const r = quantityRulesFor(base);
  it('names each problem', () => {
    expect(quantityProblem(20, r)).toBeNull();
    expect(quantityProblem(15, r)).toBe('not_multiple');
    expect(quantityProblem(0, r)).toBe('below_min');
    expect(quantityProblem(100, r)).toBe('above_max');
    expect(quantityProblem(1.5, r)).toBe('not_integer');
    expect(quantityProblem(10, { step: 1, min: 1, max: 0 })).toBe('not_buyable');
    expect(quantityMessage('not_multiple', r, '盒')).toBe('购买数量须为中包装10的整数倍');
  });
  it('clampQuantity always yields a valid quantity', () => {
    fc.assert(
      fc.property(
        fc.record({
          zbz: fc.integer({ min: 1, max: 50 }),
          mid_pack_strict: fc.constantFrom<0 | 1>(0, 1),
          min_buy: fc.integer({ min: 0, max: 30 }),
          number: fc.integer({ min: 0, max: 1000 }),
          purchase_limit: fc.integer({ min: 0, max: 200 }),
          is_ephedrine: fc.constantFrom<0 | 1>(0, 1),
          ephedrine_limit: fc.integer({ min: 0, max: 10 }),
          is_buy: fc.constantFrom<0 | 1>(0, 1),
        }),
        fc.double({ min: -100, max: 5000, noNaN: true }),
        (g, q) => {
          const r = quantityRulesFor(g);
          const c = clampQuantity(q, r);
          if (r.max === 0) expect(c).toBe(0);
          else expect(quantityProblem(c, r)).toBeNull();
        },
      ),
    );
  });
});

describe('listTotalText', () => {
  it('shows a capped total as N+', async () => {
    const { listTotalText, LIST_TOTAL_CAP } = await import('../../src/domain/catalog');
    expect(listTotalText(757)).toBe('757');
    expect(listTotalText(LIST_TOTAL_CAP)).toBe('2000+');
  });
});
