// Unpaid orders past their payment window (orders.expires_at: ORDER_PAYMENT_TTL_MINUTES after
// checkout, a day after choosing 对公转账) are cancelled and give back their stock, coupons and
// balance (server/services/orders/release.ts). Two triggers, so neither has to be punctual:
// - lazily, before the order centre or an order action reads a company's orders;
// - a sweeper that server/index.ts starts, every 60 s, for the orders nobody looks at.
import { and, asc, eq, inArray, isNotNull, lte, min } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { withTx } from '../db/tx.ts';
import { orders } from '../db/schema.ts';
import { releaseOrder } from './orders/release.ts';
import { UNPAID_STATUSES } from './orders/status.ts';

export const SWEEP_INTERVAL_MS = 60_000;
/** Orders released per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

const EXPIRED_NOTE = '超时未支付，订单已自动取消';

/** Cancels the due orders (of one company, or all); returns how many it cancelled. */
export async function expireDueOrders(db: Db, now: Date, companyId?: number, limit = SWEEP_BATCH): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        companyId !== undefined ? eq(orders.companyId, companyId) : undefined,
        inArray(orders.status, [...UNPAID_STATUSES]),
        isNotNull(orders.expiresAt),
        lte(orders.expiresAt, now),
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  let cancelled = 0;
  // One transaction per order: one stuck order does not hold back the others.
  for (const { id } of due) {
    const done = await withTx(db, (tx) => releaseOrder(tx, id, now, { note: EXPIRED_NOTE, actor: 'system' }));
    if (done) cancelled += 1;
  }
  return cancelled;
}

/**
 * How far the sweeper is behind (seconds): the age of the oldest unpaid order past its payment
 * window and not yet released, 0 when there is none. Read by the metrics scrape from the database,
 * so it is the same whichever worker answers.
 */
export async function expiryLagSeconds(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ oldest: min(orders.expiresAt) })
    .from(orders)
    .where(and(inArray(orders.status, [...UNPAID_STATUSES]), isNotNull(orders.expiresAt), lte(orders.expiresAt, now)));
  return row?.oldest ? Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) : 0;
}

export interface Sweeper {
  stop: () => Promise<void>;
}

/** Runs expireDueOrders every `intervalMs` (never two runs at once); stop() waits for a running one. */
export function startOrderExpirySweeper(
  db: Db,
  clock: () => Date,
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): Sweeper {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = expireDueOrders(db, clock())
      .then(() => undefined)
      .catch((err: unknown) => (opts.onError ?? ((e: unknown) => console.error('[order-expiry] sweep failed', e)))(err))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.intervalMs ?? SWEEP_INTERVAL_MS);
  // The sweeper never keeps the process alive on its own.
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Cancels order `orderId` first if its payment window is over (before an action reads it). */
export async function expireOrderIfDue(db: Db, orderId: number, now: Date): Promise<void> {
  const [o] = await db
    .select({ status: orders.status, expiresAt: orders.expiresAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (
    !o ||
    !(UNPAID_STATUSES as readonly string[]).includes(o.status) ||
    !o.expiresAt ||
    o.expiresAt.getTime() > now.getTime()
  )
    return;
  await withTx(db, (tx) => releaseOrder(tx, orderId, now, { note: EXPIRED_NOTE, actor: 'system' }));
}
