// The orders list's URL state (?status=&company=&order_no=&start=&end=&page=): bookmarkable, and
// the dashboard links straight to a status. Anything unknown falls back to "no filter".
import { ORDER_STATUSES } from '@domain/admin-orders.ts';
import type { OrderStatus } from '@domain/orders.ts';

export interface OrderSearch {
  status?: OrderStatus;
  company?: string;
  order_no?: string;
  start?: string;
  end?: string;
  page: number;
}

const text = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : undefined;
const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export function parseOrderSearch(raw: Record<string, unknown>): OrderSearch {
  const n = Number(raw.page);
  return {
    status: ORDER_STATUSES.find((s) => s === raw.status),
    company: text(raw.company, 50),
    order_no: text(raw.order_no, 40),
    start: day(raw.start),
    end: day(raw.end),
    page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1,
  };
}
