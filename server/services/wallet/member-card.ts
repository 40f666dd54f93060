// GET /api/user/member_card: the member centre (/user) in one answer — who the member is, its
// contacts, its normal orders per order-list tab, its wallet and the coupons about to expire.
// The header does not load the user base on this route (SPEC §2), so this is the page's only
// call. Unpaid orders past their window are cancelled first, as the order list does, so the
// counts match the tabs they link to.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, orders, users } from '../../db/schema.ts';
import { ORDER_TABS, type OrderTabKey } from '@domain/orders.ts';
import type { MemberCard } from '@domain/wallet.ts';
import { staffMember } from '../account/user-base.ts';
import { expireDueOrders } from '../order-expiry.ts';
import { loadWallet } from '../payments/wallet.ts';
import { countHeldCoupons, expiringSoon } from './held-coupons.ts';

const EXPIRING_SHOWN = 5;

export async function orderCountsByTab(db: Db, companyId: number): Promise<Record<OrderTabKey, number>> {
  const perStatus = await db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.kind, 'normal')))
    .groupBy(orders.status);
  const byStatus = new Map<string, number>(perStatus.map((r) => [r.status, r.n]));
  const counts = {} as Record<OrderTabKey, number>;
  for (const t of ORDER_TABS) {
    const list = t.statuses as readonly string[];
    counts[t.key] =
      list.length === 0
        ? [...byStatus.values()].reduce((a, b) => a + b, 0)
        : list.reduce((s, st) => s + (byStatus.get(st) ?? 0), 0);
  }
  return counts;
}

export async function memberCard(db: Db, userId: number, companyId: number, now: Date): Promise<MemberCard> {
  await expireDueOrders(db, now, companyId);
  const [[row], counts, wallet, coupons, expiring] = await Promise.all([
    db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId))
      .limit(1),
    orderCountsByTab(db, companyId),
    loadWallet(db, companyId),
    countHeldCoupons(db, companyId, now),
    expiringSoon(db, companyId, now, EXPIRING_SHOWN),
  ]);
  const { user, company } = row;
  const [manager, salesperson] = await Promise.all([
    staffMember(db, company.accountManagerId, 'account_manager'),
    company.salespersonId ? staffMember(db, company.salespersonId, 'salesperson') : Promise.resolve(null),
  ]);
  return {
    user: { username: user.username, name: user.name },
    company: {
      name: company.name,
      rank: company.rank,
      review_status: company.reviewStatus,
      is_passed: company.reviewStatus === 'approved' ? 1 : 0,
    },
    account_manager: manager ? { name: manager.name, phone: manager.phone } : null,
    salesperson: salesperson ? { name: salesperson.name, phone: salesperson.phone } : null,
    order_counts: counts,
    wallet,
    coupons,
    expiring,
  };
}
