// Wire types and rules of the console's wallet work (docs/api.md "Admin — wallet", docs/decisions/
// console-wallet.md): balance adjustments with a reason, coupon and cash-voucher grants, and the
// company page's wallet section. Money is integer fen; times milliseconds since the epoch.
import type { CouponKind } from './wallet.ts';

export const ADJUST_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustDirection = (typeof ADJUST_DIRECTIONS)[number];
export const ADJUST_DIRECTION_TEXT: Record<AdjustDirection, string> = { credit: '增加余额', debit: '扣减余额' };

/** One adjustment moves at most ¥1,000,000. */
export const ADJUST_AMOUNT_MAX = 100_000_000;
export const ADJUST_REASON_MIN = 2;
export const ADJUST_REASON_MAX = 100;
/** How many companies one grant reaches. */
export const GRANT_COMPANIES_MAX = 200;
/** A granted cash voucher: ¥1 to ¥10,000, valid 1–365 days. */
export const VOUCHER_AMOUNT_MAX = 1_000_000;
export const VOUCHER_DAYS_MAX = 365;

/** The request id the console sends with an action a double click must not repeat. */
export const REQUEST_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

export const DEBIT_BEYOND_BALANCE = '扣减金额不能超过当前余额';

/** The one rule of an adjustment: a debit never takes the balance below zero. */
export function balanceAfterAdjust(balance: number, direction: AdjustDirection, amount: number): number | null {
  const after = direction === 'credit' ? balance + amount : balance - amount;
  return after < 0 ? null : after;
}

/** Yuan typed in a form ("12", "12.5", "12.50") as fen, or null when it is not such a number. */
export function yuanInputToFen(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export interface AdminLedgerRow {
  id: number;
  /** Signed fen. */
  amount: number;
  balance_after: number;
  use_type: string;
  remark: string;
  order_id: number | null;
  created_at: number;
}

export interface AdminHeldCoupon {
  id: number;
  kind: CouponKind;
  name: string;
  amount: number;
  threshold: number;
  /** unused (and not expired), used, expired — read with the clock. */
  state: 'unused' | 'used' | 'expired';
  received_at: number;
  expires_at: number;
}

/** GET /api/admin/companies/{id}/wallet */
export interface AdminWalletView {
  company_id: number;
  balance: number;
  points: number;
  /** The last balance ledger rows, newest first. */
  ledger: AdminLedgerRow[];
  coupons: AdminHeldCoupon[];
}

/** POST /api/admin/companies/{id}/wallet/adjust */
export interface AdjustResult {
  ledger_id: number;
  balance: number;
  /** True when this request id had already been applied: nothing changed this time. */
  replayed: boolean;
}

/** A template an operator can grant (GET /api/admin/wallet/templates). */
export interface GrantableTemplate {
  id: number;
  kind: CouponKind;
  name: string;
  amount: number;
  threshold: number;
  valid_days: number;
  /** 0 = unlimited. */
  total: number;
  issued: number;
}

/** POST /api/admin/wallet/grants */
export interface GrantResult {
  template_id: number;
  company_ids: number[];
  replayed: boolean;
}

// ---- store relations (多门店) ---------------------------------------------------------------

export interface StoreRelationCompany {
  id: number;
  name: string;
  review_status: string;
}

/** GET /api/admin/companies/{id}/stores: the head office above this company, the stores below. */
export interface StoreRelations {
  company_id: number;
  head: StoreRelationCompany | null;
  stores: StoreRelationCompany[];
}

export const STORE_LINK_SELF = '不能把企业设为自己的总部';
export const STORE_LINK_HAS_HEAD = '该企业已是其他总部的门店，请先解除原关系';
export const STORE_LINK_CYCLE = '不能形成循环的门店关系：所选总部是该企业的下属门店';
export const STORE_LINK_HEAD_IS_STORE = '所选总部本身是门店，只支持一级门店';
export const STORE_LINK_HAS_STORES = '该企业下已有门店，不能再作为门店';
export const STORE_NO_HEAD = '该企业不是任何总部的门店';
