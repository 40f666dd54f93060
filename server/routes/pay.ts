// /api/pay: our bank account for 对公转账, and the built-in sandbox gateway — the page of the PWA
// at /pay/sandbox/<payment_id> reads the payment and its pay button posts the confirm, which is
// the gateway's "paid" callback (applied once; a repeat answers the same). A payment is the
// member's company's or a managed store's; anyone else's answers 404.
import { Hono, type Context } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import { notFound, ok } from '../http/envelope.ts';
import { parseOrThrow } from '../http/validate.ts';
import { companyScope, requireCompany, requireUser } from '../auth/session.ts';
import { orders, payments } from '../db/schema.ts';
import type { SandboxConfirmResult, SandboxPayment, TransferInfo } from '../../src/domain/orders.ts';
import { idField } from '../http/params.ts';
import { applyGatewayPaid, PAYMENT_NOT_FOUND_MSG } from '../services/payments/callback.ts';
import { sandboxGateway } from '../services/payments/gateway.ts';
import { transferInfo } from '../services/payments/transfer.ts';
import { seconds } from '../services/orders/status.ts';

const paymentId = idField('支付单编号无效');

/** The sandbox payment of the path, if the member may see it (404 otherwise). */
async function ownSandboxPayment(c: Context<AppEnv>) {
  const user = requireCompany(c);
  const id = parseOrThrow(paymentId, c.req.param('id'));
  const { db } = c.get('deps');
  const scope = await companyScope(db, user.companyId);
  const [row] = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      orderNo: orders.orderNo,
      amount: payments.amount,
      status: payments.status,
      gatewayRef: payments.gatewayRef,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, id), eq(payments.method, sandboxGateway.method), inArray(payments.companyId, scope)))
    .limit(1);
  if (!row || !row.gatewayRef) throw notFound(PAYMENT_NOT_FOUND_MSG);
  return { ...row, gatewayRef: row.gatewayRef };
}

export const payRoutes = new Hono<AppEnv>();

payRoutes.get('/transfer_info', async (c) => {
  requireUser(c);
  return ok<TransferInfo>(c, await transferInfo(c.get('deps').db));
});

payRoutes.get('/sandbox/:id{[0-9]+}', async (c) => {
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

payRoutes.post('/sandbox/:id{[0-9]+}/confirm', async (c) => {
  const p = await ownSandboxPayment(c);
  const { db, clock } = c.get('deps');
  const outcome = await applyGatewayPaid(db, p.gatewayRef, p.amount, clock());
  if (!outcome.ok) throw outcome.error;
  return ok<SandboxConfirmResult>(c, outcome.result, '支付成功');
});
