// The wallet's wire types and the rules the ledger filters share between the pages and the server
// (docs/api.md "Wallet"): balance and points ledgers (SPEC §3 money log: use_type, start_time,
// end_time, keywords), coupons and cash vouchers by state, and the member centre's card.
import type { Page } from './envelope';
import type { OrderTabKey } from './orders';

export type LedgerAccount = 'balance' | 'points';

/** The use_type values each ledger lists, with the text the buyer reads. Keys are wallet_ledger.use_type. */
export const BALANCE_USE_TYPES = {
  recharge: '充值',
  pay: '订单支付',
  refund: '退款',
  cashback: '满额返现',
  adjust: '余额调整',
} as const;

export const POINTS_USE_TYPES = {
  cashback: '订单赠送',
  exchange: '积分兑换',
  adjust: '积分调整',
  draw: '幸运抽奖',
} as const;

export type BalanceUseType = keyof typeof BALANCE_USE_TYPES;
export type PointsUseType = keyof typeof POINTS_USE_TYPES;

export const USE_TYPES: { balance: Readonly<Record<string, string>>; points: Readonly<Record<string, string>> } = {
  balance: BALANCE_USE_TYPES,
  points: POINTS_USE_TYPES,
};

export function isUseType(account: LedgerAccount, v: string): boolean {
  return Object.hasOwn(USE_TYPES[account], v);
}

/** A ledger's use_type as text; an unknown one (an older kind of entry) shows as itself. */
export function ledgerTypeText(account: LedgerAccount, v: string): string {
  return isUseType(account, v) ? USE_TYPES[account][v] : v;
}

export const LEDGER_KEYWORDS_MAX = 50;
export const USE_TYPE_INVALID = '收支类型无效';
export const START_DATE_INVALID = '开始日期格式应为YYYY-MM-DD';
export const END_DATE_INVALID = '结束日期格式应为YYYY-MM-DD';
export const DATE_ORDER_INVALID = '结束日期不能早于开始日期';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD. */
export function isLedgerDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === v;
}

/**
 * The one rule of a ledger's date range, the same on the filter form and in the API: each date
 * empty or a real day, and the end not before the start. Field → message, empty when fine.
 */
export function ledgerDateErrors(start: string, end: string): Partial<Record<'start_time' | 'end_time', string>> {
  const errors: Partial<Record<'start_time' | 'end_time', string>> = {};
  if (start !== '' && !isLedgerDate(start)) errors.start_time = START_DATE_INVALID;
  if (end !== '' && !isLedgerDate(end)) errors.end_time = END_DATE_INVALID;
  if (!errors.start_time && !errors.end_time && start !== '' && end !== '' && end < start)
    errors.end_time = DATE_ORDER_INVALID;
  return errors;
}

/** One wallet_ledger row as the ledger pages show it. */
export interface LedgerEntryView {
  id: number;
  use_type: string;
  use_type_text: string;
  /** Signed change: fen for the balance, points for points. */
  amount: number;
  /** The balance (fen) or points right after this entry. */
  balance_after: number;
  order_id: number | null;
  order_no: string | null;
  remark: string;
  /** Seconds. */
  created_at: number;
}

/** GET /api/user/user_money_log and GET /api/user/points_log. */
export interface LedgerPage extends Page<LedgerEntryView> {
  /** Sums over every entry the filters match (not only this page). */
  income: number;
  expense: number;
}

// ---- coupons and cash vouchers --------------------------------------------------------------

export type CouponKind = 'coupon' | 'voucher';
/** company_coupons.status: 0 可使用 (and not yet expired), 1 已使用, 2 已过期 (or past its date). */
export type CouponStatus = 0 | 1 | 2;

export const COUPON_STATUS_TEXT: Record<CouponStatus, string> = { 0: '可使用', 1: '已使用', 2: '已过期' };
export const COUPON_KIND_TEXT: Record<CouponKind, string> = { coupon: '优惠券', voucher: '现金券' };

/** Usable coupons expiring within this many days are flagged (member centre, coupon lists). */
export const EXPIRING_SOON_DAYS = 7;

/** One held coupon or voucher in the /yhq and /xjq lists. */
export interface HeldCouponView {
  id: number;
  kind: CouponKind;
  name: string;
  status: CouponStatus;
  /** Minimum amount (fen), 0 = 无门槛. */
  threshold: number;
  /** Amount off (fen); with discount_percent the cap (0 = none). */
  amount: number;
  /** e.g. 95 = 9.5折; null for an amount off. */
  discount_percent: number | null;
  /** What it applies to, in words (全场通用, 限中药饮片 …). */
  scope_text: string;
  /** Root categories it is limited to; empty = all goods. */
  scope_category_ids: number[];
  /** Seconds. */
  received_at: number;
  expires_at: number;
  used_at: number | null;
  used_order_id: number | null;
  /** Usable and expiring within EXPIRING_SOON_DAYS. */
  expiring_soon: boolean;
}

export interface CouponCountsOfKind {
  usable: number;
  used: number;
  expired: number;
  /** Of the usable ones, those expiring within EXPIRING_SOON_DAYS. */
  expiring_soon: number;
}

/** GET /api/user/couponNum. */
export interface CouponCounts {
  coupon: CouponCountsOfKind;
  voucher: CouponCountsOfKind;
}

// ---- member centre ---------------------------------------------------------------------------

export interface StaffContact {
  name: string;
  phone: string;
}

/** GET /api/user/member_card: the member centre (/user) in one answer. */
export interface MemberCard {
  user: { username: string; name: string };
  company: { name: string; rank: number; review_status: string; is_passed: 0 | 1 };
  account_manager: StaffContact | null;
  salesperson: StaffContact | null;
  /** Normal orders per order-list tab. */
  order_counts: Record<OrderTabKey, number>;
  wallet: { balance: number; points: number };
  coupons: CouponCounts;
  /** Usable coupons and vouchers expiring within EXPIRING_SOON_DAYS, soonest first (at most 5). */
  expiring: HeldCouponView[];
}
