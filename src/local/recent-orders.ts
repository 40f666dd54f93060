// Recent orders kept on the device so the buyer can open them and "buy again" with no connection:
// the lines go into the cart draft like any offline add (the server re-checks them on sync).
import type { CartAddLine } from '../domain/cart-types';
import type { GoodsListItem } from '../domain/catalog';
import type { OrderDetail, OrderSummary } from '../domain/orders';
import type { LocalDb, RecentOrderRow } from './db';
import { storedRows } from './snapshot-rows';
import { guardQuota } from './storage';

/** Enough for "the last few weeks" of a pharmacy's orders without growing forever. */
export const RECENT_ORDERS_MAX = 50;

function isDetail(order: OrderSummary | OrderDetail): order is OrderDetail {
  return 'amounts' in order;
}

/** Stores orders the page loaded online; a detail is never replaced by its shorter summary. */
export function rememberOrders(
  db: LocalDb,
  orders: readonly (OrderSummary | OrderDetail)[],
  now: number = Date.now(),
): Promise<void> {
  return guardQuota(() =>
    db.transaction('rw', [db.recentOrders], async () => {
      const prev = await db.recentOrders.bulkGet(orders.map((o) => o.id));
      const rows: RecentOrderRow[] = orders.map((order, i) => {
        const old = prev[i]?.order;
        const keep = old && isDetail(old) && !isDetail(order);
        return { id: order.id, order: keep ? { ...old, ...order, lines: old.lines } : order, savedAt: now };
      });
      await db.recentOrders.bulkPut(rows);
      const all = await db.recentOrders.toArray();
      if (all.length > RECENT_ORDERS_MAX) {
        const drop = all
          .sort((a, b) => b.order.created_at - a.order.created_at)
          .slice(RECENT_ORDERS_MAX)
          .map((r) => r.id);
        await db.recentOrders.bulkDelete(drop);
      }
    }),
  );
}

/** The stored full detail of an order (with its lines' 追溯码), or null when only its summary or nothing is kept. */
export async function storedOrderDetail(db: LocalDb, orderId: number): Promise<OrderDetail | null> {
  const row = await db.recentOrders.get(orderId);
  return row && isDetail(row.order) ? row.order : null;
}

export async function listRecentOrders(db: LocalDb): Promise<(OrderSummary | OrderDetail)[]> {
  const rows = await db.recentOrders.toArray();
  return rows.map((r) => r.order).sort((a, b) => b.created_at - a.created_at);
}

export interface BuyAgain {
  lines: CartAddLine[];
  /** Cards from the snapshot for the lines, so the offline cart can show them. */
  goods: GoodsListItem[];
  /** True when only the order's summary is stored and it lists fewer lines than the order has. */
  partial: boolean;
}

/** The cart lines of "buy again" for a stored order, or null when the order is not stored. */
export async function buyAgainLines(db: LocalDb, orderId: number): Promise<BuyAgain | null> {
  const row = await db.recentOrders.get(orderId);
  if (!row) return null;
  const order = row.order;
  const counts = new Map<number, number>();
  for (const l of order.lines) counts.set(l.goods_id, (counts.get(l.goods_id) ?? 0) + l.number);
  const snaps = await storedRows(db, [...counts.keys()]);
  const goods = snaps.filter((s) => s !== undefined).map((s) => s.item);
  const byId = new Map(goods.map((g) => [g.id, g]));
  const lines = [...counts].map(([goods_id, number]): CartAddLine => {
    const g = byId.get(goods_id);
    // ck_id and price are advisory (the server uses its own); 0 / absent when unknown here.
    return g
      ? { goods_id, number, ck_id: g.ck_id, ...(g.price === null ? {} : { price: g.price }) }
      : { goods_id, number, ck_id: 0 };
  });
  return { lines, goods, partial: !isDetail(order) && order.line_count > order.lines.length };
}
