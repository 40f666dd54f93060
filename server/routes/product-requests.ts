// 品种求购 (/pzqg): POST /api/user/buy, GET /api/user/buy (page, page_size, status) and
// GET /api/user/buy/{id} (the request, and the listed goods when the buyer may see it).
// Mounted on /user beside userRoutes. Rules: src/domain/product-requests.ts; SQL:
// server/services/product-requests/requests.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { blank, objectId, pageParams } from '../http/params.ts';
import { companyScope, requireCompany } from '../auth/session.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { loadGoodsDetail } from '../services/goods/detail.ts';
import {
  PRODUCT_REQUEST_NOT_FOUND,
  createProductRequest,
  getProductRequest,
  listProductRequests,
} from '../services/product-requests/requests.ts';
import {
  PRODUCT_REQUEST_STATUSES,
  productRequestInput,
  type ProductRequestDetail,
  type ProductRequestStatus,
} from '@domain/product-requests.ts';

export const PRODUCT_REQUEST_PAGE_SIZE = 10;

const listQuery = z.object({
  ...pageParams,
  status: z.preprocess(
    blank,
    z
      .enum(PRODUCT_REQUEST_STATUSES as [ProductRequestStatus, ...ProductRequestStatus[]], { error: '状态无效' })
      .optional(),
  ),
});

export const productRequestRoutes = new Hono<AppEnv>();

productRequestRoutes.post('/buy', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, productRequestInput);
  const { db, clock } = c.get('deps');
  return ok(c, await createProductRequest(db, user.companyId, input, clock()), '求购信息已提交，我们会尽快处理');
});

productRequestRoutes.get('/buy', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, listQuery);
  const { db } = c.get('deps');
  const scope = await companyScope(db, user.companyId);
  return ok(c, await listProductRequests(db, scope, q.status, q.page ?? 1, q.page_size ?? PRODUCT_REQUEST_PAGE_SIZE));
});

productRequestRoutes.get('/buy/:id', async (c) => {
  const user = requireCompany(c);
  const id = objectId(c.req.param('id'), PRODUCT_REQUEST_NOT_FOUND);
  const { db } = c.get('deps');
  const request = await getProductRequest(db, await companyScope(db, user.companyId), id);
  // The listed goods under the buyer's own visibility (控销, prices): hidden goods are no link.
  const goods = request.goods_id === null ? null : await loadGoodsDetail(db, await viewerOf(c), request.goods_id);
  return ok<ProductRequestDetail>(c, { ...request, goods });
});
