// After-sales rules shared by the order pages (what to offer) and the server (what to accept), so
// both say the same thing. The shapes (AfterSale, AfterSaleKind, AfterSaleStatus) live in orders.ts.
import type { AfterSaleKind, AfterSaleStatus, OrderStatus } from './orders';

export const AFTER_SALE_KINDS = ['return', 'refund', 'exchange', 'reissue'] as const satisfies readonly AfterSaleKind[];

export const AFTER_SALE_KIND_TEXT: Record<AfterSaleKind, string> = {
  return: '退货退款',
  refund: '仅退款',
  exchange: '换货',
  reissue: '补发',
};

/** The reasons a buyer picks from; anything else is refused. */
export const AFTER_SALE_REASONS = ['质量问题', '发错货', '少发/漏发', '破损', '近效期', '其他'] as const;
export type AfterSaleReason = (typeof AFTER_SALE_REASONS)[number];

/** A completed order accepts after-sales for this many days after completion. */
export const AFTER_SALE_WINDOW_DAYS = 30;
export const AFTER_SALE_DESCRIPTION_MAX = 500;
export const AFTER_SALE_PHOTOS_MAX = 6;
export const AFTER_SALE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Still being handled: its units are reserved against further requests, the order shows 售后中. */
export const OPEN_AFTER_SALE_STATUSES = [
  'submitted',
  'approved',
  'returning',
] as const satisfies readonly AfterSaleStatus[];

export function isOpenAfterSale(status: AfterSaleStatus): boolean {
  return (OPEN_AFTER_SALE_STATUSES as readonly AfterSaleStatus[]).includes(status);
}

/** Kinds that give money back (the amount is Σ number × unit price). */
export function isRefundKind(kind: AfterSaleKind): boolean {
  return kind === 'return' || kind === 'refund';
}

/**
 * Whether an order in `status` may get a new after-sale request at `nowMs`. `completedAtMs` is the
 * completion time (null if never completed). An order already in `after_sale` is judged by the
 * status it had before (`statusBefore`), so several requests may run side by side.
 */
export function canRequestAfterSale(
  status: OrderStatus,
  completedAtMs: number | null,
  nowMs: number,
  statusBefore: OrderStatus | null = null,
): boolean {
  const effective = status === 'after_sale' ? statusBefore : status;
  if (effective === 'paid' || effective === 'shipped') return true;
  if (effective !== 'completed') return false;
  return completedAtMs !== null && nowMs - completedAtMs <= AFTER_SALE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
}
