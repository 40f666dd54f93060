// E-invoices (电子发票, /dzfp): one per completed order. Demo issuing: an ordinary invoice is
// issued at once (number, PDF stored in invoices.pdf); a special (增值税专用) invoice waits for an
// operator (finance in the console: server/services/invoices/operator.ts issues or rejects it). Nothing is e-mailed:
// there is no mail gateway; the buyer downloads the PDF.
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { afterSales, invoices, orderLines, orders, siteConfig } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/envelope.ts';
import { assertOwns } from '../../auth/session.ts';
import type { Invoice } from '@domain/orders.ts';
import type { Page } from '@domain/envelope.ts';
import type { InvoiceFields } from '@domain/invoice-input.ts';
import { renderInvoicePdf, type InvoicePdfData } from './pdf.ts';

export const INVOICE_NOT_FOUND = '发票不存在';
export const INVOICE_EXISTS = '该订单已申请发票';
export const INVOICE_NOTE = '本发票为演示系统生成';

const INVOICE_TITLE: Record<Invoice['kind'], string> = {
  normal: '电子发票（普通发票）',
  special: '电子发票（增值税专用发票）',
};

/** Our company as the seller; site_config `invoice_seller` may override any field. */
export const DEFAULT_SELLER = {
  name: '广州康源医药有限公司',
  tax_no: '91440101MA5KY0Y2XD',
  address: '广州市白云区太和镇广州仓储物流园A区3栋',
};

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);
export const invoicePdfUrl = (id: number): string => `/api/invoice/${id}/pdf`;

export type InvoiceRow = Omit<typeof invoices.$inferSelect, 'pdf'> & { orderNo: string };

const { pdf: _pdf, ...listColumns } = getTableColumns(invoices);
export const withOrderNo = { ...listColumns, orderNo: orders.orderNo };

export function toView(r: InvoiceRow): Invoice {
  return {
    id: r.id,
    order_id: r.orderId,
    order_no: r.orderNo,
    kind: r.kind,
    title: r.title,
    tax_no: r.taxNo,
    email: r.email,
    amount: r.amount,
    status: r.status as Invoice['status'],
    invoice_no: r.invoiceNo,
    issued_at: r.issuedAt ? seconds(r.issuedAt) : null,
    created_at: seconds(r.createdAt),
    pdf_url: r.status === 'issued' ? invoicePdfUrl(r.id) : null,
  };
}

export async function listInvoices(
  db: Db,
  companyIds: readonly number[],
  page: number,
  pageSize: number,
): Promise<Page<Invoice>> {
  const where = inArray(invoices.companyId, [...companyIds]);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(withOrderNo)
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { list: rows.map(toView), total: n, page, page_size: pageSize };
}

export async function getInvoice(db: Db, companyIds: readonly number[] | null, id: number): Promise<Invoice> {
  const [row] = await db
    .select(withOrderNo)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id))
    .limit(1);
  if (companyIds !== null) assertOwns(companyIds, row?.companyId, INVOICE_NOT_FOUND);
  else if (!row) throw notFound(INVOICE_NOT_FOUND);
  return toView(row);
}

/** What the order finally cost: goods less discounts plus shipping, less refunds already made. */
function orderTotals(order: typeof orders.$inferSelect, refunded: number) {
  const discount = order.manjianAmount + order.couponAmount + order.voucherAmount;
  const adjustments: { name: string; amount: number }[] = [];
  if (order.shippingAmount > 0) adjustments.push({ name: '运费', amount: order.shippingAmount });
  if (discount > 0) adjustments.push({ name: '优惠折扣', amount: -discount });
  if (refunded > 0) adjustments.push({ name: '售后退款', amount: -refunded });
  const total = order.goodsAmount + adjustments.reduce((s, a) => s + a.amount, 0);
  return { adjustments, total: Math.max(0, total) };
}

async function refundedAmount(db: Db, orderId: number): Promise<number> {
  const [{ sum }] = await db
    .select({ sum: sql<number>`coalesce(sum(${afterSales.amount}), 0)::int` })
    .from(afterSales)
    .where(and(eq(afterSales.orderId, orderId), eq(afterSales.status, 'refunded')));
  return Number(sum);
}

async function sellerInfo(db: Db) {
  const rows = await db
    .select({ key: siteConfig.key, value: siteConfig.value })
    .from(siteConfig)
    .where(inArray(siteConfig.key, ['invoice_seller', 'licences']));
  const byKey = new Map(rows.map((r) => [r.key, r.value as Record<string, unknown> | null]));
  const override = byKey.get('invoice_seller') ?? {};
  const licences = byKey.get('licences') ?? {};
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);
  return {
    name: str(override.name, DEFAULT_SELLER.name),
    taxNo: str(override.tax_no, DEFAULT_SELLER.tax_no),
    address: str(override.address, DEFAULT_SELLER.address),
    licence: str(licences.drug_trading, '—'),
  };
}

/** 20 digits like a 数电发票 number: 2-digit year, 44 (广东), the invoice id zero-padded. */
export function invoiceNumber(id: number, issuedAt: Date): string {
  const year = new Date(issuedAt.getTime() + 8 * 3600_000).getUTCFullYear() % 100;
  return `${String(year).padStart(2, '0')}44${String(id).padStart(16, '0')}`;
}

/** Builds the PDF of an invoice row and marks it issued. Call inside a transaction. */
export async function issue(db: Db, id: number, now: Date): Promise<void> {
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!inv) throw notFound(INVOICE_NOT_FOUND);
  if (inv.status === 'issued') return;
  if (inv.status !== 'requested') throw badRequest('该发票申请已被驳回');
  const [order] = await db.select().from(orders).where(eq(orders.id, inv.orderId));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, inv.orderId)).orderBy(orderLines.id);
  const { adjustments, total } = orderTotals(order, await refundedAmount(db, order.id));
  const invoiceNo = invoiceNumber(inv.id, now);
  const data: InvoicePdfData = {
    title: INVOICE_TITLE[inv.kind],
    invoiceNo,
    issuedAt: now,
    orderNo: order.orderNo,
    buyer: { name: inv.title, taxNo: inv.taxNo },
    seller: await sellerInfo(db),
    lines: lines.map((l) => ({
      name: l.name,
      spec: l.ypgg,
      unit: l.bzdw,
      number: l.number,
      price: l.price,
      amount: l.amount,
    })),
    adjustments,
    total,
    note: INVOICE_NOTE,
  };
  await db
    .update(invoices)
    .set({ status: 'issued', invoiceNo, amount: total, issuedAt: now, pdf: await renderInvoicePdf(data) })
    .where(eq(invoices.id, id));
}

/** Requests an invoice for a completed order; ordinary invoices are issued at once. Returns the id. */
export async function requestInvoice(
  db: Db,
  companyIds: readonly number[],
  orderId: number,
  fields: InvoiceFields,
  now: Date,
): Promise<number> {
  try {
    return await withTx(db, async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      assertOwns(companyIds, order?.companyId, '订单不存在');
      const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id));
      if (existing) throw new AppError(409, 409, INVOICE_EXISTS);
      if (order.kind !== 'normal') throw badRequest('积分商城订单不支持开具发票');
      if (order.status !== 'completed') throw badRequest('订单完成后才能申请发票');
      const { total } = orderTotals(order, await refundedAmount(tx, order.id));
      const [row] = await tx
        .insert(invoices)
        .values({
          orderId: order.id,
          companyId: order.companyId,
          kind: fields.kind,
          title: fields.title,
          taxNo: fields.tax_no,
          email: fields.email,
          amount: total,
          status: 'requested',
          createdAt: now,
        })
        .returning({ id: invoices.id });
      if (fields.kind === 'normal') await issue(tx, row.id, now);
      return row.id;
    });
  } catch (err) {
    // Two requests at once: the unique index on order_id refuses the second.
    if (isUniqueViolation(err)) throw new AppError(409, 409, INVOICE_EXISTS);
    throw err;
  }
}

/** The stored PDF of an issued invoice of `companyIds`. */
export async function invoicePdf(
  db: Db,
  companyIds: readonly number[],
  id: number,
): Promise<{ invoiceNo: string; pdf: Uint8Array }> {
  const [row] = await db
    .select({
      companyId: invoices.companyId,
      status: invoices.status,
      invoiceNo: invoices.invoiceNo,
      pdf: invoices.pdf,
    })
    .from(invoices)
    .where(eq(invoices.id, id))
    .limit(1);
  assertOwns(companyIds, row?.companyId, INVOICE_NOT_FOUND);
  if (row.status !== 'issued' || !row.pdf || !row.invoiceNo) throw badRequest('发票尚未开具，请稍后再试');
  return { invoiceNo: row.invoiceNo, pdf: row.pdf };
}
