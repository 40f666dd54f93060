// After-sales (售后): a buyer's request on lines of a paid, shipped or recently completed order,
// and the read views; the operator's steps are operator.ts (the console).
// Creation runs under a row lock on the order, so two requests cannot both claim the same units.
// While any request of an order is open the order shows 售后中 (status after_sale); when the last
// one ends the order returns to the status it had before, read back from order_status_history.
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { afterSales, companies, orderLines, orderStatusHistory, orders } from '../../db/schema.ts';
import { AppError, badRequest, notFound, validationError } from '../../http/envelope.ts';
import { assertOwns } from '../../auth/session.ts';
import type { AfterSale, AfterSaleKind, AfterSaleStatus, OrderStatus } from '@domain/orders.ts';
import {
  AFTER_SALE_KIND_TEXT,
  AFTER_SALE_PHOTO_MAX_BYTES,
  AFTER_SALE_PHOTOS_MAX,
  AFTER_SALE_WINDOW_DAYS,
  canRequestAfterSale,
  isOpenAfterSale,
  isRefundKind,
} from '@domain/orders-after-sale.ts';
import type { Page } from '@domain/envelope.ts';
import { checkPhotos, storePhotos, uploadUrl } from './photos.ts';
import { orderMoney } from '../orders/refunds.ts';
import { totalOf } from '@domain/order-money.ts';

export const ORDER_NOT_FOUND = '订单不存在';
export const AFTER_SALE_NOT_FOUND = '售后单不存在';

export interface StoredLine {
  order_line_id: number;
  number: number;
}
export interface StoredEvent {
  time: string;
  text: string;
}

export interface AfterSaleRequest {
  kind: AfterSaleKind;
  reason: string;
  description: string;
  lines: StoredLine[];
  /** The raw `photos` body field (File, File[] or missing); checked here. */
  photos?: unknown;
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/** The status an order had before it entered after_sale (the latest entry into it from elsewhere). */
export async function statusBeforeAfterSale(db: Db, orderId: number): Promise<OrderStatus | null> {
  const [row] = await db
    .select({ from: orderStatusHistory.fromStatus })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.toStatus, 'after_sale'),
        sql`${orderStatusHistory.fromStatus} IS DISTINCT FROM 'after_sale'`,
      ),
    )
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  return (row?.from as OrderStatus | null | undefined) ?? null;
}

export function lockOrder(tx: Db, orderId: number) {
  return tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
}

/** Units of each line already claimed by the order's open requests. */
function claimedByOpen(rows: { lines: unknown; status: string }[]): Map<number, number> {
  const claimed = new Map<number, number>();
  for (const r of rows) {
    if (!isOpenAfterSale(r.status as AfterSaleStatus)) continue;
    for (const l of r.lines as StoredLine[])
      claimed.set(l.order_line_id, (claimed.get(l.order_line_id) ?? 0) + l.number);
  }
  return claimed;
}

/** Creates a request on order `orderId` for a member acting for `companyIds`; returns its id. */
export async function createAfterSale(
  db: Db,
  companyIds: readonly number[],
  orderId: number,
  req: AfterSaleRequest,
  now: Date,
): Promise<number> {
  // Bytes are checked before anything is locked or written.
  const photos = await checkPhotos(req.photos, {
    maxCount: AFTER_SALE_PHOTOS_MAX,
    maxBytes: AFTER_SALE_PHOTO_MAX_BYTES,
  });

  return withTx(db, async (tx) => {
    const [order] = await lockOrder(tx, orderId);
    assertOwns(companyIds, order?.companyId, ORDER_NOT_FOUND);

    const [company] = await tx
      .select({ isAfterSale: companies.isAfterSale })
      .from(companies)
      .where(eq(companies.id, order.companyId));
    if (!company?.isAfterSale) throw new AppError(403, 403, '您的账户暂未开通在线售后，请联系客服');

    if (order.kind !== 'normal') throw badRequest('积分商城订单不支持在线售后，请联系客服');
    const status = order.status as OrderStatus;
    const before = status === 'after_sale' ? await statusBeforeAfterSale(tx, order.id) : null;
    const completedMs = order.completedAt?.getTime() ?? null;
    if (!canRequestAfterSale(status, completedMs, now.getTime(), before)) {
      const effective = status === 'after_sale' ? before : status;
      if (effective === 'completed') throw badRequest(`订单完成已超过${AFTER_SALE_WINDOW_DAYS}天，无法申请售后`);
      throw badRequest('该订单当前状态不能申请售后');
    }

    const lines = await tx
      .select({
        id: orderLines.id,
        name: orderLines.name,
        number: orderLines.number,
        price: orderLines.price,
        returned: orderLines.returnedNumber,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    const existing = await tx
      .select({ lines: afterSales.lines, status: afterSales.status, kind: afterSales.kind, amount: afterSales.amount })
      .from(afterSales)
      .where(eq(afterSales.orderId, order.id));
    const claimed = claimedByOpen(existing);
    const byId = new Map(lines.map((l) => [l.id, l]));

    const errors: Record<string, string[]> = {};
    const seen = new Set<number>();
    let goodsAmount = 0;
    req.lines.forEach((l, i) => {
      const line = byId.get(l.order_line_id);
      if (!line) {
        errors[`lines.${i}.order_line_id`] = ['售后商品不属于该订单'];
        return;
      }
      if (seen.has(line.id)) {
        errors[`lines.${i}.order_line_id`] = ['售后商品重复'];
        return;
      }
      seen.add(line.id);
      const remaining = line.number - line.returned - (claimed.get(line.id) ?? 0);
      if (remaining <= 0) errors[`lines.${i}.number`] = [`${line.name}：已无可申请售后的数量`];
      else if (l.number > remaining) errors[`lines.${i}.number`] = [`${line.name}：最多可申请${remaining}件`];
      goodsAmount += l.number * line.price;
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    // Never more back than the order can still give back (orders/refunds.ts) less what other open
    // requests already claim.
    let amount = 0;
    if (isRefundKind(req.kind)) {
      const left = totalOf((await orderMoney(tx, order.id)).refundable);
      const promised = existing
        .filter((e) => isRefundKind(e.kind) && isOpenAfterSale(e.status as AfterSaleStatus))
        .reduce((s, e) => s + e.amount, 0);
      amount = Math.max(0, Math.min(goodsAmount, left - promised));
    }

    const photoIds = await storePhotos(tx, order.companyId, 'after_sale', photos, now);
    const kindText = AFTER_SALE_KIND_TEXT[req.kind];
    const history: StoredEvent[] = [{ time: now.toISOString(), text: `提交${kindText}申请：${req.reason}` }];
    const [row] = await tx
      .insert(afterSales)
      .values({
        orderId: order.id,
        companyId: order.companyId,
        kind: req.kind,
        reason: req.reason,
        description: req.description,
        lines: req.lines.map((l) => ({ order_line_id: l.order_line_id, number: l.number })),
        photos: photoIds.map(String),
        amount,
        status: 'submitted',
        history,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: afterSales.id });

    await tx.update(orders).set({ status: 'after_sale', updatedAt: now }).where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: status,
      toStatus: 'after_sale',
      note: `申请售后（${kindText}），售后单号 ${row.id}`,
      actor: 'buyer',
      createdAt: now,
    });
    return row.id;
  });
}

// ---- reads ------------------------------------------------------------------------------------

type AfterSaleRow = typeof afterSales.$inferSelect & { orderNo: string };

async function toViews(db: Db, rows: AfterSaleRow[]): Promise<AfterSale[]> {
  const lineIds = [...new Set(rows.flatMap((r) => (r.lines as StoredLine[]).map((l) => l.order_line_id)))];
  const lineRows =
    lineIds.length === 0
      ? []
      : await db
          .select({ id: orderLines.id, name: orderLines.name, price: orderLines.price })
          .from(orderLines)
          .where(inArray(orderLines.id, lineIds));
  const lines = new Map(lineRows.map((l) => [l.id, l]));
  return rows.map((r) => ({
    id: r.id,
    order_id: r.orderId,
    order_no: r.orderNo,
    kind: r.kind,
    reason: r.reason,
    description: r.description,
    lines: (r.lines as StoredLine[]).map((l) => ({
      order_line_id: l.order_line_id,
      name: lines.get(l.order_line_id)?.name ?? '',
      number: l.number,
      price: lines.get(l.order_line_id)?.price ?? 0,
    })),
    photos: r.photos.map((id) => uploadUrl(id)),
    amount: r.amount,
    status: r.status as AfterSaleStatus,
    history: (r.history as StoredEvent[]).map((h) => ({ time: seconds(new Date(h.time)), text: h.text })),
    created_at: seconds(r.createdAt),
  }));
}

const withOrderNo = { ...getTableColumns(afterSales), orderNo: orders.orderNo };

/** The companies' requests, newest first. */
export async function listAfterSales(
  db: Db,
  companyIds: readonly number[],
  page: number,
  pageSize: number,
): Promise<Page<AfterSale>> {
  const where = inArray(afterSales.companyId, [...companyIds]);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(withOrderNo)
      .from(afterSales)
      .innerJoin(orders, eq(orders.id, afterSales.orderId))
      .where(where)
      .orderBy(desc(afterSales.createdAt), desc(afterSales.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(afterSales).where(where),
  ]);
  return { list: await toViews(db, rows), total: n, page, page_size: pageSize };
}

/** One request, 404 unless it belongs to `companyIds` (null: any company, for operators). */
export async function getAfterSale(db: Db, companyIds: readonly number[] | null, id: number): Promise<AfterSale> {
  const [row] = await db
    .select(withOrderNo)
    .from(afterSales)
    .innerJoin(orders, eq(orders.id, afterSales.orderId))
    .where(eq(afterSales.id, id))
    .limit(1);
  if (companyIds !== null) assertOwns(companyIds, row?.companyId, AFTER_SALE_NOT_FOUND);
  else if (!row) throw notFound(AFTER_SALE_NOT_FOUND);
  const [view] = await toViews(db, [row]);
  return view;
}
