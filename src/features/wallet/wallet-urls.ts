// Links inside the wallet: each page's URL with its filters (only what differs from the defaults,
// so links stay short), and where a coupon can be spent.
import type { CouponKind, CouponStatus, HeldCouponView, LedgerAccount } from '../../domain/wallet';
import type { LedgerSearch } from './wallet-search-schema';

export const LEDGER_PATH: Record<LedgerAccount, string> = { balance: '/yegl', points: '/jfgl' };
export const COUPON_PATH: Record<CouponKind, string> = { coupon: '/yhq', voucher: '/xjq' };

export function ledgerHref(account: LedgerAccount, s: LedgerSearch): string {
  const p = new URLSearchParams();
  if (s.use_type !== '') p.set('use_type', s.use_type);
  if (s.start_time !== '') p.set('start_time', s.start_time);
  if (s.end_time !== '') p.set('end_time', s.end_time);
  if (s.keywords !== '') p.set('keywords', s.keywords);
  if (s.page > 1) p.set('page', String(s.page));
  const q = p.toString();
  return q === '' ? LEDGER_PATH[account] : `${LEDGER_PATH[account]}?${q}`;
}

export function couponHref(kind: CouponKind, status: CouponStatus, page = 1): string {
  const p = new URLSearchParams();
  if (status !== 0) p.set('status', String(status));
  if (page > 1) p.set('page', String(page));
  const q = p.toString();
  return q === '' ? COUPON_PATH[kind] : `${COUPON_PATH[kind]}?${q}`;
}

/** The goods a coupon applies to: its one category's list, else the whole list. */
export function couponGoodsHref(c: Pick<HeldCouponView, 'scope_category_ids'>): string {
  return c.scope_category_ids.length === 1 ? `/list?category_id=${c.scope_category_ids[0]}` : '/list';
}
