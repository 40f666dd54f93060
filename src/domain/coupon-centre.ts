// 领券中心 (/lqzx): the coupon templates a company may claim, and the claim rules the page and
// the server share. A template caps claims per company (per_company) and in total (total; 0 = no
// cap); the server counts both under a lock on the template row, so two claims at once never
// exceed either cap (docs/decisions/coupon-centre.md).

/** available: claim now; claimed: this company reached its cap; gone: the total is issued. */
export type CouponOfferState = 'available' | 'claimed' | 'gone';

export interface CouponOffer {
  id: number;
  name: string;
  /** Minimum amount (fen), 0 = 无门槛. */
  threshold: number;
  /** Amount off (fen), or the cap of a percent coupon. */
  amount: number;
  /** Percent paid (95 = 9.5折) for a discount coupon, else null. */
  discount_percent: number | null;
  scope_text: string;
  /** 0 = no total cap. */
  total: number;
  issued: number;
  per_company: number;
  /** How many of it this company holds (ever claimed); 0 for a visitor. */
  claimed: number;
  valid_days: number;
  /** Seconds: the last moment it can be claimed. */
  ends_at: number;
  state: CouponOfferState;
}

/** POST /api/activity/coupons/{id}/claim answer. */
export interface CouponClaimResult {
  /** company_coupons id of the new coupon. */
  coupon_id: number;
  /** Seconds. */
  expires_at: number;
  offer: CouponOffer;
}

export const CLAIM_MESSAGES = {
  claimed: '领取成功，已放入“我的优惠券”',
  notFound: '优惠券不存在或已结束领取',
  perCompany: '您已领取过该优惠券，每家门店限领',
  soldOut: '优惠券已领完',
} as const;

export function offerState(o: {
  total: number;
  issued: number;
  per_company: number;
  claimed: number;
}): CouponOfferState {
  if (o.per_company > 0 && o.claimed >= o.per_company) return 'claimed';
  if (o.total > 0 && o.issued >= o.total) return 'gone';
  return 'available';
}

/** Percent of the total already issued (0 when uncapped), for the progress bar. */
export function issuedPercent(o: { total: number; issued: number }): number {
  if (o.total <= 0) return 0;
  return Math.min(100, Math.floor((o.issued * 100) / o.total));
}
