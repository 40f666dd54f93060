// /api/pay/sandbox: the demo's built-in gateway (mounted only while config.demo, i.e. not in
// production, where it would let a buyer confirm their own payment). The page of the PWA at
// /pay/sandbox/<payment_id> reads the payment and its pay button posts the confirm, which is the
// gateway's "paid" callback (applied once; a repeat answers the same). A payment is the member's
// company's or a managed store's; anyone else's answers 404.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { parseOrThrow } from '../http/validate.ts';
import { companyScope, requireCompany } from '../auth/session.ts';
import type { SandboxConfirmResult, SandboxPayment } from '@domain/orders.ts';
import { idField } from '../http/params.ts';
import { sendGatewayRefunds } from '../services/orders/refunds.ts';
import { applyGatewayPaid } from '../services/payments/callback.ts';
import { sandboxPayment } from '../services/payments/sandbox.ts';
import { seconds } from '../services/orders/status.ts';

const paymentId = idField('支付单编号无效');

/** The sandbox payment of the path, if the member may see it (404 otherwise). */
async function ownSandboxPayment(c: Context<AppEnv>) {
  const user = requireCompany(c);
  const id = parseOrThrow(paymentId, c.req.param('id'));
  const { db } = c.get('deps');
  return sandboxPayment(db, await companyScope(db, user.companyId), id);
}

export const sandboxPayRoutes = new Hono<AppEnv>();

sandboxPayRoutes.get('/:id{[0-9]+}', async (c) => {
  const p = await ownSandboxPayment(c);
  return ok<SandboxPayment>(c, {
    payment_id: p.id,
    order_id: p.orderId,
    order_no: p.orderNo,
    amount: p.amount,
    status: p.status,
    created_at: seconds(p.createdAt),
  });
});

sandboxPayRoutes.post('/:id{[0-9]+}/confirm', async (c) => {
  const p = await ownSandboxPayment(c);
  const { db, clock, config } = c.get('deps');
  const outcome = await applyGatewayPaid(db, 'sandbox', p.gatewayRef, p.amount, clock());
  if (!outcome.ok) {
    // Money taken for an order that no longer wants it goes back now; a failure stays owed and the
    // gateway's next notice (or finance's cancel) sends it again.
    if (outcome.refundOwed)
      await sendGatewayRefunds(db, config, { orderId: outcome.refundOwed }, clock()).catch(() => undefined);
    throw outcome.error;
  }
  return ok<SandboxConfirmResult>(c, outcome.result, '支付成功');
});
