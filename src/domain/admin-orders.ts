// Wire types and shared rules of the console's orders, after-sales and invoices (issue 18, part 2;
// docs/api.md "Admin"). Times are milliseconds since the epoch, money integer fen.
import type { AfterSaleKind, AfterSaleStatus, Invoice, OrderDetail, OrderStatus } from './orders.ts';

export const ORDER_STATUSES = [
  'pending_payment',
  'awaiting_transfer',
  'paid',
  'shipped',
  'completed',
  'cancelled',
  'after_sale',
] as const satisfies readonly OrderStatus[];

export interface AdminOrderRow {
  id: number;
  order_no: string;
  company_id: number;
  company_name: string;
  status: OrderStatus;
  /** What the buyer paid and owes: money + balance. */
  amount: number;
  pay_method: string | null;
  line_count: number;
  created_at: number;
}

/** A batch the warehouse may ship a line from (goods_batches of the line's goods). */
export interface ShippableBatch {
  batch_no: string;
  expires_on: string | null;
}

export interface AdminOrderDetail {
  order: OrderDetail;
  company: { id: number; name: string };
  /** Per order line id: the goods' batches, newest first. */
  batches: Record<string, ShippableBatch[]>;
}

export const CARRIER_MAX = 30;
/** Letters and digits (some carriers add a dash), 6–32 characters. */
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9-]{6,32}$/;
export const REASON_MAX = 200;

export interface ShipLineInput {
  order_line_id: number;
  batch_no: string;
  /** 药品追溯码 of the line's boxes (src/domain/trace-codes.ts): optional, at most one per unit. */
  trace_codes?: string[];
}

export interface AdminAfterSaleRow {
  id: number;
  order_id: number;
  order_no: string;
  company_id: number;
  company_name: string;
  kind: AfterSaleKind;
  reason: string;
  amount: number;
  status: AfterSaleStatus;
  created_at: number;
}

/** The operator's moves on an after-sale, and where each may start. */
export const AFTER_SALE_STEPS = ['accept', 'receive', 'refund', 'close', 'reject'] as const;
export type AfterSaleStep = (typeof AFTER_SALE_STEPS)[number];

/** The statuses a step moves from, per kind (empty: not for this kind). */
export function afterSaleStepFrom(step: AfterSaleStep, kind: AfterSaleKind): readonly AfterSaleStatus[] {
  switch (step) {
    case 'accept':
      return ['submitted'];
    case 'receive':
      return kind === 'return' ? ['approved'] : [];
    case 'refund':
      return kind === 'return' ? ['returning'] : kind === 'refund' ? ['approved'] : [];
    case 'close':
      return kind === 'exchange' || kind === 'reissue' ? ['approved'] : [];
    case 'reject':
      return ['submitted', 'approved', 'returning'];
  }
}

export const AFTER_SALE_STEP_TEXT: Record<AfterSaleStep, string> = {
  accept: '同意受理',
  receive: '确认收到退货',
  refund: '退款',
  close: '已发出换货/补发',
  reject: '驳回',
};

/** Where a refund goes: the wallet balance, or back the way it was paid (online part through its gateway). */
export type RefundRoute = 'balance' | 'original';

export interface AdminInvoiceRow extends Invoice {
  company_id: number;
  company_name: string;
  reject_reason: string;
}
