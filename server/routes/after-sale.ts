// After-sales (/order/returnInfo/:id, /order/afterSalesInfo/:id): POST /api/order/{id}/after_sale
// (orderAfterSaleRoutes, mounted at /order beside the order router), GET /api/after_sale and
// GET /api/after_sale/{id} (afterSaleRoutes), and the photos at GET /api/upload/{id} (uploadRoutes).
// Rules live in server/services/after-sales/requests.ts and src/domain/orders-after-sale.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { assertOwns, companyScope, requireCompany } from '../auth/session.ts';
import { objectId, pageQuery } from '../http/params.ts';
import {
  AFTER_SALE_NOT_FOUND,
  ORDER_NOT_FOUND,
  createAfterSale,
  getAfterSale,
  listAfterSales,
} from '../services/after-sales/requests.ts';
import { loadUpload } from '../services/after-sales/photos.ts';
import { AFTER_SALE_DESCRIPTION_MAX, AFTER_SALE_KINDS, AFTER_SALE_REASONS } from '@domain/orders-after-sale.ts';
import { optionalText } from '@domain/validators.ts';

export const AFTER_SALE_PAGE_SIZE = 10;
/** More lines than an order could have is a malformed request. */
const MAX_LINES = 500;

const PICK_LINES = '请选择售后商品';
const BAD_NUMBER = '售后数量须为正整数';

const createBody = z
  .object({
    kind: z.enum(AFTER_SALE_KINDS, { error: '请选择售后类型' }),
    reason: z.enum(AFTER_SALE_REASONS, { error: '请选择售后原因' }),
    description: optionalText(AFTER_SALE_DESCRIPTION_MAX, `问题描述最多${AFTER_SALE_DESCRIPTION_MAX}个字符`),
    lines: z
      .array(
        z.object({
          order_line_id: z.coerce
            .number({ error: PICK_LINES })
            .int({ error: PICK_LINES })
            .positive({ error: PICK_LINES }),
          number: z.coerce
            .number({ error: BAD_NUMBER })
            .int({ error: BAD_NUMBER })
            .positive({ error: BAD_NUMBER })
            .max(1_000_000, { error: BAD_NUMBER }),
        }),
        { error: PICK_LINES },
      )
      .min(1, { error: PICK_LINES })
      .max(MAX_LINES, { error: PICK_LINES }),
    photos: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.reason === '其他' && v.description === '') {
      ctx.addIssue({ code: 'custom', path: ['description'], message: '请填写问题描述' });
    }
  });

/** POST /api/order/{id}/after_sale (multipart with photos[], or form/JSON without). */
export const orderAfterSaleRoutes = new Hono<AppEnv>();

orderAfterSaleRoutes.post('/:id/after_sale', async (c) => {
  const user = requireCompany(c);
  const orderId = objectId(c.req.param('id'), ORDER_NOT_FOUND);
  const input = readInput(c, createBody);
  const { db, clock } = c.get('deps');
  const scope = await companyScope(db, user.companyId);
  const id = await createAfterSale(db, scope, orderId, input, clock());
  return ok(c, await getAfterSale(db, scope, id), '售后申请已提交');
});

export const afterSaleRoutes = new Hono<AppEnv>();

afterSaleRoutes.get('/', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, pageQuery);
  const { db } = c.get('deps');
  const scope = await companyScope(db, user.companyId);
  return ok(c, await listAfterSales(db, scope, q.page ?? 1, q.page_size ?? AFTER_SALE_PAGE_SIZE));
});

afterSaleRoutes.get('/:id', async (c) => {
  const user = requireCompany(c);
  const id = objectId(c.req.param('id'), AFTER_SALE_NOT_FOUND);
  const { db } = c.get('deps');
  return ok(c, await getAfterSale(db, await companyScope(db, user.companyId), id));
});

/** GET /api/upload/{id}: a stored photo, for the company that uploaded it (or its head office). */
export const uploadRoutes = new Hono<AppEnv>();

uploadRoutes.get('/:id', async (c) => {
  const user = requireCompany(c);
  const id = objectId(c.req.param('id'), '图片不存在');
  const { db } = c.get('deps');
  const file = await loadUpload(db, id);
  assertOwns(await companyScope(db, user.companyId), file?.companyId, '图片不存在');
  return c.body(new Uint8Array(file.content), 200, {
    'Content-Type': file.mime,
    'Content-Length': String(file.content.byteLength),
    // Private: another member of the same browser must not get it from a shared cache.
    'Cache-Control': 'private, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  });
});
