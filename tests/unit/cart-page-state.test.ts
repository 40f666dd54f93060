// The cart page's pure rules (src/features/cart/cart-page-state.ts) and the optimistic state
// changes of src/api/cart.ts: they must land where the server's own computation lands.
import { describe, expect, it } from 'vitest';
import {
  recomputeCart,
  repriceLine,
  withLineNumber,
  withLinesRestored,
  withoutLines,
  withSelection,
  withSelectionRestored,
  withServerLine,
} from '../../src/api/cart';
import type { TierPromotion } from '../../src/domain/cart-types';
import {
  checkoutBlockReason,
  checkoutHref,
  countSelection,
  discountTierLabel,
  groupLines,
  ladderHint,
  lineQuantityRules,
  manjianTierLabel,
  NOTHING_SELECTED_REASON,
  payableTotal,
  priceChangeText,
  PRICES_HIDDEN_REASON,
  problemText,
  selectionState,
  shippingText,
  tierShortfallText,
  toggleIds,
  unselectableReason,
} from '../../src/features/cart/cart-page-state';
import { makeCartState, makeLine } from '../component/cart-fixtures';

const MANJIAN: TierPromotion = {
  id: 7,
  kind: 'manjian',
  name: '满减专场',
  tiers: [
    { amount: 10_000, reduce: 500 },
    { amount: 20_000, reduce: 1_200 },
  ],
};

describe('groups and selection rules', () => {
  it('groups lines by warehouse in the server order, with the warehouse names', () => {
    const state = makeCartState(
      [
        makeLine(3, { goods: { ck_id: 1 } }),
        makeLine(1, { goods: { ck_id: 1 } }),
        makeLine(2, { goods: { ck_id: 4 } }),
      ],
      { warehouses: { 1: '广州仓', 4: '武汉仓' } },
    );
    expect(groupLines(state)).toEqual([
      { ckId: 1, name: '广州仓', ids: [3, 1] },
      { ckId: 4, name: '武汉仓', ids: [2] },
    ]);
  });

  it('a line the server says cannot be bought cannot be selected, and says why', () => {
    expect(unselectableReason(makeLine(1))).toBeNull();
    expect(unselectableReason(makeLine(1, { is_selected: 0, goods: { is_buy: 0, number: 0 } }))).toBe('缺货');
    expect(
      unselectableReason(makeLine(1, { is_selected: 0, problem: '商品1：该商品暂不可购买', goods: { is_buy: 0 } })),
    ).toBe('该商品暂不可购买');
    expect(unselectableReason(makeLine(1, { is_selected: 0, goods: { is_buy: 0 } }))).toBe('该商品暂不可购买');
  });

  it('strips the goods name the server puts before a problem', () => {
    expect(problemText(makeLine(1, { problem: '商品1：最多可购买5盒' }))).toBe('最多可购买5盒');
    expect(problemText(makeLine(1))).toBeNull();
  });

  it('select-all sends only the lines that change, never unbuyable ones', () => {
    const lines = [
      makeLine(1, { is_selected: 1 }),
      makeLine(2, { is_selected: 0 }),
      makeLine(3, { is_selected: 0, goods: { is_buy: 0 } }),
    ];
    expect(toggleIds(lines, true)).toEqual([2]);
    expect(toggleIds(lines, false)).toEqual([1]);
    const count = countSelection(lines);
    expect(count).toEqual({ selected: 1, selectable: 2, total: 3 });
    expect(selectionState(count)).toBe('some');
    expect(selectionState({ selected: 2, selectable: 2, total: 3 })).toBe('all');
    expect(selectionState({ selected: 0, selectable: 0, total: 1 })).toBe('none');
  });

  it('withSelection selects only buyable lines (SPEC §4) and restores what it changed', () => {
    const state = makeCartState([
      makeLine(1, { is_selected: 0 }),
      makeLine(2, { is_selected: 0, goods: { is_buy: 0 } }),
    ]);
    const on = withSelection(state, [1, 2], true);
    expect(on.data.map((l) => l.is_selected)).toEqual([1, 0]);
    expect(on.totals?.selected_count).toBe(1);
    const back = withSelectionRestored(on, new Map([[1, 0 as const]]));
    expect(back.data[0].is_selected).toBe(0);
    expect(back.totals?.selected_count).toBe(0);
  });
});

describe('quantity, ladder and price texts', () => {
  it('a combination counts sets its members can fill', () => {
    const line = makeLine(5, {
      type: 3,
      is_combination: 1,
      coupon_eligible: 0,
      combination: {
        id: 9,
        name: '感冒组合',
        price: 3_000,
        goods: [
          { goods_id: 5, name: 'A', ypgg: '', goods_image: '', bzdw: '盒', quantity: 2, price: 1_000, number: 9 },
          { goods_id: 6, name: 'B', ypgg: '', goods_image: '', bzdw: '盒', quantity: 1, price: 1_000, number: 100 },
        ],
      },
    });
    expect(lineQuantityRules(line)).toEqual({ step: 1, min: 1, max: 4 });
  });

  it('hints the next ladder step when it is near, in valid quantities', () => {
    const ladder = [
      { id: 1, number: 10, price: 900 },
      { id: 2, number: 100, price: 800 },
    ];
    const line = makeLine(1, { number: 6, goods: { ladder_price: ladder } });
    expect(ladderHint(line, lineQuantityRules(line))).toBe('再买4盒享¥9.00/盒');
    const far = makeLine(1, { number: 12, price: 900, goods: { ladder_price: ladder } });
    expect(ladderHint(far, lineQuantityRules(far))).toBeNull();
    const strict = makeLine(1, { number: 6, goods: { ladder_price: ladder, zbz: 4, mid_pack_strict: 1 } });
    expect(ladderHint(strict, lineQuantityRules(strict))).toBe('再买6盒享¥9.00/盒');
    const capped = makeLine(1, { number: 6, goods: { ladder_price: ladder, number: 8 } });
    expect(ladderHint(capped, lineQuantityRules(capped))).toBeNull();
  });

  it('shows a price change old → new', () => {
    expect(priceChangeText(makeLine(1, { price_changed: { old: 1200, new: 1000 } }))).toBe('已降价：¥12.00 → ¥10.00');
    expect(priceChangeText(makeLine(1, { price_changed: { old: 1000, new: 1050 } }))).toBe('已涨价：¥10.00 → ¥10.50');
  });

  it('re-prices a normal line by its ladder and keeps flash-sale prices', () => {
    const line = makeLine(1, {
      number: 2,
      price_changed: { old: 1, new: 1000 },
      goods: { ladder_price: [{ id: 4, number: 10, price: 900 }] },
    });
    const up = repriceLine(line, 10);
    expect(up).toMatchObject({ number: 10, price: 900, raw_price: 9_000, ladder_price_id: 4, price_changed: null });
    const flash = makeLine(2, { type: 1, price: 500, coupon_eligible: 0 });
    expect(repriceLine(flash, 3)).toMatchObject({ price: 500, raw_price: 1_500 });
  });
});

describe('tiers, shipping and checkout', () => {
  it('labels tiers and what is missing', () => {
    expect(manjianTierLabel({ amount: 100_000, reduce: 5_000 })).toBe('满¥1000减¥50');
    expect(discountTierLabel({ amount: 50_050, percent: 95 })).toBe('满¥500.50享9.5折');
    expect(tierShortfallText(12_345)).toBe('还差¥123.45');
  });

  it('says how much is missing for free shipping, or that it is free (SPEC §9)', () => {
    const some = makeCartState([makeLine(1, { number: 10 })], {
      shipping: { shipping_amount: 50_000, no_trans_order_amount: 5_000, fee: 1_000 },
    });
    expect(some.totals?.shipping).toEqual({ shortfall: 35_000, free: false, fee: 1_000 });
    expect(shippingText(some.totals!.shipping)).toBe('还差¥350.00免运费');
    expect(payableTotal(some.totals!)).toBe(10_000 + 1_000);
    const dpby = makeCartState([makeLine(1, { number: 10, goods: { is_dpby: 1, qg_number: 10 } })]);
    expect(shippingText(dpby.totals!.shipping)).toBe('已免运费');
    expect(payableTotal(dpby.totals!)).toBe(10_000);
  });

  it('goes to step 2 with the selected ids, or says why not', () => {
    expect(checkoutHref([3, 1, 2])).toBe('/cart/step2?ids=3,1,2');
    const state = makeCartState([makeLine(1)]);
    expect(checkoutBlockReason(state.totals, 0)).toBe(NOTHING_SELECTED_REASON);
    expect(checkoutBlockReason(null, 1)).toBe(PRICES_HIDDEN_REASON);
    expect(checkoutBlockReason(state.totals, 1)).toBeNull();
    expect(checkoutBlockReason(state.totals, 2, 1)).toBe('已选商品中有1种暂时无法结算，请先调整');
  });
});

describe('optimistic changes agree with the server computation', () => {
  const lines = () => [
    makeLine(1, { number: 5, goods_manjian_id: 7 }),
    makeLine(2, { number: 3, goods_manjian_id: 7, goods: { ck_id: 2 } }),
    makeLine(3, { number: 1 }),
  ];

  it('a new number gives the amounts the server would give', () => {
    const state = makeCartState(lines(), { promotions: [MANJIAN] });
    const local = withLineNumber(state, 1, 15);
    const server = makeCartState(
      lines().map((l) => (l.id === 1 ? { ...l, number: 15, raw_price: 15_000 } : l)),
      { promotions: [MANJIAN] },
    );
    expect(local.totals).toEqual(server.totals);
    expect(local.activity_data).toEqual(server.activity_data);
    expect(local.data.map((l) => l.goods_manjian_amount)).toEqual(server.data.map((l) => l.goods_manjian_amount));
    // The untouched line outside the promotion keeps its object (memoised rows stay put).
    expect(local.data[2]).toBe(state.data[2]);
  });

  it('the server line wins, and deleting then restoring puts lines back in place', () => {
    const state = makeCartState(lines(), { promotions: [MANJIAN] });
    const fromServer = { ...state.data[1], number: 4, raw_price: 4_000, problem: '商品2：最多可购买4盒' };
    const replaced = withServerLine(state, fromServer);
    expect(replaced.data[1].problem).toBe('商品2：最多可购买4盒');
    expect(replaced.totals?.raw_price).toBe(5_000 + 4_000 + 1_000);

    const removed = withoutLines(state, [2]);
    expect(removed.data.map((l) => l.id)).toEqual([1, 3]);
    expect(removed.filter_data.warehouses).toEqual([
      { ck_id: 1, name: '1号仓', count: 2 },
      { ck_id: 2, name: '2号仓', count: 0 },
    ]);
    const restored = withLinesRestored(removed, [{ index: 1, line: state.data[1] }]);
    expect(restored.data.map((l) => l.id)).toEqual([1, 2, 3]);
    expect(restored.totals).toEqual(state.totals);
    expect(recomputeCart(restored).totals).toEqual(state.totals);
  });
});
