// /api/admin/invoices: invoice requests (filter by status and kind), issuing one, rejecting one.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { blank, objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { INVOICE_NOT_FOUND, getInvoice } from '../../services/invoices/requests.ts';
import { issueRequestedInvoice, rejectInvoice, searchInvoices } from '../../services/invoices/operator.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { reasonSchema } from './reason.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';

const listQuery = z.object({
  status: z.preprocess(blank, z.enum(['requested', 'issued', 'rejected'], { error: '发票状态无效' }).optional()),
  kind: z.preprocess(blank, z.enum(['normal', 'special'], { error: '发票类型无效' }).optional()),
  q: z.preprocess(blank, z.string({ error: '搜索词无效' }).trim().max(50, { error: '搜索词最多50个字' }).optional()),
  ...pageParams,
});

export const adminInvoiceRoutes = new Hono<AppEnv>();

adminInvoiceRoutes.get('/', allow(CONSOLE_ACCESS.invoices), async (c) => {
  const q = readQuery(c, listQuery);
  return ok(
    c,
    await searchInvoices(c.get('deps').db, {
      status: q.status,
      kind: q.kind,
      q: q.q,
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});

adminInvoiceRoutes.post('/:id/issue', allow(CONSOLE_ACCESS.invoices), async (c) => {
  const id = objectId(c.req.param('id'), INVOICE_NOT_FOUND);
  const { db, clock } = c.get('deps');
  await issueRequestedInvoice(db, actorOf(c), id, clock());
  return ok(c, await getInvoice(db, null, id), '发票已开具');
});

adminInvoiceRoutes.post('/:id/reject', allow(CONSOLE_ACCESS.invoices), async (c) => {
  const id = objectId(c.req.param('id'), INVOICE_NOT_FOUND);
  const { reason } = readInput(c, reasonSchema('驳回原因'));
  const { db, clock } = c.get('deps');
  await rejectInvoice(db, actorOf(c), id, reason, clock());
  return ok(c, await getInvoice(db, null, id), '已驳回');
});
