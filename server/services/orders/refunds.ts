// The one way money leaves an order back to its buyer (docs/decisions/order-money.md). Every
// refund — a cancel (release.ts), an after-sale (after-sales/operator.ts) — is written here as
// order_refunds rows under the order's row lock, each row naming the route the money was paid by
// and where it goes back; a row is refused when its route would give back more than it took
// (src/domain/order-money.ts). A part back to the wallet is credited in the same transaction; a
// part back through a gateway is reserved (pending) and sent after the commit (sendGatewayRefunds),
// outside any transaction, its refund_no making a retry one refund at the gateway.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderRefunds, orders, payments } from '../../db/schema.ts';
import { AppError } from '../../http/envelope.ts';
import { noMoney, refundableByRoute, type MoneyRoute, type RouteAmounts } from '@domain/order-money.ts';
import type { PayMethod } from '@domain/orders.ts';
import { onlineGateway, type PayConfig } from '../payments/pay.ts';
import { creditWallet } from '../payments/wallet.ts';

export const REFUND_EXCEEDS_PAID = '退款金额超过该订单可退金额';
/** Shown when a gateway refuses: the move can be tried again. */
export const refundFailed = (why: string) => new AppError(502, 502, `原路退款失败：${why}，请稍后重试`);

const GATEWAY_METHODS: PayMethod[] = ['sandbox', 'alipay'];
/** A payment that took money (refunded payments took it too: their refunds are rows here). */
const TOOK_MONEY = ['succeeded', 'refunded'];

const routeOf = (method: string): MoneyRoute =>
  method === 'balance' ? 'balance' : method === 'transfer' ? 'transfer' : 'online';

export interface OrderMoney {
  paid: RouteAmounts;
  /** Given back or reserved (a pending or failed gateway part is still owed to the buyer). */
  refunded: RouteAmounts;
  refundable: RouteAmounts;
}

/** What order `orderId` took by each route and what has gone back. */
export async function orderMoney(tx: Db, orderId: number): Promise<OrderMoney> {
  const [o] = await tx
    .select({ balanceAmount: orders.balanceAmount, paidAmount: orders.paidAmount, payMethod: orders.payMethod })
    .from(orders)
    .where(eq(orders.id, orderId));
  const paid = noMoney();
  const taken = await tx
    .select({ method: payments.method, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, TOOK_MONEY)));
  for (const p of taken) paid[routeOf(p.method)] += p.amount;
  // Checkout's balance deduction has its own balance payment row; an order written without one
  // (older rows) still took its balance_amount from the wallet.
  if (!taken.some((p) => p.method === 'balance')) paid.balance += o?.balanceAmount ?? 0;
  if (o && o.paidAmount > 0 && o.payMethod && !taken.some((p) => p.method === o.payMethod))
    paid[routeOf(o.payMethod)] += o.paidAmount;
  const refunded = noMoney();
  const rows = await tx
    .select({ route: orderRefunds.route, amount: orderRefunds.amount })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  for (const r of rows) refunded[r.route] += r.amount;
  return { paid, refunded, refundable: refundableByRoute(paid, refunded) };
}

export interface RefundOrder {
  id: number;
  companyId: number;
}

export interface GivePart {
  route: MoneyRoute;
  amount: number;
  /** Back to the wallet balance, or through the gateway the route's payment came from (online only). */
  destination: 'balance' | 'gateway';
}

export interface GiveBack {
  /** Unique per refund event (OC<order> for a cancel, AS<after-sale> for an after-sale). */
  refundNo: string;
  afterSaleId: number | null;
  /** The wallet ledger's remark for parts back to the balance. */
  remark: string;
  now: Date;
}

export interface Given {
  toBalance: number;
  toGateway: number;
}

/**
 * Records `parts` as refunds of `order` (call inside a transaction): refused with 409 when a route
 * would give back more than it took. Parts back to the balance are credited now; gateway parts are
 * reserved for sendGatewayRefunds.
 */
export async function giveBack(tx: Db, order: RefundOrder, parts: readonly GivePart[], meta: GiveBack): Promise<Given> {
  // The order's lock serialises every refund of one order over what is left to give back.
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
  const money = await orderMoney(tx, order.id);
  const asked = noMoney();
  for (const p of parts) {
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0)
      throw new Error(`refund part must be positive fen, got ${p.amount}`);
    if (p.destination === 'gateway' && p.route !== 'online')
      throw new Error('only an online payment goes back through a gateway');
    asked[p.route] += p.amount;
  }
  for (const route of Object.keys(asked) as MoneyRoute[]) {
    if (asked[route] > money.refundable[route]) throw new AppError(409, 409, REFUND_EXCEEDS_PAID);
  }
  const given: Given = { toBalance: 0, toGateway: 0 };
  for (const p of parts) {
    const refundNo = p.destination === 'gateway' ? meta.refundNo : `${meta.refundNo}-${p.route}`;
    const paymentId = p.destination === 'gateway' ? await gatewayPayment(tx, order.id, p.amount) : null;
    await tx.insert(orderRefunds).values({
      orderId: order.id,
      companyId: order.companyId,
      afterSaleId: meta.afterSaleId,
      route: p.route,
      destination: p.destination,
      paymentId,
      amount: p.amount,
      refundNo,
      status: p.destination === 'gateway' ? 'pending' : 'succeeded',
      createdAt: meta.now,
      updatedAt: meta.now,
    });
    if (p.destination === 'balance') {
      await creditWallet(tx, 'balance', {
        companyId: order.companyId,
        amount: p.amount,
        useType: 'refund',
        orderId: order.id,
        remark: meta.remark,
        now: meta.now,
      });
      given.toBalance += p.amount;
    } else {
      given.toGateway += p.amount;
    }
  }
  return given;
}

/** The most one gateway part of the order can take: the largest room left on one online payment. */
export async function gatewayRoom(tx: Db, orderId: number): Promise<number> {
  const rows = await gatewayPayments(tx, orderId);
  return rows.reduce((m, r) => Math.max(m, Number(r.left)), 0);
}

/** The online payment a gateway part goes back through: the latest that still holds `amount`. */
async function gatewayPayment(tx: Db, orderId: number, amount: number): Promise<number> {
  const rows = await gatewayPayments(tx, orderId);
  const p = rows.find((r) => Number(r.left) >= amount);
  if (!p) throw new AppError(409, 409, REFUND_EXCEEDS_PAID);
  return p.id;
}

function gatewayPayments(tx: Db, orderId: number) {
  return tx
    .select({
      id: payments.id,
      left: sql<number>`${payments.amount} - coalesce((select sum(r.amount) from order_refunds r where r.payment_id = ${payments.id}), 0)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, TOOK_MONEY),
        inArray(payments.method, GATEWAY_METHODS),
      ),
    )
    .orderBy(sql`${payments.id} desc`);
}

/**
 * Sends the order's (or one after-sale's) gateway parts not yet accepted; outside any transaction.
 * Resolves when every part is accepted, throws refundFailed with the gateway's reason otherwise
 * (the part stays owed, for the next attempt).
 */
export async function sendGatewayRefunds(
  db: Db,
  config: PayConfig,
  where: { orderId: number } | { afterSaleId: number },
  now: Date,
): Promise<void> {
  const owed = await db
    .select({
      id: orderRefunds.id,
      amount: orderRefunds.amount,
      refundNo: orderRefunds.refundNo,
      method: payments.method,
      reference: payments.gatewayRef,
    })
    .from(orderRefunds)
    .innerJoin(payments, eq(payments.id, orderRefunds.paymentId))
    .where(
      and(
        'orderId' in where ? eq(orderRefunds.orderId, where.orderId) : eq(orderRefunds.afterSaleId, where.afterSaleId),
        eq(orderRefunds.destination, 'gateway'),
        ne(orderRefunds.status, 'succeeded'),
      ),
    );
  let failure: string | null = null;
  for (const part of owed) {
    const gateway = onlineGateway(config, part.method as PayMethod);
    let error: string | null = null;
    try {
      if (!gateway || !part.reference) throw new Error('该支付方式当前未开通');
      await gateway.refund({
        reference: part.reference,
        amount: part.amount,
        refundNo: part.refundNo,
        reason: 'orderId' in where ? '订单取消退款' : '售后退款',
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    await db
      .update(orderRefunds)
      .set({ status: error === null ? 'succeeded' : 'failed', error, updatedAt: now })
      .where(eq(orderRefunds.id, part.id));
    failure ??= error;
  }
  if (failure !== null) throw refundFailed(failure);
}

/** Gateway parts of the order still owed to the buyer (reserved, not yet accepted by the gateway). */
export async function owedThroughGateway(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.destination, 'gateway'),
        ne(orderRefunds.status, 'succeeded'),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Gateway refunds not yet confirmed, by state (the money still owed back through a gateway; a
 * failed one is sent again by the next attempt on its order): count and fen. For the metrics scrape.
 */
export async function gatewayRefundsOutstanding(
  db: Db,
): Promise<Record<'pending' | 'failed', { count: number; amount: number }>> {
  const rows = await db
    .select({
      status: orderRefunds.status,
      count: sql<number>`count(*)::int`,
      amount: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int`,
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.destination, 'gateway'), ne(orderRefunds.status, 'succeeded')))
    .groupBy(orderRefunds.status);
  const out = { pending: { count: 0, amount: 0 }, failed: { count: 0, amount: 0 } };
  for (const r of rows)
    if (r.status === 'pending' || r.status === 'failed') out[r.status] = { count: r.count, amount: r.amount };
  return out;
}
