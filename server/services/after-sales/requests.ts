// After-sales (售后): a buyer's request on lines of a paid, shipped or recently completed order,
// the read views, and the operator's steps (a dev endpoint stands in for the back office).
// Creation runs under a row lock on the order, so two requests cannot both claim the same units.
// While any request of an order is open the order shows 售后中 (status after_sale); when the last
// one ends the order returns to the status it had before, read back from order_status_history.
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { afterSales, companies, orderLines, orderStatusHistory, orders, walletLedger, wallets } from '../../db/schema.ts';
import { AppError, badRequest, notFound, validationError } from '../../http/envelope.ts';
import { assertOwns } from '../../auth/session.ts';
import type { AfterSale, AfterSaleKind, AfterSaleStatus, OrderStatus } from '../../../src/domain/orders.ts';
import {
  AFTER_SALE_KIND_TEXT,
  AFTER_SALE_PHOTO_MAX_BYTES,
  AFTER_SALE_PHOTOS_MAX,
  AFTER_SALE_WINDOW_DAYS,
  OPEN_AFTER_SALE_STATUSES,
  canRequestAfterSale,
  isOpenAfterSale,
  isRefundKind,
} from '../../../src/domain/orders-after-sale.ts';
import { formatPrice } from '../../../src/domain/money.ts';
import type { Page } from '../../../src/domain/envelope.ts';
import { checkPhotos, storePhotos, uploadUrl } from './photos.ts';
import { refundedOnline, refundOnlinePart } from './gateway-refund.ts';
import type { PayConfig } from '../payments/pay.ts';
import { notifyCompany } from '../messages/notify.ts';
import { afterSaleDecidedMessage } from '../messages/texts.ts';
import { settleOrderCashback } from '../promotions/cashback.ts';

export const ORDER_NOT_FOUND = '订单不存在';
export const AFTER_SALE_NOT_FOUND = '售后单不存在';

interface StoredLine {
  order_line_id: number;
  number: number;
}
interface StoredEvent {
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
async function statusBeforeAfterSale(db: Db, orderId: number): Promise<OrderStatus | null> {
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

function lockOrder(tx: Db, orderId: number) {
  return tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
}

/** Units of each line already claimed by the order's open requests. */
function claimedByOpen(rows: { lines: unknown; status: string }[]): Map<number, number> {
  const claimed = new Map<number, number>();
  for (const r of rows) {
    if (!isOpenAfterSale(r.status as AfterSaleStatus)) continue;
    for (const l of r.lines as StoredLine[]) claimed.set(l.order_line_id, (claimed.get(l.order_line_id) ?? 0) + l.number);
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
  const photos = await checkPhotos(req.photos, { maxCount: AFTER_SALE_PHOTOS_MAX, maxBytes: AFTER_SALE_PHOTO_MAX_BYTES });

  return withTx(db, async (tx) => {
    const [order] = await lockOrder(tx, orderId);
    assertOwns(companyIds, order?.companyId, ORDER_NOT_FOUND);

    const [company] = await tx.select({ isAfterSale: companies.isAfterSale }).from(companies).where(eq(companies.id, order.companyId));
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
      .select({ id: orderLines.id, name: orderLines.name, number: orderLines.number, price: orderLines.price, returned: orderLines.returnedNumber })
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

    // Never more back than was paid: the order's payments less what other requests already claim.
    let amount = 0;
    if (isRefundKind(req.kind)) {
      const paid = order.paidAmount + order.balanceAmount;
      const promised = existing
        .filter((e) => isRefundKind(e.kind) && e.status !== 'rejected' && e.status !== 'closed')
        .reduce((s, e) => s + e.amount, 0);
      amount = Math.max(0, Math.min(goodsAmount, paid - promised));
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
export async function listAfterSales(db: Db, companyIds: readonly number[], page: number, pageSize: number): Promise<Page<AfterSale>> {
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

// ---- operator steps (demo back office) --------------------------------------------------------

/** The next status of each kind's path; return goods travel back before the refund. */
function nextStatus(kind: AfterSaleKind, status: AfterSaleStatus): AfterSaleStatus | null {
  if (status === 'submitted') return 'approved';
  if (status === 'approved') return kind === 'return' ? 'returning' : isRefundKind(kind) ? 'refunded' : 'closed';
  if (status === 'returning') return 'refunded';
  return null;
}

/** Where a refund went: the online part back through its gateway, the rest to the wallet. */
function refundText(amount: number, online: number): string {
  if (online === 0) return `退款${formatPrice(amount)}已退回账户余额`;
  const back = `退款${formatPrice(online)}已原路退回`;
  return amount > online ? `${back}，${formatPrice(amount - online)}已退回账户余额` : back;
}

function stepText(kind: AfterSaleKind, to: AfterSaleStatus): string {
  switch (to) {
    case 'approved':
      return '客服已审核通过您的售后申请';
    case 'returning':
      return '请将商品寄回广州仓，仓库收货后为您退款';
    case 'closed':
      return kind === 'exchange' ? '换货商品已发出，售后完成' : '补发商品已发出，售后完成';
    case 'rejected':
      return '售后申请未通过审核，如有疑问请联系客服';
    default:
      return '';
  }
}

/** Credits the company's wallet balance and writes the ledger row. */
async function creditBalance(tx: Db, companyId: number, amount: number, orderId: number, afterSaleId: number, now: Date): Promise<void> {
  const [wallet] = await tx
    .insert(wallets)
    .values({ companyId, balance: amount, updatedAt: now })
    .onConflictDoUpdate({ target: wallets.companyId, set: { balance: sql`${wallets.balance} + ${amount}`, updatedAt: now } })
    .returning({ balance: wallets.balance });
  await tx.insert(walletLedger).values({
    companyId,
    account: 'balance',
    amount,
    balanceAfter: wallet.balance,
    useType: 'refund',
    orderId,
    remark: `售后退款（售后单号 ${afterSaleId}）`,
    createdAt: now,
  });
}

/**
 * Moves a request one step (submitted → approved → returning → refunded for returns; refunds skip
 * returning; exchanges and reissues end closed) or rejects an open one. Refunding sends the part
 * paid online back through its gateway first (gateway-refund.ts: a refusal throws and leaves the
 * request where it was), credits the rest to the wallet and marks the units returned; the order
 * leaves after_sale when its last request ends.
 */
export async function advanceAfterSale(db: Db, config: PayConfig, id: number, now: Date, reject = false): Promise<void> {
  const [peek] = await db.select({ kind: afterSales.kind, status: afterSales.status }).from(afterSales).where(eq(afterSales.id, id));
  if (!peek) throw notFound(AFTER_SALE_NOT_FOUND);
  if (!reject && nextStatus(peek.kind, peek.status as AfterSaleStatus) === 'refunded') await refundOnlinePart(db, config, id, now);
  await withTx(db, async (tx) => {
    const [head] = await tx.select({ orderId: afterSales.orderId }).from(afterSales).where(eq(afterSales.id, id));
    if (!head) throw notFound(AFTER_SALE_NOT_FOUND);
    // Order first, then the request: the same lock order as creation.
    const [order] = await lockOrder(tx, head.orderId);
    const [as] = await tx.select().from(afterSales).where(eq(afterSales.id, id)).for('update');
    const status = as.status as AfterSaleStatus;
    if (!isOpenAfterSale(status)) throw badRequest('售后单已结束');
    const to = reject ? 'rejected' : nextStatus(as.kind, status);
    if (!to) throw badRequest('售后单已结束');

    const online = to === 'refunded' ? await refundedOnline(tx, as.id) : 0;
    const text = to === 'refunded' ? refundText(as.amount, online) : stepText(as.kind, to);
    const history = [...(as.history as StoredEvent[]), { time: now.toISOString(), text }];
    await tx.update(afterSales).set({ status: to, history, updatedAt: now }).where(eq(afterSales.id, id));
    // The buyer hears of the decision in 我的消息, in the same transaction as the decision.
    const message = afterSaleDecidedMessage({ id: as.id, kind: as.kind, orderNo: order.orderNo }, to, text);
    if (message) await notifyCompany(tx, as.companyId, message, now);

    if (to === 'refunded') {
      for (const l of as.lines as StoredLine[]) {
        await tx
          .update(orderLines)
          .set({ returnedNumber: sql`${orderLines.returnedNumber} + ${l.number}` })
          .where(and(eq(orderLines.id, l.order_line_id), eq(orderLines.orderId, order.id)));
      }
      if (as.amount > online) await creditBalance(tx, as.companyId, as.amount - online, order.id, as.id, now);
      // 满额返现 the smaller order no longer earns goes back (src/domain/cashback.ts).
      await settleOrderCashback(tx, order.id, now);
    }

    if (!isOpenAfterSale(to) && order.status === 'after_sale') {
      const [{ open }] = await tx
        .select({ open: count() })
        .from(afterSales)
        .where(and(eq(afterSales.orderId, order.id), inArray(afterSales.status, [...OPEN_AFTER_SALE_STATUSES])));
      if (open === 0) {
        // Every unit refunded: nothing is left to ship or keep, so the order closes.
        const left = await tx
          .select({ id: orderLines.id })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), sql`${orderLines.returnedNumber} < ${orderLines.number}`))
          .limit(1);
        const closed = left.length === 0;
        const back: OrderStatus = closed ? 'cancelled' : ((await statusBeforeAfterSale(tx, order.id)) ?? 'completed');
        await tx
          .update(orders)
          .set({ status: back, updatedAt: now, ...(closed ? { cancelledAt: now } : {}) })
          .where(eq(orders.id, order.id));
        await tx.insert(orderStatusHistory).values({
          orderId: order.id,
          fromStatus: 'after_sale',
          toStatus: back,
          note: closed ? '商品已全部退款，订单关闭' : '售后处理完毕',
          actor: 'operator',
          createdAt: now,
        });
      }
    }
  });
}
