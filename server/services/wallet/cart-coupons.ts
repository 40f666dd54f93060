// GET /api/user/availableCoupon?cart=1: the coupons (or vouchers) the company's current cart can
// use — the coupon centre's 可用于当前购物车 filter. The cart's selected lines are priced exactly as
// the checkout preview prices them (quoteCheckout: the same coupon base, scope and savings), and
// the usable ones come back best first. A cart that cannot be checked out as it stands (a line
// sold out, a combination ended) answers the checkout's own refusal, so the buyer learns why.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartLines } from '../../db/schema.ts';
import type { CompanyCoupon } from '@domain/orders.ts';
import { loadOrderingCompany } from '../checkout/company.ts';
import { quoteCheckout } from '../checkout/quote.ts';

export async function cartUsableCoupons(
  db: Db,
  companyId: number,
  kind: 'coupon' | 'voucher',
  now: Date,
): Promise<CompanyCoupon[]> {
  const selected = await db
    .select({ id: cartLines.id })
    .from(cartLines)
    .where(and(eq(cartLines.companyId, companyId), eq(cartLines.isSelected, true)))
    .orderBy(asc(cartLines.id));
  if (selected.length === 0) return [];
  const company = await loadOrderingCompany(db, companyId, now);
  const quote = await quoteCheckout(
    db,
    company,
    { lineIds: selected.map((l) => l.id), couponId: null, voucherId: null, useBalance: false },
    now,
  );
  // sortForPicker already put the usable ones first, the largest saving first.
  return (kind === 'coupon' ? quote.coupons : quote.vouchers).filter((c) => c.usable === true);
}
