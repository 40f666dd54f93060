// The four change texts of the issue. Reconcile itself compares the real server's carts:
// tests/integration/reconcile.test.ts.
import { describe, expect, it } from 'vitest';
import { CART_CHANGE_TEXTS } from '../../../src/local/cart-change-texts';

describe('diffCart texts', () => {
  it('uses the four texts of the issue', () => {
    expect(CART_CHANGE_TEXTS).toMatchObject({
      price: '价格已变动',
      stock: '库存不足',
      off_sale: '已下架',
      limit: '超出限购',
    });
  });
});
