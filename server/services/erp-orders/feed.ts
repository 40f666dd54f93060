// The ERP's order feed (issue 34 §1, orders:read): every new or changed order once per change, in
// the order of orders.change_seq. The position is taken at commit by a deferred trigger under one
// counter row's lock (migration 0030), so positions become visible strictly in order: a reader
// paging `change_seq > cursor` never passes a position that a transaction still in flight will
// later commit, and never sees one twice (docs/decisions/order-feed.md). An order changed again
// moves to a new, later position and comes again — as a change, not a repeat.
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, goods, invoices, orderLines, orders, traceCodes } from '../../db/schema.ts';

export const FEED_LIMIT_DEFAULT = 100;
export const FEED_LIMIT_MAX = 500;

export interface FeedLine {
  id: number;
  goods_id: number;
  /** The ERP's own code of the goods (goods.external_code). */
  external_code: string;
  name: string;
  ypgg: string;
  sccj: string;
  bzdw: string;
  number: number;
  /** Fen. */
  price: number;
  amount: number;
  batch_no: string;
  expires_on: string | null;
  /** 0 normal, else a gift/exchange/prize line (src/domain/gifts.ts and friends). */
  type: number;
  trace_codes: string[];
}

export interface FeedOrder {
  id: number;
  order_no: string;
  change_seq: number;
  /** True once the ERP acknowledged this change (POST …/orders/ack). */
  acknowledged: boolean;
  status: string;
  kind: string;
  company: { id: number; name: string; credit_code: string };
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  amounts: {
    goods_amount: number;
    manjian_amount: number;
    coupon_amount: number;
    voucher_amount: number;
    shipping_amount: number;
    balance_amount: number;
    pay_amount: number;
    paid_amount: number;
  };
  pay_method: string | null;
  address: unknown;
  /** The invoice asked for at checkout (orders.invoice), null when none. */
  invoice: unknown;
  /** Invoice requests made after completion (发票申请). */
  invoice_requests: { id: number; kind: string; title: string; tax_no: string; amount: number; status: string }[];
  remark: string;
  lines: FeedLine[];
}

export interface FeedPage {
  orders: FeedOrder[];
  /** Pass back as `cursor` for the next page; unchanged when nothing new. */
  next_cursor: number;
  has_more: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const emptyToNull = (v: unknown) => (v && typeof v === 'object' && Object.keys(v).length > 0 ? v : null);

/** The orders after `cursor`, oldest change first, at most `limit`. */
export async function orderFeed(db: Db, cursor: number, limit: number): Promise<FeedPage> {
  const rows = await db
    .select({ o: orders, companyName: companies.name, creditCode: companies.creditCode })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(gt(orders.changeSeq, cursor))
    .orderBy(asc(orders.changeSeq))
    .limit(limit);
  if (rows.length === 0) return { orders: [], next_cursor: cursor, has_more: false };
  const ids = rows.map((r) => r.o.id);
  const [lines, invs, codes] = await Promise.all([
    db
      .select({ l: orderLines, externalCode: goods.externalCode })
      .from(orderLines)
      .innerJoin(goods, eq(goods.id, orderLines.goodsId))
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.id)),
    db.select().from(invoices).where(inArray(invoices.orderId, ids)).orderBy(asc(invoices.id)),
    codesOf(db, ids),
  ]);
  const out = rows.map(({ o, companyName, creditCode }): FeedOrder => ({
    id: o.id,
    order_no: o.orderNo,
    change_seq: o.changeSeq,
    acknowledged: o.erpAckedSeq >= o.changeSeq,
    status: o.status,
    kind: o.kind,
    company: { id: o.companyId, name: companyName, credit_code: creditCode },
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    paid_at: iso(o.paidAt),
    amounts: {
      goods_amount: o.goodsAmount,
      manjian_amount: o.manjianAmount,
      coupon_amount: o.couponAmount,
      voucher_amount: o.voucherAmount,
      shipping_amount: o.shippingAmount,
      balance_amount: o.balanceAmount,
      pay_amount: o.payAmount,
      paid_amount: o.paidAmount,
    },
    pay_method: o.payMethod,
    address: o.address,
    invoice: emptyToNull(o.invoice),
    invoice_requests: invs
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ id: i.id, kind: i.kind, title: i.title, tax_no: i.taxNo, amount: i.amount, status: i.status })),
    remark: o.remark,
    lines: lines
      .filter((x) => x.l.orderId === o.id)
      .map(({ l, externalCode }) => ({
        id: l.id,
        goods_id: l.goodsId,
        external_code: externalCode,
        name: l.name,
        ypgg: l.ypgg,
        sccj: l.sccj,
        bzdw: l.bzdw,
        number: l.number,
        price: l.price,
        amount: l.amount,
        batch_no: l.batchNo,
        expires_on: l.expiresOn,
        type: l.type,
        trace_codes: codes.get(l.id) ?? [],
      })),
  }));
  return { orders: out, next_cursor: out[out.length - 1]!.change_seq, has_more: rows.length === limit };
}

async function codesOf(db: Db, orderIds: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ lineId: traceCodes.orderLineId, code: traceCodes.code })
    .from(traceCodes)
    .where(inArray(traceCodes.orderId, [...orderIds]))
    .orderBy(asc(traceCodes.id));
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.lineId, [...(out.get(r.lineId) ?? []), r.code]);
  return out;
}

export interface AckItem {
  id: number;
  change_seq: number;
}

export type AckResult = { id: number; ok: true } | { id: number; ok: false; error: string };

/**
 * The ERP took these orders at these positions. Per item: an unknown order or a position the order
 * never had is refused by name; acknowledging an older position than already acknowledged changes
 * nothing. Writing erp_acked_seq does not move the order in the feed (the trigger ignores it).
 */
export async function acknowledgeOrders(db: Db, items: readonly AckItem[]): Promise<AckResult[]> {
  const ids = [...new Set(items.map((i) => i.id))];
  const found = ids.length === 0 ? [] : await db.select({ id: orders.id, seq: orders.changeSeq }).from(orders).where(inArray(orders.id, ids));
  const seqOf = new Map(found.map((f) => [f.id, f.seq]));
  const results: AckResult[] = [];
  for (const item of items) {
    const seq = seqOf.get(item.id);
    if (seq === undefined) {
      results.push({ id: item.id, ok: false, error: '订单不存在' });
      continue;
    }
    if (item.change_seq > seq) {
      results.push({ id: item.id, ok: false, error: `订单没有变更序号${item.change_seq}（当前为${seq}）` });
      continue;
    }
    await db
      .update(orders)
      .set({ erpAckedSeq: sql`greatest(${orders.erpAckedSeq}, ${item.change_seq})` })
      .where(eq(orders.id, item.id));
    results.push({ id: item.id, ok: true });
  }
  return results;
}
