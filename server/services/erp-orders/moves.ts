// The ERP's moves on an order (issue 34 §1, orders:write): accepted, picked, shipped, cancelled.
// Shipping and cancelling call the console's own services (admin/order-moves.ts), so the buyer's
// state, history, message, refund and audit row are exactly what the console's move gives.
// 接单 and 拣货 are not order statuses in SPEC: they are notes in the order's history (the buyer
// sees them in 订单进度) while the order stays 待发货 (docs/decisions/order-feed.md). Each move is
// idempotent by its effect: repeating one that already happened answers `changed: false`.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { orderStatusHistory, orders, shipments } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/envelope.ts';
import type { PayConfig } from '../payments/pay.ts';
import { addHistory } from '../orders/status.ts';
import { cancelWithRefund, NOT_PAID, shipOrder, type ShipInput } from '../admin/order-moves.ts';
import { writeAudit, type Actor } from '../admin/audit.ts';
import { ORDER_NOT_FOUND } from '../admin/orders.ts';

export const ERP_ACCEPTED_NOTE = '仓库已接单，正在备货';
export const ERP_PICKED_NOTE = '仓库已拣货，等待发货';

export type ErpMove =
  | { move: 'accepted' }
  | { move: 'picked' }
  | ({ move: 'shipped' } & ShipInput)
  | { move: 'cancelled'; reason: string };

export interface ErpMoveResult {
  order_id: number;
  status: string;
  /** False when the move had already happened (a repeat changes nothing). */
  changed: boolean;
}

async function statusOf(db: Db, id: number): Promise<string> {
  const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).limit(1);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  return o.status;
}

/** 接单 / 拣货: a history note on a 待发货 order, once. */
async function noteMove(
  db: Db,
  actor: Actor,
  id: number,
  move: 'accepted' | 'picked',
  now: Date,
): Promise<ErpMoveResult> {
  const note = move === 'accepted' ? ERP_ACCEPTED_NOTE : ERP_PICKED_NOTE;
  return withTx(db, async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    const [done] = await tx
      .select({ id: orderStatusHistory.id })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.note, note)))
      .limit(1);
    if (done) return { order_id: id, status: o.status, changed: false };
    if (o.status !== 'paid') throw new AppError(409, 409, NOT_PAID);
    await addHistory(tx, [{ orderId: id, from: 'paid', to: 'paid', note, actor: 'erp', at: now }]);
    // The order changed for the feed too (its history); updated_at says when.
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: `order.erp_${move}`,
        targetType: 'order',
        targetId: id,
        before: { status: 'paid' },
        after: { status: 'paid', note },
      },
      now,
    );
    return { order_id: id, status: 'paid', changed: true };
  });
}

export async function erpOrderMove(
  db: Db,
  config: PayConfig,
  actor: Actor,
  id: number,
  input: ErpMove,
  now: Date,
): Promise<ErpMoveResult> {
  switch (input.move) {
    case 'accepted':
    case 'picked':
      return noteMove(db, actor, id, input.move, now);
    case 'shipped': {
      const status = await statusOf(db, id);
      if (status !== 'paid') {
        const [same] = await db
          .select({ id: shipments.id })
          .from(shipments)
          .where(and(eq(shipments.orderId, id), eq(shipments.trackingNo, input.trackingNo)))
          .limit(1);
        if (same) return { order_id: id, status, changed: false };
      }
      await shipOrder(db, actor, id, input, now, { source: 'erp' });
      return { order_id: id, status: 'shipped', changed: true };
    }
    case 'cancelled': {
      const before = await statusOf(db, id);
      try {
        // Already cancelled: the call still re-sends an online refund the gateway refused before.
        await cancelWithRefund(db, config, actor, id, input.reason, now);
      } catch (err) {
        if (before === 'cancelled' && err instanceof AppError && err.status === 409)
          return { order_id: id, status: before, changed: false };
        throw err;
      }
      return { order_id: id, status: 'cancelled', changed: before !== 'cancelled' };
    }
  }
}
