// /api/invoice (/dzfp): a company's e-invoices, requesting one for a completed order, and the PDF.
// Rules live in server/services/invoices/requests.ts; the field rules in src/domain/invoice-input.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { companyScope, requireCompany } from '../auth/session.ts';
import { objectId, pageQuery } from '../http/params.ts';
import {
  INVOICE_NOT_FOUND,
  getInvoice,
  invoicePdf,
  listInvoices,
  requestInvoice,
} from '../services/invoices/requests.ts';
import { invoiceFieldsSchema } from '@domain/invoice-input.ts';
import { idSchema } from '@domain/validators.ts';

export const INVOICE_PAGE_SIZE = 10;

const createBody = z.intersection(z.object({ order_id: idSchema('请选择订单') }), invoiceFieldsSchema);

export const invoiceRoutes = new Hono<AppEnv>();

invoiceRoutes.get('/', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, pageQuery);
  const { db } = c.get('deps');
  const scope = await companyScope(db, user.companyId);
  return ok(c, await listInvoices(db, scope, q.page ?? 1, q.page_size ?? INVOICE_PAGE_SIZE));
});

invoiceRoutes.post('/', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, createBody);
  const { db, clock } = c.get('deps');
  const scope = await companyScope(db, user.companyId);
  const { order_id, ...fields } = input;
  const id = await requestInvoice(db, scope, order_id, fields, clock());
  const invoice = await getInvoice(db, scope, id);
  return ok(c, invoice, invoice.status === 'issued' ? '发票已开具' : '发票申请已提交');
});

invoiceRoutes.get('/:id/pdf', async (c) => {
  const user = requireCompany(c);
  const id = objectId(c.req.param('id'), INVOICE_NOT_FOUND);
  const { db } = c.get('deps');
  const { invoiceNo, pdf } = await invoicePdf(db, await companyScope(db, user.companyId), id);
  const name = `电子发票-${invoiceNo}.pdf`;
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.byteLength),
    // ASCII filename for old clients, the Chinese one (RFC 6266 / 5987) for the rest.
    'Content-Disposition': `attachment; filename="invoice-${invoiceNo}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
});
