// Dev-only operator steps for after-sales and invoices (mounted under /api/dev by dev.ts, so only
// when config.devEndpoints): the back office does not exist yet, and demos and tests need to move
// a request along. POST /api/dev/after_sale/{id}/advance [reject=1], POST /api/dev/invoice/{id}/issue.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput } from '../http/validate.ts';
import { objectId } from '../http/params.ts';
import { AFTER_SALE_NOT_FOUND, advanceAfterSale, getAfterSale } from '../services/after-sales/requests.ts';
import { INVOICE_NOT_FOUND, getInvoice, issueInvoice } from '../services/invoices/requests.ts';
import { flagSchema } from '../../src/domain/validators.ts';


export const afterSalesDevRoutes = new Hono<AppEnv>();

afterSalesDevRoutes.post('/after_sale/:id/advance', async (c) => {
  const id = objectId(c.req.param('id'), AFTER_SALE_NOT_FOUND);
  const { reject } = readInput(c, z.object({ reject: flagSchema }));
  const { db, clock, config } = c.get('deps');
  await advanceAfterSale(db, config, id, clock(), reject === 1);
  return ok(c, await getAfterSale(db, null, id));
});

afterSalesDevRoutes.post('/invoice/:id/issue', async (c) => {
  const id = objectId(c.req.param('id'), INVOICE_NOT_FOUND);
  const { db, clock } = c.get('deps');
  await issueInvoice(db, id, clock());
  return ok(c, await getInvoice(db, null, id));
});
