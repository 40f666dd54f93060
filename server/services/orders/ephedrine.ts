// 含麻黄碱 receipts (SPEC /cart/hm, /hmdd): an order holding 含麻黄碱 goods records the buyer's
// name, PRC ID number and mobile before it can be paid. The receipt can change while the order
// is unpaid and is fixed once paid. An order with nothing left to pay (balance and coupons
// covered it) is settled by registering its receipt. Answers mask the ID number.
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { goods, orderLines, orders } from '../../db/schema.ts';
import type { EphedrineReceiptRecord, OrderStatus } from '@domain/orders.ts';
import type { Page } from '@domain/envelope.ts';
import { ID_CARD_MESSAGES, idCardProblem } from '@domain/id-card.ts';
import { mobileSchema } from '@domain/validators.ts';
import { AppError, badRequest, validationError } from '../../http/envelope.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { markPaid } from '../payments/pay.ts';
import { findOrder } from './access.ts';
import { isUnpaid, seconds } from './status.ts';
import { receiptView } from './view.ts';

const NAME_RE = /^[\u4e00-\u9fa5A-Za-z·\s]{2,20}$/;

const receiptSchema = z.object({
  buyer_name: z
    .string({ error: '请输入购药人姓名' })
    .trim()
    .min(1, { error: '请输入购药人姓名' })
    .refine((v) => NAME_RE.test(v), { error: '请输入购药人真实姓名（2-20个字）' }),
  id_card: z
    .string({ error: ID_CARD_MESSAGES.required })
    .trim()
    .toUpperCase()
    .min(1, { error: ID_CARD_MESSAGES.required }),
  phone: mobileSchema,
});

export interface ReceiptInput {
  buyer_name: string;
  id_card: string;
  phone: string;
}

/** The body checked, the ID number against `now` (adult, real date, check digit). */
export function parseReceipt(body: unknown, now: Date): ReceiptInput {
  const r = parseOrThrow(receiptSchema, body);
  const problem = idCardProblem(r.id_card, now);
  if (problem) throw validationError({ id_card: [ID_CARD_MESSAGES[problem]] });
  return r;
}

export async function registerReceipt(
  db: Db,
  scope: readonly number[],
  orderId: number,
  input: ReceiptInput,
  now: Date,
): Promise<{ status: OrderStatus }> {
  return withTx(db, async (tx) => {
    const o = await findOrder(tx, scope, orderId, true);
    if (!o.hasEphedrine) throw badRequest('该订单不含含麻黄碱药品，无需登记');
    if (!isUnpaid(o.status)) {
      if (o.status === 'cancelled') throw badRequest('订单已取消');
      throw new AppError(409, 409, '订单已支付，购药人信息不能修改');
    }
    await tx
      .update(orders)
      .set({ ephedrineReceipt: { ...input, recorded_at: now.toISOString() }, updatedAt: now })
      .where(eq(orders.id, o.id));
    if (o.payAmount === 0 && o.status === 'pending_payment') {
      await markPaid(
        tx,
        { ...o, payMethod: o.balanceAmount > 0 ? 'balance' : o.payMethod },
        null,
        0,
        now,
        '已登记购药人信息，订单已支付',
      );
      return { status: 'paid' };
    }
    return { status: o.status as OrderStatus };
  });
}

const recordedAt = (raw: unknown): number => {
  const at = (raw as { recorded_at?: unknown } | null)?.recorded_at;
  return typeof at === 'string' ? seconds(new Date(at)) : 0;
};

export async function listReceipts(
  db: Db,
  companyId: number,
  page: number,
  pageSize: number,
): Promise<Page<EphedrineReceiptRecord>> {
  const where = and(eq(orders.companyId, companyId), eq(orders.hasEphedrine, true), isNotNull(orders.ephedrineReceipt));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        status: orders.status,
        createdAt: orders.createdAt,
        receipt: orders.ephedrineReceipt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({
            orderId: orderLines.orderId,
            goodsId: orderLines.goodsId,
            name: orderLines.name,
            number: orderLines.number,
          })
          .from(orderLines)
          .innerJoin(goods, eq(goods.id, orderLines.goodsId))
          .where(and(inArray(orderLines.orderId, ids), eq(goods.isEphedrine, true)))
          .orderBy(orderLines.id);
  const list: EphedrineReceiptRecord[] = [];
  for (const r of rows) {
    const view = receiptView(r.receipt);
    if (!view) continue;
    list.push({
      ...view,
      order_id: r.id,
      order_no: r.orderNo,
      status: r.status as OrderStatus,
      created_at: seconds(r.createdAt),
      recorded_at: recordedAt(r.receipt),
      goods: lines
        .filter((l) => l.orderId === r.id)
        .map((l) => ({ goods_id: l.goodsId, name: l.name, number: l.number })),
    });
  }
  return { list, total: n, page, page_size: pageSize };
}
