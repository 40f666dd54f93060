// The ERP's order feed (issue 34 §1, orders:read): every new or changed order once per change, in
// the order of orders.change_seq. The position is taken at commit by a deferred trigger under one
// counter row's lock (migration 0030), so positions become visible strictly in order: a reader
// paging `change_seq > cursor` never passes a position that a transaction still in flight will
// later commit, and never sees one twice (docs/decisions/order-feed.md). An order changed again
// moves to a new, later position and comes again — as a change, not a repeat.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { rowsOf } from '../goods/search.ts';

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

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The orders after `cursor`, oldest change first, at most `limit`. One statement builds the page as
 * JSON inside the database (lines, their 追溯码 and the invoice requests by correlated json_agg on
 * their indexes): a page of 500 orders is one text value to read instead of thousands of rows to
 * decode, which is what the 10,000-order budget needs on PGlite (bench/order-feed.ts).
 */
export async function orderFeed(db: Db, cursor: number, limit: number): Promise<FeedPage> {
  const res = await db.execute(sql`
    SELECT coalesce(json_agg(x ORDER BY x.change_seq), '[]')::text AS page FROM (
      SELECT o.id, o.order_no, o.change_seq::float8 AS change_seq, o.erp_acked_seq >= o.change_seq AS acknowledged, o.status, o.kind,
        json_build_object('id', c.id, 'name', c.name, 'credit_code', c.credit_code) AS company,
        ${ts('o.created_at')} AS created_at, ${ts('o.updated_at')} AS updated_at, ${ts('o.paid_at')} AS paid_at,
        json_build_object('goods_amount', o.goods_amount, 'manjian_amount', o.manjian_amount, 'coupon_amount', o.coupon_amount,
          'voucher_amount', o.voucher_amount, 'shipping_amount', o.shipping_amount, 'balance_amount', o.balance_amount,
          'pay_amount', o.pay_amount, 'paid_amount', o.paid_amount) AS amounts,
        o.pay_method, o.address, CASE WHEN o.invoice = '{}'::jsonb THEN NULL ELSE o.invoice END AS invoice,
        coalesce((SELECT json_agg(json_build_object('id', i.id, 'kind', i.kind, 'title', i.title, 'tax_no', i.tax_no, 'amount', i.amount, 'status', i.status))
          FROM invoices i WHERE i.order_id = o.id), '[]') AS invoice_requests,
        o.remark,
        coalesce((SELECT json_agg(json_build_object('id', l.id, 'goods_id', l.goods_id, 'external_code', g.external_code, 'name', l.name,
            'ypgg', l.ypgg, 'sccj', l.sccj, 'bzdw', l.bzdw, 'number', l.number, 'price', l.price, 'amount', l.amount,
            'batch_no', l.batch_no, 'expires_on', l.expires_on, 'type', l.type,
            'trace_codes', coalesce((SELECT json_agg(t.code ORDER BY t.id) FROM trace_codes t WHERE t.order_id = o.id AND t.order_line_id = l.id), '[]'))
            ORDER BY l.id)
          FROM order_lines l JOIN goods g ON g.id = l.goods_id WHERE l.order_id = o.id), '[]') AS lines
      FROM orders o JOIN companies c ON c.id = o.company_id
      WHERE o.change_seq > ${cursor}
      ORDER BY o.change_seq
      LIMIT ${limit}
    ) x`);
  const orders = JSON.parse(rowsOf<{ page: string }>(res)[0]!.page) as FeedOrder[];
  if (orders.length === 0) return { orders: [], next_cursor: cursor, has_more: false };
  return { orders, next_cursor: orders[orders.length - 1]!.change_seq, has_more: orders.length === limit };
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
  const found =
    ids.length === 0
      ? []
      : await db.select({ id: orders.id, seq: orders.changeSeq }).from(orders).where(inArray(orders.id, ids));
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
