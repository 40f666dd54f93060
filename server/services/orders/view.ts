// Orders as the order centre shows them (OrderSummary, OrderDetail in src/domain/orders.ts):
// amounts, what the buyer may do now (`can`), and the detail's lines, payments, history,
// logistics, 含麻黄碱 receipt and after-sales. Times are Unix seconds.
import { asc, eq, sql } from 'drizzle-orm';
import { GIFT_LINE_TYPE } from '@domain/gifts.ts';
import { EXCHANGE_LINE_TYPE } from '@domain/exchange.ts';
import { DRAW_PRIZE_LINE_TYPE } from '@domain/lucky-draw.ts';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { canRequestAfterSale } from '@domain/orders-after-sale.ts';
import {
  afterSales,
  companies,
  invoices,
  orderLines,
  orderStatusHistory,
  payments,
  shipments,
} from '../../db/schema.ts';
import {
  ORDER_STATUS_TEXT,
  type AfterSaleKind,
  type AfterSaleStatus,
  type EphedrineReceipt,
  type InvoiceRequest,
  type OrderDetail,
  type OrderStatus,
  type OrderSummary,
  type PayMethod,
} from '@domain/orders.ts';
import { maskIdCard } from '@domain/id-card.ts';
import { anyId } from '../cart/packed.ts';
import { rowsOf } from '../goods/search.ts';
import type { OrderRow } from './access.ts';
import { isUnpaid, seconds } from './status.ts';
import { codesByLine } from './trace-codes.ts';

/** Lines shown on a list row. */
export const SUMMARY_LINES = 4;

const KNOWN_STATUSES = Object.keys(ORDER_STATUS_TEXT) as OrderStatus[];
const asStatus = (s: string): OrderStatus =>
  KNOWN_STATUSES.includes(s as OrderStatus) ? (s as OrderStatus) : 'pending_payment';
const PAY_METHODS: readonly PayMethod[] = ['balance', 'transfer', 'sandbox', 'alipay'];
const asPayMethod = (s: string | null): PayMethod | null =>
  s && (PAY_METHODS as readonly string[]).includes(s) ? (s as PayMethod) : null;

export interface SummaryExtras {
  lines: OrderSummary['lines'];
  lineCount: number;
  invoiced: boolean;
  /** The company may open after-sales (companies.is_after_sale). */
  afterSaleAllowed: boolean;
}

export function orderSummary(o: OrderRow, x: SummaryExtras, now: Date): OrderSummary {
  const status = asStatus(o.status);
  const normal = o.kind === 'normal';
  const unpaid = isUnpaid(status);
  const live = unpaid && (o.expiresAt === null || o.expiresAt.getTime() > now.getTime());
  return {
    id: o.id,
    order_no: o.orderNo,
    status,
    kind: o.kind,
    created_at: seconds(o.createdAt),
    pay_amount: o.payAmount,
    goods_amount: o.goodsAmount,
    points_used: o.pointsUsed,
    line_count: x.lineCount,
    lines: x.lines,
    expires_in: unpaid && o.expiresAt ? Math.max(0, Math.floor((o.expiresAt.getTime() - now.getTime()) / 1000)) : null,
    has_ephedrine: o.hasEphedrine ? 1 : 0,
    can: {
      pay: normal && live,
      cancel: normal && unpaid,
      confirm: normal && status === 'shipped',
      rebuy: normal,
      // The same rules POST /order/{id}/after_sale and POST /invoice enforce (30-day window after
      // completion; invoices for completed orders only), so the page never offers a refused action.
      after_sale:
        normal && x.afterSaleAllowed && canRequestAfterSale(status, o.completedAt?.getTime() ?? null, now.getTime()),
      invoice: normal && !x.invoiced && status === 'completed',
    },
  };
}

/** First lines and line counts of many orders: one statement. */
export async function summaryLines(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, { lines: OrderSummary['lines']; count: number }>> {
  const out = new Map<number, { lines: OrderSummary['lines']; count: number }>();
  if (orderIds.length === 0) return out;
  const res = await db.execute(sql`
    SELECT order_id AS "orderId", goods_id AS "goodsId", name, image, number, n::int AS n
    FROM (
      SELECT ol.*, row_number() OVER (PARTITION BY ol.order_id ORDER BY ol.id) AS rn, count(*) OVER (PARTITION BY ol.order_id) AS n
      FROM order_lines ol WHERE ${anyId(sql.raw('ol.order_id'), orderIds)}
    ) x
    WHERE rn <= ${SUMMARY_LINES}
    ORDER BY order_id, rn`);
  for (const r of rowsOf<{ orderId: number; goodsId: number; name: string; image: string; number: number; n: number }>(
    res,
  )) {
    let e = out.get(r.orderId);
    if (!e) out.set(r.orderId, (e = { lines: [], count: r.n }));
    e.lines.push({ goods_id: r.goodsId, name: r.name, goods_image: r.image, number: r.number });
  }
  return out;
}

/** Orders among `orderIds` that already have an invoice request. */
export async function invoicedOrders(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.select({ orderId: invoices.orderId }).from(invoices).where(anyId(invoices.orderId, orderIds));
  return new Set(rows.map((r) => r.orderId));
}

export async function afterSaleAllowed(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ v: companies.isAfterSale })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.v ?? false;
}

const receiptSchema = z.object({ buyer_name: z.string(), id_card: z.string(), phone: z.string() });

/** The stored receipt as answered: the ID number masked. */
export function receiptView(raw: unknown): EphedrineReceipt | null {
  const r = receiptSchema.safeParse(raw);
  if (!r.success) return null;
  return { buyer_name: r.data.buyer_name, id_card: maskIdCard(r.data.id_card), phone: r.data.phone };
}

const invoiceSchema = z.object({
  kind: z.enum(['normal', 'special']),
  title: z.string(),
  tax_no: z.string().catch(''),
  email: z.string().catch(''),
});
const addressSchema = z.object({
  consignee: z.string().catch(''),
  phone: z.string().catch(''),
  province: z.string().catch(''),
  city: z.string().catch(''),
  district: z.string().catch(''),
  detail: z.string().catch(''),
});
const eventsSchema = z.array(z.object({ time: z.string(), text: z.string() })).catch([]);

export async function orderDetail(db: Db, o: OrderRow, now: Date): Promise<OrderDetail> {
  const [lines, history, pays, ships, sales, invoiced, allowed, codes] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, o.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select().from(payments).where(eq(payments.orderId, o.id)).orderBy(asc(payments.id)),
    db.select().from(shipments).where(eq(shipments.orderId, o.id)).orderBy(asc(shipments.id)),
    db
      .select({ id: afterSales.id, kind: afterSales.kind, status: afterSales.status })
      .from(afterSales)
      .where(eq(afterSales.orderId, o.id))
      .orderBy(asc(afterSales.id)),
    invoicedOrders(db, [o.id]),
    afterSaleAllowed(db, o.companyId),
    codesByLine(db, o.id),
  ]);
  const summary = orderSummary(
    o,
    {
      lines: lines
        .slice(0, SUMMARY_LINES)
        .map((l) => ({ goods_id: l.goodsId, name: l.name, goods_image: l.image, number: l.number })),
      lineCount: lines.length,
      invoiced: invoiced.has(o.id),
      afterSaleAllowed: allowed,
    },
    now,
  );
  const inv = invoiceSchema.safeParse(o.invoice);
  const invoice: InvoiceRequest | null = inv.success ? inv.data : null;
  return {
    ...summary,
    lines: lines.map((l) => ({
      id: l.id,
      goods_id: l.goodsId,
      name: l.name,
      sccj: l.sccj,
      ypgg: l.ypgg,
      bzdw: l.bzdw,
      goods_image: l.image,
      batch_no: l.batchNo,
      expires_on: l.expiresOn ?? '',
      number: l.number,
      price: l.price,
      amount: l.amount,
      returned_number: l.returnedNumber,
      is_gift: l.type === GIFT_LINE_TYPE ? 1 : 0,
      is_exchange: l.type === EXCHANGE_LINE_TYPE ? 1 : 0,
      is_prize: l.type === DRAW_PRIZE_LINE_TYPE ? 1 : 0,
      trace_codes: codes.get(l.id) ?? [],
    })),
    amounts: {
      goods_amount: o.goodsAmount,
      manjian_amount: o.manjianAmount,
      coupon_amount: o.couponAmount,
      voucher_amount: o.voucherAmount,
      shipping_amount: o.shippingAmount,
      balance_amount: o.balanceAmount,
      pay_amount: o.payAmount,
      paid_amount: o.paidAmount,
      points_used: o.pointsUsed,
    },
    address: addressSchema
      .catch({ consignee: '', phone: '', province: '', city: '', district: '', detail: '' })
      .parse(o.address),
    invoice,
    remark: o.remark,
    pay_method: asPayMethod(o.payMethod),
    payments: pays.map((p) => ({
      id: p.id,
      method: asPayMethod(p.method) ?? 'balance',
      amount: p.amount,
      status: p.status,
      created_at: seconds(p.createdAt),
    })),
    history: history.map((h) => ({
      time: seconds(h.createdAt),
      status: asStatus(h.toStatus),
      text: h.note || ORDER_STATUS_TEXT[asStatus(h.toStatus)],
    })),
    logistics: ships.map((s) => ({
      carrier: s.carrier,
      tracking_no: s.trackingNo,
      events: eventsSchema.parse(s.events).map((e) => ({ time: seconds(new Date(e.time)), text: e.text })),
    })),
    ephedrine_receipt: receiptView(o.ephedrineReceipt),
    after_sales: sales.map((s) => ({ id: s.id, kind: s.kind as AfterSaleKind, status: s.status as AfterSaleStatus })),
  };
}
