// The console's dashboard: what is waiting for someone, counted from the live tables.
import { and, asc, count, eq, gte, inArray, lte, ne, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { afterSales, companies, goods, orders, qualificationFiles } from '../../db/schema.ts';
import { LOW_STOCK_THRESHOLD, type DashboardCounts } from '@domain/admin.ts';
import { recentMoneySettingsChanges } from './site-settings.ts';

/** Statuses where an order waits on the buyer or on us. */
export const WAITING_ORDER_STATUSES = [
  'pending_payment',
  'awaiting_transfer',
  'paid',
  'shipped',
  'after_sale',
] as const;
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const LOW_STOCK_LIST = 10;

/** Midnight in Shanghai (the shop's day) of `now`, as an instant. */
export function shanghaiDayStart(now: Date): Date {
  const local = now.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - SHANGHAI_OFFSET_MS);
}

export async function dashboardCounts(db: Db, now: Date): Promise<DashboardCounts> {
  // Today's orders: placed since midnight and not cancelled; the amount is what the buyer pays
  // in money (online or transfer, plus wallet balance), before coupons and vouchers are netted.
  const [today] = await db
    .select({ orders: count(), amount: sum(sql`${orders.payAmount} + ${orders.balanceAmount}`) })
    .from(orders)
    .where(
      and(gte(orders.createdAt, shanghaiDayStart(now)), ne(orders.status, 'cancelled'), eq(orders.kind, 'normal')),
    );

  const waitingRows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(inArray(orders.status, [...WAITING_ORDER_STATUSES]))
    .groupBy(orders.status);
  const ordersWaiting: Record<string, number> = Object.fromEntries(WAITING_ORDER_STATUSES.map((s) => [s, 0]));
  for (const r of waitingRows) ordersWaiting[r.status] = r.n;

  const [registrations] = await db.select({ n: count() }).from(companies).where(eq(companies.reviewStatus, 'pending'));
  // A renewal: an approved company uploaded new files that nobody has looked at yet.
  const [renewals] = await db
    .select({ n: sql<number>`count(distinct ${qualificationFiles.companyId})::int` })
    .from(qualificationFiles)
    .innerJoin(companies, eq(companies.id, qualificationFiles.companyId))
    .where(and(eq(qualificationFiles.status, 'pending'), eq(companies.reviewStatus, 'approved')));
  const [afterSalesWaiting] = await db
    .select({ n: count() })
    .from(afterSales)
    .where(eq(afterSales.status, 'submitted'));

  const lowStockWhere = and(eq(goods.isOnSale, true), lte(goods.stock, LOW_STOCK_THRESHOLD));
  const [lowCount] = await db.select({ n: count() }).from(goods).where(lowStockWhere);
  const low = await db
    .select({ id: goods.id, name: goods.name, sccj: goods.sccj, stock: goods.stock })
    .from(goods)
    .where(lowStockWhere)
    .orderBy(asc(goods.stock), asc(goods.id))
    .limit(LOW_STOCK_LIST);

  return {
    today: { orders: today.orders, amount: Number(today.amount ?? 0) },
    orders_waiting: ordersWaiting,
    registrations_pending: registrations.n,
    renewals_pending: Number(renewals.n),
    transfers_to_confirm: ordersWaiting.awaiting_transfer ?? 0,
    after_sales_to_decide: afterSalesWaiting.n,
    low_stock: { threshold: LOW_STOCK_THRESHOLD, count: lowCount.n, goods: low },
    money_settings_changes: await recentMoneySettingsChanges(db, now),
  };
}
