// POST /api/cart/checkout with new=0: what the order would be, with no side effects — the lines
// at today's prices, the addresses, the coupons and vouchers with what each would save (the best
// preselected), the wallet and the amounts.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses } from '../../db/schema.ts';
import type { Address, CheckoutPreview } from '../../../src/domain/orders.ts';
import { assertMayOrder, loadOrderingCompany } from './company.ts';
import type { CheckoutInput } from './input.ts';
import { quoteCheckout } from './quote.ts';

const addressFields = {
  id: addresses.id,
  consignee: addresses.consignee,
  phone: addresses.phone,
  province: addresses.province,
  city: addresses.city,
  district: addresses.district,
  detail: addresses.detail,
  isDefault: addresses.isDefault,
};

type AddressRow = { [K in keyof typeof addressFields]: (typeof addressFields)[K]['_']['data'] };

export const toAddress = (r: AddressRow): Address => ({
  id: r.id,
  consignee: r.consignee,
  phone: r.phone,
  province: r.province,
  city: r.city,
  district: r.district,
  detail: r.detail,
  is_default: r.isDefault ? 1 : 0,
});

/** The company's addresses, the default first, then newest first (as GET /api/address). */
export async function loadAddresses(db: Db, companyId: number): Promise<Address[]> {
  const rows = await db
    .select(addressFields)
    .from(addresses)
    .where(eq(addresses.companyId, companyId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** One address of the company, or null (another company's id reads as missing). */
export async function loadAddress(db: Db, companyId: number, id: number): Promise<Address | null> {
  const [row] = await db
    .select(addressFields)
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
    .limit(1);
  return row ? toAddress(row) : null;
}

export async function previewCheckout(db: Db, companyId: number, input: CheckoutInput, now: Date): Promise<CheckoutPreview> {
  const company = await loadOrderingCompany(db, companyId);
  assertMayOrder(company);
  const [quote, list] = await Promise.all([
    quoteCheckout(db, company, { lineIds: input.lineIds, couponId: input.couponId, voucherId: input.voucherId, useBalance: input.useBalance }, now),
    loadAddresses(db, companyId),
  ]);
  return {
    lines: quote.lines,
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
