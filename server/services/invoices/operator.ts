// Finance's invoice work in the console (issue 18): the requests waiting (special VAT invoices wait
// for a person; ordinary ones are issued at request), issuing one (number + the invoice PDF,
// requests.ts `issue`) or rejecting it with a reason the buyer reads in 我的消息. A request moves
// once: issuing or rejecting a request that is no longer 'requested' is a 409 and changes nothing.
// Each move writes its audit row and the buyer's message in its own transaction.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, invoices, orders } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/envelope.ts';
import { notifyCompany } from '../messages/notify.ts';
import { writeAudit, type Actor } from '../admin/audit.ts';
import { INVOICE_NOT_FOUND, issue, toView, withOrderNo } from './requests.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminInvoiceRow } from '@domain/admin-orders.ts';
import type { Invoice } from '@domain/orders.ts';
import { pageOf, rowsBefore } from '../../db/paging.ts';
import { escapeLike } from '../../db/like.ts';

export const INVOICE_DECIDED = '该发票申请已处理';
const KIND_TEXT: Record<Invoice['kind'], string> = { normal: '普通发票', special: '增值税专用发票' };

export interface InvoiceQuery {
  status?: Invoice['status'];
  kind?: Invoice['kind'];
  q?: string;
  page: number;
  size: number;
}

export async function searchInvoices(db: Db, query: InvoiceQuery): Promise<Paged<AdminInvoiceRow>> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(invoices.status, query.status));
  if (query.kind) where.push(eq(invoices.kind, query.kind));
  if (query.q) {
    const p = `%${escapeLike(query.q)}%`;
    const text = or(ilike(orders.orderNo, p), ilike(companies.name, p), ilike(invoices.title, p));
    if (text) where.push(text);
  }
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await db
    .select({ total: count() })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(cond);
  const rows = await db
    .select({ ...withOrderNo, companyName: companies.name })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(cond)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(query.size)
    .offset(rowsBefore(query));
  return pageOf(
    query,
    total,
    rows.map((r) => ({
      ...toView(r),
      company_id: r.companyId,
      company_name: r.companyName,
      reject_reason: r.rejectReason,
    })),
  );
}

async function lockRequested(tx: Db, id: number) {
  const [inv] = await tx
    .select({
      id: invoices.id,
      status: invoices.status,
      companyId: invoices.companyId,
      kind: invoices.kind,
      orderId: invoices.orderId,
    })
    .from(invoices)
    .where(eq(invoices.id, id))
    .for('update');
  if (!inv) throw notFound(INVOICE_NOT_FOUND);
  if (inv.status !== 'requested') throw new AppError(409, 409, INVOICE_DECIDED);
  const [order] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, inv.orderId));
  return { ...inv, orderNo: order.orderNo };
}

export async function issueRequestedInvoice(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const inv = await lockRequested(tx, id);
    await issue(tx, id, now);
    const [done] = await tx
      .select({ invoiceNo: invoices.invoiceNo, amount: invoices.amount })
      .from(invoices)
      .where(eq(invoices.id, id));
    await notifyCompany(
      tx,
      inv.companyId,
      {
        kind: 'order',
        title: '发票已开具',
        body: `订单${inv.orderNo}的${KIND_TEXT[inv.kind]}已开具，发票号码${done.invoiceNo}，可在电子发票中下载。`,
        link: '/dzfp',
      },
      now,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'invoice.issue',
        targetType: 'invoice',
        targetId: id,
        before: { status: 'requested' },
        after: { status: 'issued', invoice_no: done.invoiceNo, amount: done.amount },
      },
      now,
    );
  });
}

export async function rejectInvoice(db: Db, actor: Actor, id: number, reason: string, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const inv = await lockRequested(tx, id);
    await tx.update(invoices).set({ status: 'rejected', rejectReason: reason }).where(eq(invoices.id, id));
    await notifyCompany(
      tx,
      inv.companyId,
      {
        kind: 'order',
        title: '发票申请未通过',
        body: `订单${inv.orderNo}的${KIND_TEXT[inv.kind]}申请未通过，原因：${reason}。`,
        link: '/dzfp',
      },
      now,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'invoice.reject',
        targetType: 'invoice',
        targetId: id,
        before: { status: 'requested' },
        after: { status: 'rejected', reason },
      },
      now,
    );
  });
}
