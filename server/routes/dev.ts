// Development-only endpoints (mounted when config.devEndpoints, i.e. NODE_ENV !== 'production').
// There is no SMS gateway: the codes the API "sends" are read here by people and by tests.
import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import { phoneCodes } from '../db/schema.ts';
import { notFound, ok } from '../http/envelope.ts';
import { afterSalesDevRoutes } from './dev-aftersales.ts';

export const devRoutes = new Hono<AppEnv>();

export const OUTBOX_SIZE = 50;

devRoutes.use('*', async (c, next) => {
  // Belt and braces: even if mounted by mistake, production answers as if the path did not exist.
  if (!c.get('deps').config.devEndpoints) throw notFound('接口不存在');
  await next();
});

devRoutes.get('/outbox', async (c) => {
  const rows = await c
    .get('deps')
    .db.select({
      phone: phoneCodes.phone,
      purpose: phoneCodes.purpose,
      code: phoneCodes.code,
      created_at: phoneCodes.createdAt,
    })
    .from(phoneCodes)
    .orderBy(desc(phoneCodes.id))
    .limit(OUTBOX_SIZE);
  return ok(c, rows);
});

devRoutes.route('/', afterSalesDevRoutes);
