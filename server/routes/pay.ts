// /api/pay: our bank account for 对公转账, and Alipay's asynchronous notification. The demo's
// sandbox gateway has its own routes (pay-sandbox.ts), mounted only in the demo.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { requireUser } from '../auth/session.ts';
import type { TransferInfo } from '@domain/orders.ts';
import { sendGatewayRefunds } from '../services/orders/refunds.ts';
import { applyGatewayPaid } from '../services/payments/callback.ts';
import { transferInfo } from '../services/payments/transfer.ts';

export const payRoutes = new Hono<AppEnv>();

payRoutes.get('/transfer_info', async (c) => {
  requireUser(c);
  const { db, config } = c.get('deps');
  return ok<TransferInfo>(c, await transferInfo(db, config));
});

export const NOTICE_REFUSED_MSG = '支付通知无效';

/**
 * Alipay posts here (form-encoded, signed with Alipay's key) when a buyer has paid. Alipay wants
 * the text `success`, else it tries again for a day. A notification that is not signed by Alipay,
 * names no payment of ours or carries another amount changes nothing and gets the API's usual
 * refusal (the envelope, 400), which Alipay reads as "not taken". A repeat of an applied one
 * answers `success` and changes nothing either (callback.ts).
 */
payRoutes.post('/alipay/notify', async (c) => {
  const { db, clock, config } = c.get('deps');
  if (!config.alipay) throw notFound('接口不存在');
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.get('body'))) if (typeof v === 'string') params[k] = v;
  const notice = config.alipay.readPaidNotice(params);
  if (!notice) throw badRequest(NOTICE_REFUSED_MSG);
  const outcome = await applyGatewayPaid(db, 'alipay', notice.reference, notice.amount, clock());
  if (!outcome.ok) {
    // Money taken for an order that no longer wants it goes back now; a failure stays owed and the
    // gateway's next notice (or finance's cancel) sends it again.
    if (outcome.refundOwed)
      await sendGatewayRefunds(db, config, { orderId: outcome.refundOwed }, clock()).catch(() => undefined);
    throw outcome.error;
  }
  return c.text('success');
});
