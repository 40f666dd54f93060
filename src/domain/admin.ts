// Wire types of the operator console's API (/api/admin, docs/api.md "Admin"). Times are
// milliseconds since the epoch, money integer fen, as in the shop's API.
import type { ScopeClass } from './business-scope.ts';
import type { OperatorRole } from './operator-roles.ts';
import type { MoneySettingsChange } from './admin-content.ts';

export interface Operator {
  id: number;
  username: string;
  name: string;
  role: OperatorRole;
  totp_enabled: boolean;
}

/**
 * GET /api/admin/me and a sign-in's operator. `totp_enrolment_required`: in production an operator
 * without a second factor signs in to a session that can only enrol one (我的账号) and sign out
 * (docs/decisions/money-settings.md); every other call answers 403 until the enrolment is done.
 */
export interface SignedInOperator extends Operator {
  totp_enrolment_required: boolean;
}

/** POST /api/admin/login: signed in, or the password was right and a TOTP code is needed next. */
export type AdminLoginAnswer =
  | { operator: SignedInOperator; totp_required: false }
  | { operator: null; totp_required: true };

/** The answer of any other console call from a session that must enrol its TOTP first (403). */
export const TOTP_ENROLMENT_REQUIRED_MSG = '请先在“我的账号”开启动态验证码，再使用运营后台';

export interface DashboardCounts {
  today: { orders: number; amount: number };
  /** Orders waiting on us or the buyer, per status (pending_payment, awaiting_transfer, paid, shipped, after_sale). */
  orders_waiting: Record<string, number>;
  registrations_pending: number;
  renewals_pending: number;
  transfers_to_confirm: number;
  after_sales_to_decide: number;
  low_stock: { threshold: number; count: number; goods: { id: number; name: string; sccj: string; stock: number }[] };
  /** The money settings changed lately (who, when, before/after), announced to every operator. */
  money_settings_changes: MoneySettingsChange[];
}

export type CompanyReviewStatus = 'draft' | 'pending' | 'approved' | 'rejected';

export interface CompanyRow {
  id: number;
  name: string;
  kind: string;
  review_status: CompanyReviewStatus;
  /** Qualification files waiting for review on an approved company (a renewal). */
  pending_files: number;
  rank: number;
  contact_name: string;
  contact_phone: string;
  city: string;
  created_at: number;
}

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export interface QualificationFileInfo {
  id: number;
  kind: string;
  file_name: string;
  mime: string;
  size: number;
  expires_on: string | null;
  status: 'pending' | 'approved' | 'rejected';
  /** Where the console opens the file (same origin, operator session). */
  url: string;
}

export interface StaffOption {
  id: number;
  name: string;
  phone: string;
}

export interface CompanyDetail {
  id: number;
  name: string;
  kind: string;
  parent_id: number | null;
  review_status: CompanyReviewStatus;
  review_note: string;
  rank: number;
  is_special: boolean;
  is_show_youx: boolean;
  is_can_chat: boolean;
  is_after_sale: boolean;
  account_manager_id: number | null;
  salesperson_id: number | null;
  business_scope: string[];
  credit_code: string;
  legal_person: string;
  contact_name: string;
  contact_phone: string;
  address: string;
  contract_signed: boolean;
  created_at: number;
  users: { id: number; username: string; name: string; phone: string }[];
  files: QualificationFileInfo[];
  account_managers: StaffOption[];
  salespeople: StaffOption[];
}

export interface CompanySettingsInput {
  rank: number;
  account_manager_id: number | null;
  salesperson_id: number | null;
  is_special: boolean;
  is_show_youx: boolean;
  is_can_chat: boolean;
  is_after_sale: boolean;
  business_scope: ScopeClass[];
}

export interface AuditEntry {
  id: number;
  staff_id: number;
  staff_name: string;
  action: string;
  target_type: string;
  target_id: number | null;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: number;
}

export const COMPANY_RANK_MIN = 1;
export const COMPANY_RANK_MAX = 5;
/** Goods on sale at or below this stock show on the dashboard's 库存预警. */
export const LOW_STOCK_THRESHOLD = 10;
export const REJECT_REASON_MAX = 200;

export interface TransferRow {
  order_id: number;
  order_no: string;
  company_id: number;
  company_name: string;
  /** What the transfer must bring in, fen. */
  amount: number;
  created_at: number;
  /** When the order is cancelled if no money is confirmed. */
  expires_at: number | null;
}

export interface TransferConfirmation {
  order_id: number;
  status: 'paid';
  amount: number;
  bank_reference: string;
  /** True when this exact confirmation had already been recorded (nothing changed). */
  replayed: boolean;
}

/** A bank's transaction reference (流水号): letters, digits and - _ /, 4–64 characters. */
export const BANK_REFERENCE_PATTERN = /^[A-Za-z0-9\-_/]{4,64}$/;

/** Audit actions, with the console's labels. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'operator.login': '登录',
  'company.approve': '审核通过',
  'company.reject': '审核驳回',
  'company.settings': '修改企业设置',
  'staff.totp_require': '要求动态验证码',
  'staff.totp_reset': '重置动态验证码',
  'order.confirm_transfer': '确认对公转账到账',
  'order.ship': '订单发货',
  'order.complete': '订单完成',
  'order.cancel_refund': '取消订单并退款',
  'after_sale.accept': '售后受理',
  'after_sale.receive': '确认收到退货',
  'after_sale.refund': '售后退款',
  'after_sale.close': '售后完成（换货/补发）',
  'after_sale.reject': '售后驳回',
  'invoice.issue': '开具发票',
  'invoice.reject': '驳回发票申请',
};

/** A 领券中心 coupon template in the console (GET /api/admin/coupons). Money in fen, times in seconds. */
export interface CouponTemplateRow {
  id: number;
  name: string;
  threshold: number;
  amount: number;
  discount_percent: number | null;
  total: number;
  issued: number;
  per_company: number;
  valid_days: number;
  starts_at: number;
  ends_at: number;
  claimable: boolean;
  /** scheduled (not started), running, ended (time up or stopped). */
  state: 'scheduled' | 'running' | 'ended';
}
