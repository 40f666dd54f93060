// The console's after-sales steps (issue 18): 客服 accepts or rejects with a reason and confirms
// returned goods arrived, 财务 gives the money back — to the wallet balance, or the way it was paid
// (the online part through its gateway, gateway-refund.ts; the rest to the balance). Each step is
// allowed only from its statuses (afterSaleStepFrom), so the same step twice is a 409 that
// changes nothing; each writes the request's history, the buyer's message and an audit row in one
// transaction. The order leaves after_sale when its last request ends.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { afterSales, orderLines, orderStatusHistory, orders } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/envelope.ts';
import type { AfterSaleKind, AfterSaleStatus, OrderStatus } from '@domain/orders.ts';
import { OPEN_AFTER_SALE_STATUSES, isOpenAfterSale } from '@domain/orders-after-sale.ts';
import { afterSaleStepFrom, type AfterSaleStep, type RefundRoute } from '@domain/admin-orders.ts';
import { formatPrice } from '@domain/money.ts';
import { refundedOnline, refundOnlinePart } from './gateway-refund.ts';
import type { PayConfig } from '../payments/pay.ts';
import { giveBack, orderMoney, REFUND_EXCEEDS_PAID } from '../orders/refunds.ts';
import { splitRefund } from '@domain/order-money.ts';
import { settleOrderCashback } from '../promotions/cashback.ts';
import { notifyCompany } from '../messages/notify.ts';
import { afterSaleDecidedMessage } from '../messages/texts.ts';
import { writeAudit, type Actor } from '../admin/audit.ts';
import {
  AFTER_SALE_NOT_FOUND,
  lockOrder,
  statusBeforeAfterSale,
  type StoredEvent,
  type StoredLine,
} from './requests.ts';

export const STEP_REFUSED = '售后单当前状态不能进行此操作';

export interface StepInput {
  step: AfterSaleStep;
  /** reject only: shown to the buyer. */
  reason?: string;
  /** refund only. */
  route?: RefundRoute;
}

const STEP_TARGET: Record<AfterSaleStep, AfterSaleStatus> = {
  accept: 'approved',
  receive: 'returning',
  refund: 'refunded',
  close: 'closed',
  reject: 'rejected',
};
const stepTarget = (step: AfterSaleStep): AfterSaleStatus => STEP_TARGET[step];

/** Where a refund went: the online part back through its gateway, the rest to the wallet. */
function refundText(amount: number, online: number): string {
  if (online === 0) return `退款${formatPrice(amount)}已退回账户余额`;
  const back = `退款${formatPrice(online)}已原路退回`;
  return amount > online ? `${back}，${formatPrice(amount - online)}已退回账户余额` : back;
}

function stepText(kind: AfterSaleKind, step: AfterSaleStep, reason: string): string {
  switch (step) {
    case 'accept':
      return kind === 'return'
        ? '客服已审核通过您的售后申请，请将商品寄回广州仓，仓库收货后为您退款'
        : '客服已审核通过您的售后申请';
    case 'receive':
      return '仓库已收到您退回的商品，等待退款';
    case 'close':
      return kind === 'exchange' ? '换货商品已发出，售后完成' : '补发商品已发出，售后完成';
    case 'reject':
      return `售后申请未通过审核，原因：${reason}`;
    default:
      return '';
  }
}

const refused = () => new AppError(409, 409, STEP_REFUSED);

/** Applies one operator step to after-sale `id`; returns the status it reached. */
export async function stepAfterSale(
  db: Db,
  config: PayConfig,
  actor: Actor,
  id: number,
  input: StepInput,
  now: Date,
): Promise<AfterSaleStatus> {
  const [peek] = await db
    .select({ kind: afterSales.kind, status: afterSales.status })
    .from(afterSales)
    .where(eq(afterSales.id, id));
  if (!peek) throw notFound(AFTER_SALE_NOT_FOUND);
  const from = afterSaleStepFrom(input.step, peek.kind);
  if (!from.includes(peek.status as AfterSaleStatus)) throw refused();
  // The gateway is called outside the transaction (a slow gateway must not hold the order's lock);
  // its reservation makes a retry one refund (gateway-refund.ts).
  if (input.step === 'refund' && input.route === 'original') await refundOnlinePart(db, config, id, now);

  return withTx(db, async (tx) => {
    const [head] = await tx.select({ orderId: afterSales.orderId }).from(afterSales).where(eq(afterSales.id, id));
    // Order first, then the request: the same lock order as creation.
    const [order] = await lockOrder(tx, head.orderId);
    const [as] = await tx.select().from(afterSales).where(eq(afterSales.id, id)).for('update');
    const status = as.status as AfterSaleStatus;
    if (!afterSaleStepFrom(input.step, as.kind).includes(status)) throw refused();
    const to = stepTarget(input.step);

    const online = to === 'refunded' && input.route === 'original' ? await refundedOnline(tx, as.id) : 0;
    const text = to === 'refunded' ? refundText(as.amount, online) : stepText(as.kind, input.step, input.reason ?? '');
    const history = [...(as.history as StoredEvent[]), { time: now.toISOString(), text }];
    await tx.update(afterSales).set({ status: to, history, updatedAt: now }).where(eq(afterSales.id, id));
    const message = afterSaleDecidedMessage({ id: as.id, kind: as.kind, orderNo: order.orderNo }, to, text);
    if (message) await notifyCompany(tx, as.companyId, message, now);

    if (to === 'refunded') {
      for (const l of as.lines as StoredLine[]) {
        await tx
          .update(orderLines)
          .set({ returnedNumber: sql`${orderLines.returnedNumber} + ${l.number}` })
          .where(and(eq(orderLines.id, l.order_line_id), eq(orderLines.orderId, order.id)));
      }
      // The rest goes to the wallet, taken from what each route can still give back (orders/refunds.ts).
      const rest = as.amount - online;
      if (rest > 0) {
        const { refundable } = await orderMoney(tx, order.id);
        const parts = splitRefund(rest, refundable, ['balance', 'transfer', 'online']);
        if (!parts) throw new AppError(409, 409, REFUND_EXCEEDS_PAID);
        await giveBack(
          tx,
          order,
          parts.map((p) => ({ ...p, destination: 'balance' as const })),
          { refundNo: `AS${as.id}`, afterSaleId: as.id, remark: `售后退款（售后单号 ${as.id}）`, now },
        );
      }
      // 满额返现 the smaller order no longer earns goes back (src/domain/cashback.ts).
      await settleOrderCashback(tx, order.id, now);
    }

    if (!isOpenAfterSale(to) && order.status === 'after_sale') await leaveAfterSale(tx, order.id, now);

    await writeAudit(
      tx,
      actor,
      {
        action: `after_sale.${input.step}`,
        targetType: 'after_sale',
        targetId: as.id,
        before: { status },
        after: {
          status: to,
          ...(input.reason ? { reason: input.reason } : {}),
          ...(to === 'refunded' ? { amount: as.amount, online, route: input.route } : {}),
        },
      },
      now,
    );
    return to;
  });
}

/** When the order's last open request ends it returns to its earlier status (or closes if all was refunded). */
async function leaveAfterSale(tx: Db, orderId: number, now: Date): Promise<void> {
  const [{ open }] = await tx
    .select({ open: count() })
    .from(afterSales)
    .where(and(eq(afterSales.orderId, orderId), inArray(afterSales.status, [...OPEN_AFTER_SALE_STATUSES])));
  if (open > 0) return;
  const left = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.returnedNumber} < ${orderLines.number}`))
    .limit(1);
  const closed = left.length === 0;
  const back: OrderStatus = closed ? 'cancelled' : ((await statusBeforeAfterSale(tx, orderId)) ?? 'completed');
  await tx
    .update(orders)
    .set({ status: back, updatedAt: now, ...(closed ? { cancelledAt: now } : {}) })
    .where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: 'after_sale',
    toStatus: back,
    note: closed ? '商品已全部退款，订单关闭' : '售后处理完毕',
    actor: 'operator',
    createdAt: now,
  });
}
