// What operators do to an order (issue 18): the warehouse ships a paid order (carrier, tracking
// number, every line with the batch it left from) and completes a shipped one; finance cancels a
// not-yet-shipped order and gives the money back the way it came. Each move is allowed only from
// its statuses, checked under the order's row lock, so the same move twice is a 409 that changes
// nothing. Each writes the order's history, the buyer's message ('order') and an audit row in one
// transaction.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { goodsBatches, orderLines, orders, shipments } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../http/envelope.ts';
import { addHistory } from '../orders/status.ts';
import { completeShipped } from '../orders/actions.ts';
import { releaseOrder } from '../orders/release.ts';
import type { PayConfig } from '../payments/pay.ts';
import { owedThroughGateway, sendGatewayRefunds } from '../orders/refunds.ts';
import { notifyCompany } from '../messages/notify.ts';
import { writeAudit, type Actor } from './audit.ts';
import { checkShipmentCodes, storeShipmentCodes } from '../orders/trace-codes.ts';
import { ORDER_NOT_FOUND } from './orders.ts';
import { formatPrice } from '@domain/money.ts';
import type { OrderStatus } from '@domain/orders.ts';
import type { ShipLineInput } from '@domain/admin-orders.ts';

export const NOT_PAID = '订单不在待发货状态，不能发货';
export const NOT_SHIPPED = '订单不在待收货状态，不能完成';
export const NOT_CANCELLABLE = '订单已发货或已结束，不能取消；已发货订单请走售后';

const conflict = (msg: string) => new AppError(409, 409, msg);

function lock(tx: Db, id: number) {
  return tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
}

export interface ShipInput {
  carrier: string;
  trackingNo: string;
  lines: (ShipLineInput & { expires_on?: string | null })[];
}

/**
 * Who ships: the console's warehouse, or the ERP through the integration API. The ERP owns its
 * stock, so a batch the shop does not know is taken with the 效期 the ERP gives.
 */
export interface ShipSource {
  source: 'console' | 'erp';
}

export async function shipOrder(
  db: Db,
  actor: Actor,
  id: number,
  input: ShipInput,
  now: Date,
  by: ShipSource = { source: 'console' },
): Promise<void> {
  await withTx(db, async (tx) => {
    const [o] = await lock(tx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    if (o.status !== 'paid') throw conflict(o.status === 'shipped' ? '订单已发货' : NOT_PAID);
    const lines = await tx
      .select({
        id: orderLines.id,
        goodsId: orderLines.goodsId,
        name: orderLines.name,
        number: orderLines.number,
        batchNo: orderLines.batchNo,
        expiresOn: orderLines.expiresOn,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, o.id))
      .orderBy(asc(orderLines.id));
    const batches = await tx
      .select({ goodsId: goodsBatches.goodsId, batchNo: goodsBatches.batchNo, expiresOn: goodsBatches.expiresOn })
      .from(goodsBatches)
      .where(inArray(goodsBatches.goodsId, [...new Set(lines.map((l) => l.goodsId))]));

    // One shipment carries the whole order: every line once, each from a batch of its goods (or
    // the batch it was sold from).
    const errors: Record<string, string[]> = {};
    const given = new Map<
      number,
      { index: number; batch: string; expiresOn: string | null | undefined; codes: readonly string[] }
    >();
    input.lines.forEach((l, i) => {
      if (!lines.some((x) => x.id === l.order_line_id)) errors[`lines.${i}.order_line_id`] = ['发货商品不属于该订单'];
      else if (given.has(l.order_line_id)) errors[`lines.${i}.order_line_id`] = ['发货商品重复'];
      else
        given.set(l.order_line_id, {
          index: i,
          batch: l.batch_no,
          expiresOn: l.expires_on,
          codes: l.trace_codes ?? [],
        });
    });
    const shipped: { order_line_id: number; number: number; batch_no: string; expires_on: string | null }[] = [];
    for (const line of lines) {
      const g = given.get(line.id);
      if (!g) {
        errors.lines = [`请为每个商品选择发货批号（${line.name}未填写）`];
        continue;
      }
      const known = batches.find((b) => b.goodsId === line.goodsId && b.batchNo === g.batch);
      const erpGiven = by.source === 'erp' && g.expiresOn !== undefined ? g.expiresOn : undefined;
      const expiresOn =
        erpGiven !== undefined
          ? erpGiven
          : known
            ? known.expiresOn
            : g.batch === line.batchNo && line.batchNo !== ''
              ? line.expiresOn
              : undefined;
      if (expiresOn === undefined) errors[`lines.${g.index}.batch_no`] = [`${line.name}：批号${g.batch}不存在`];
      else shipped.push({ order_line_id: line.id, number: line.number, batch_no: g.batch, expires_on: expiresOn });
    }
    const codes = await checkShipmentCodes(
      tx,
      shipped.map((s) => {
        const g = given.get(s.order_line_id)!;
        return { index: g.index, orderLineId: s.order_line_id, units: s.number, batchNo: s.batch_no, codes: g.codes };
      }),
    );
    Object.assign(errors, codes.errors);
    if (Object.keys(errors).length > 0) throw validationError(errors);

    for (const s of shipped) {
      await tx
        .update(orderLines)
        .set({ batchNo: s.batch_no, expiresOn: s.expires_on })
        .where(eq(orderLines.id, s.order_line_id));
    }
    const moved = await tx
      .update(orders)
      .set({ status: 'shipped', shippedAt: now, updatedAt: now })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'paid')))
      .returning({ id: orders.id });
    if (moved.length === 0) throw conflict(NOT_PAID);
    await storeShipmentCodes(tx, o.id, codes.rows, by.source, now);
    const event = `仓库已发货，${input.carrier}，运单号${input.trackingNo}`;
    await tx.insert(shipments).values({
      orderId: o.id,
      carrier: input.carrier,
      trackingNo: input.trackingNo,
      events: [{ time: now.toISOString(), text: event }],
      lines: shipped,
      createdAt: now,
    });
    await addHistory(tx, [{ orderId: o.id, from: 'paid', to: 'shipped', note: event, actor: 'warehouse', at: now }]);
    await notifyCompany(
      tx,
      o.companyId,
      {
        kind: 'order',
        title: '订单已发货',
        body: `您的订单${o.orderNo}已发货，${input.carrier}，运单号${input.trackingNo}，请注意查收。`,
        link: `/order/info/${o.id}`,
      },
      now,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'order.ship',
        targetType: 'order',
        targetId: o.id,
        before: { status: 'paid' },
        after: {
          status: 'shipped',
          carrier: input.carrier,
          tracking_no: input.trackingNo,
          lines: shipped,
          trace_codes: codes.rows.length,
          source: by.source,
        },
      },
      now,
    );
  });
}

export async function completeOrder(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const [o] = await lock(tx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    if (
      o.status !== 'shipped' ||
      !(await completeShipped(tx, o, now, { note: '仓库确认客户已签收，订单完成', actor: 'warehouse' }))
    )
      throw conflict(NOT_SHIPPED);
    await notifyCompany(
      tx,
      o.companyId,
      {
        kind: 'order',
        title: '订单已完成',
        body: `您的订单${o.orderNo}已签收完成，积分已发放到您的账户。`,
        link: `/order/info/${o.id}`,
      },
      now,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'order.complete',
        targetType: 'order',
        targetId: o.id,
        before: { status: 'shipped' },
        after: { status: 'completed' },
      },
      now,
    );
  });
}

const CANCELLABLE: readonly OrderStatus[] = ['pending_payment', 'awaiting_transfer', 'paid'];

/**
 * Cancels an order that has not left the warehouse and gives back everything not yet given back
 * (releaseOrder, refunds.ts): stock, coupon and voucher, the balance part and a 对公转账 to the
 * wallet balance (a bank transfer cannot be sent back by the shop; finance pays it out on request
 * from the balance), the online part through its gateway (refund number `OC<order id>`). The
 * gateway is called after the cancel has committed, outside the order's lock; when it refuses, the
 * order stays cancelled with its online part owed, and the same cancel again sends it once more.
 * An order with an after-sale in progress (售后中) cannot be cancelled until that is decided.
 */
export async function cancelWithRefund(
  db: Db,
  config: PayConfig,
  actor: Actor,
  id: number,
  reason: string,
  now: Date,
): Promise<{ online: number; toBalance: number }> {
  const outcome = await withTx(db, async (tx): Promise<{ online: number; toBalance: number }> => {
    const [o] = await lock(tx, id);
    if (!o) throw notFound(ORDER_NOT_FOUND);
    if (o.status === 'cancelled' && (await owedThroughGateway(tx, id)) > 0) return { online: 0, toBalance: 0 };
    if (!CANCELLABLE.includes(o.status as OrderStatus)) throw conflict(NOT_CANCELLABLE);
    const note = `财务取消订单并退款：${reason}`;
    const given = await releaseOrder(tx, id, now, { note, actor: 'finance' }, undefined, CANCELLABLE);
    if (!given) throw conflict(NOT_CANCELLABLE);
    const parts = [
      given.toGateway > 0 ? `${formatPrice(given.toGateway)}将原路退回` : '',
      given.toBalance > 0 ? `${formatPrice(given.toBalance)}已退回账户余额` : '',
    ].filter(Boolean);
    await notifyCompany(
      tx,
      o.companyId,
      {
        kind: 'order',
        title: '订单已取消',
        body: `您的订单${o.orderNo}已取消，原因：${reason}。${parts.length > 0 ? `${parts.join('，')}。` : ''}`,
        link: `/order/info/${o.id}`,
      },
      now,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'order.cancel_refund',
        targetType: 'order',
        targetId: o.id,
        before: { status: o.status },
        after: { status: 'cancelled', reason, online: given.toGateway, to_balance: given.toBalance },
      },
      now,
    );
    return { online: given.toGateway, toBalance: given.toBalance };
  });
  await sendGatewayRefunds(db, config, { orderId: id }, now);
  return outcome;
}
