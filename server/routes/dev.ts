// Development-only endpoints (mounted when config.devEndpoints, i.e. NODE_ENV !== 'production').
// There is no SMS gateway: the codes the API "sends" are read here by people and by tests.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { latestCodes } from '../services/phone-codes.ts';
import { notFound, ok } from '../http/envelope.ts';
import { messagesDevRoutes } from './dev-messages.ts';

export const devRoutes = new Hono<AppEnv>();

export const OUTBOX_SIZE = 50;

devRoutes.use('*', async (c, next) => {
  // Belt and braces: even if mounted by mistake, production answers as if the path did not exist.
  if (!c.get('deps').config.devEndpoints) throw notFound('接口不存在');
  await next();
});

devRoutes.get('/outbox', async (c) => ok(c, await latestCodes(c.get('deps').db, OUTBOX_SIZE)));

devRoutes.route('/', messagesDevRoutes);
