// POST /api/cart/checkout with new=0: what the order would be, with no side effects — the lines
// at today's prices, the addresses, the coupons and vouchers with what each would save (the best
// preselected), the wallet and the amounts.
import type { Db } from '../../db/client.ts';
import { listAddresses } from '../addresses/book.ts';
import type { CheckoutPreview } from '@domain/orders.ts';
import { assertMayOrder, loadOrderingCompany } from './company.ts';
import type { CheckoutInput } from './input.ts';
import { quoteCheckout } from './quote.ts';

export async function previewCheckout(
  db: Db,
  companyId: number,
  input: CheckoutInput,
  now: Date,
): Promise<CheckoutPreview> {
  const company = await loadOrderingCompany(db, companyId, now);
  assertMayOrder(company);
  const [quote, list] = await Promise.all([
    quoteCheckout(
      db,
      company,
      { lineIds: input.lineIds, couponId: input.couponId, voucherId: input.voucherId, useBalance: input.useBalance },
      now,
    ),
    listAddresses(db, companyId),
  ]);
  return {
    lines: quote.lines,
    gifts: quote.gifts,
    exchanges: quote.exchanges,
    prizes: quote.prizes,
    addresses: list,
    coupons: quote.coupons,
    vouchers: quote.vouchers,
    best_coupon_id: quote.bestCouponId,
    best_voucher_id: quote.bestVoucherId,
    wallet: { balance: quote.wallet.balance, points: quote.wallet.points },
    amounts: quote.amounts,
    has_ephedrine: quote.hasEphedrine ? 1 : 0,
    price_changes: quote.priceChanges,
  };
}
