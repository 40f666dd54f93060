// /api/points_mall (/jfsc, docs/api.md "Points mall"; the path is ours, SPEC §7 names none): the
// goods list (visitors too) and the exchange, which creates a points order (/jfdd) and a points
// ledger row (/jfgl). The exchange commits with its idempotency answer: a retried request never
// takes points twice.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { commitWithAnswer } from '../http/idempotency.ts';
import { readInput } from '../http/validate.ts';
import { requireCompany } from '../auth/session.ts';
import { listPointsMall } from '../services/points-mall/list.ts';
import { exchangeInput, exchangePointsGoods } from '../services/points-mall/exchange.ts';
import type { PointsExchangeResult, PointsMallView } from '@domain/points-mall.ts';

export const pointsMallRoutes = new Hono<AppEnv>();

pointsMallRoutes.get('/', async (c) => {
  const user = c.get('user');
  return ok<PointsMallView>(c, await listPointsMall(c.get('deps').db, user?.companyId ?? null));
});

pointsMallRoutes.post('/exchange', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, exchangeInput);
  const { db, clock } = c.get('deps');
  return commitWithAnswer<PointsExchangeResult>(c, db, '兑换成功', (tx) =>
    exchangePointsGoods(tx, { companyId: user.companyId, userId: user.userId, now: clock() }, input),
  );
});
