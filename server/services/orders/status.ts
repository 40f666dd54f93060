// Order statuses as the server moves them (OrderStatus in src/domain/orders.ts), the history row
// every move writes, and the payment window. Every move is a conditional UPDATE
// (`… WHERE id = ? AND status IN (…)`): when two requests race, exactly one finds the status it
// expects and the other changes nothing.
import type { Db } from '../../db/client.ts';
import { orderStatusHistory } from '../../db/schema.ts';
import type { AppConfig } from '../../deps.ts';
import type { OrderStatus } from '@domain/orders.ts';

/** Not paid yet: may be paid, cancelled, or expire. */
export const UNPAID_STATUSES = ['pending_payment', 'awaiting_transfer'] as const satisfies readonly OrderStatus[];
/** Paid (and not undone): counts for shipping, may be invoiced. */
export const PAID_STATUSES = ['paid', 'shipped', 'completed', 'after_sale'] as const satisfies readonly OrderStatus[];

export const DEFAULT_PAYMENT_TTL_MINUTES = 30;
/**
 * A 对公转账 needs bank days, so choosing it gives the order a day from then (the cart's
 * shipping_data assumes an order is paid within two days of its creation).
 */
export const TRANSFER_TTL_MS = 24 * 3_600_000;

export function paymentTtlMs(config: Pick<AppConfig, 'orderPaymentTtlMinutes'>): number {
  const m = config.orderPaymentTtlMinutes;
  return (m !== undefined && Number.isFinite(m) && m > 0 ? m : DEFAULT_PAYMENT_TTL_MINUTES) * 60_000;
}

export const isUnpaid = (s: string): boolean => (UNPAID_STATUSES as readonly string[]).includes(s);
export const isPaidLike = (s: string): boolean => (PAID_STATUSES as readonly string[]).includes(s);

/** Unix seconds (the API's time unit, SPEC §9). */
export const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export interface HistoryEntry {
  orderId: number;
  from: OrderStatus | null;
  to: OrderStatus;
  note: string;
  actor: 'buyer' | 'system' | 'finance' | 'warehouse' | 'erp';
  at: Date;
}

export async function addHistory(tx: Db, entries: readonly HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(orderStatusHistory).values(
    entries.map((e) => ({
      orderId: e.orderId,
      fromStatus: e.from,
      toStatus: e.to,
      note: e.note,
      actor: e.actor,
      createdAt: e.at,
    })),
  );
}
