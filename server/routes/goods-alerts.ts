// 到货通知 / 降价提醒 (beyond SPEC, docs/api.md "Goods alerts"): GET /api/user/alerts (page,
// page_size, goods_id), POST /api/user/alerts (goods_id, kind, target_price in yuan),
// DELETE /api/user/alerts/{id}. Mounted on /user. Firing: server/services/goods-alerts/check.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { intParam, objectId, pageParams, ID_MAX } from '../http/params.ts';
import { requireCompany } from '../auth/session.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { deleteGoodsAlert, listGoodsAlerts, setGoodsAlert } from '../services/goods-alerts/alerts.ts';
import { GOODS_ALERT_MESSAGES, goodsAlertInput } from '@domain/goods-alerts.ts';

export const GOODS_ALERT_PAGE_SIZE = 20;

const listQuery = z.object({ ...pageParams, goods_id: intParam(GOODS_ALERT_MESSAGES.goods, 1, ID_MAX) });

export const goodsAlertRoutes = new Hono<AppEnv>();

goodsAlertRoutes.get('/alerts', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, listQuery);
  const { db } = c.get('deps');
  const viewer = { ...(await viewerOf(c)), companyId: user.companyId };
  return ok(c, await listGoodsAlerts(db, viewer, q.goods_id, q.page ?? 1, q.page_size ?? GOODS_ALERT_PAGE_SIZE));
});

goodsAlertRoutes.post('/alerts', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, goodsAlertInput);
  const { db, clock } = c.get('deps');
  const viewer = { ...(await viewerOf(c)), companyId: user.companyId };
  const alert = await setGoodsAlert(db, viewer, input, clock());
  return ok(
    c,
    alert,
    input.kind === 'restock' ? '已订阅到货通知，到货后将发消息提醒您' : '已设置降价提醒，降价后将发消息提醒您',
  );
});

goodsAlertRoutes.delete('/alerts/:id', async (c) => {
  const user = requireCompany(c);
  const id = objectId(c.req.param('id'), GOODS_ALERT_MESSAGES.notFound);
  await deleteGoodsAlert(c.get('deps').db, user.companyId, id);
  return ok(c, null, '提醒已删除');
});
