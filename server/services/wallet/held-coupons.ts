// The coupons and cash vouchers a company holds, by state (GET /api/user/coupon, couponNum): the
// /yhq and /xjq tabs. A coupon's state is read with the clock, not only from its status column:
// one still marked unused (0) whose expires_at has passed is 已过期, so a list never offers a
// coupon checkout would refuse, and nothing has to sweep statuses for the pages to be right.
import { and, asc, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { categories, companyCoupons, couponTemplates } from '../../db/schema.ts';
import { seconds } from '../orders/status.ts';
import {
  EXPIRING_SOON_DAYS,
  type CouponCounts,
  type CouponCountsOfKind,
  type CouponKind,
  type CouponStatus,
  type HeldCouponView,
} from '@domain/wallet.ts';
import type { Page } from '@domain/envelope.ts';

const DAY_MS = 86_400_000;
const scopeSchema = z.object({ category_l1: z.array(z.number().int()).min(1).optional() }).catch({});

/** The rows of one state at `now`. */
function stateWhere(status: CouponStatus, now: Date): SQL | undefined {
  if (status === 0) return and(eq(companyCoupons.status, 0), gt(companyCoupons.expiresAt, now));
  if (status === 1) return eq(companyCoupons.status, 1);
  return or(eq(companyCoupons.status, 2), and(eq(companyCoupons.status, 0), lte(companyCoupons.expiresAt, now)));
}

/** Usable: soonest to expire first; used: last used first; expired: last expired first. */
function stateOrder(status: CouponStatus) {
  if (status === 0) return [asc(companyCoupons.expiresAt), asc(companyCoupons.id)];
  if (status === 1) return [desc(companyCoupons.usedAt), desc(companyCoupons.id)];
  return [desc(companyCoupons.expiresAt), desc(companyCoupons.id)];
}

function scopeText(kind: CouponKind, names: string[]): string {
  if (kind === 'voucher') return '全场商品可用（不抵运费）';
  return names.length > 0 ? `限${names.join('、')}类商品使用` : '全场正价商品可用';
}

export interface CouponListQuery {
  kind: CouponKind;
  status: CouponStatus;
  page: number;
  pageSize: number;
}

export async function listHeldCoupons(
  db: Db,
  companyId: number,
  q: CouponListQuery,
  now: Date,
): Promise<Page<HeldCouponView>> {
  const where = and(
    eq(companyCoupons.companyId, companyId),
    eq(couponTemplates.kind, q.kind),
    stateWhere(q.status, now),
  );
  const [[{ n }], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, companyCoupons.templateId))
      .where(where),
    db
      .select({ held: companyCoupons, t: couponTemplates })
      .from(companyCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, companyCoupons.templateId))
      .where(where)
      .orderBy(...stateOrder(q.status))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { list: await toViews(db, rows, q.status, now), total: n, page: q.page, page_size: q.pageSize };
}

/** Usable coupons and vouchers expiring within EXPIRING_SOON_DAYS, soonest first. */
export async function expiringSoon(db: Db, companyId: number, now: Date, limit: number): Promise<HeldCouponView[]> {
  const rows = await db
    .select({ held: companyCoupons, t: couponTemplates })
    .from(companyCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, companyCoupons.templateId))
    .where(
      and(
        eq(companyCoupons.companyId, companyId),
        stateWhere(0, now),
        lte(companyCoupons.expiresAt, new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS)),
      ),
    )
    .orderBy(...stateOrder(0))
    .limit(limit);
  return toViews(db, rows, 0, now);
}

type Row = { held: typeof companyCoupons.$inferSelect; t: typeof couponTemplates.$inferSelect };

async function toViews(db: Db, rows: Row[], status: CouponStatus, now: Date): Promise<HeldCouponView[]> {
  const scopes = rows.map((r) => scopeSchema.parse(r.t.scope).category_l1 ?? []);
  const ids = [...new Set(scopes.flat())];
  const names =
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db
              .select({ id: categories.id, name: categories.name })
              .from(categories)
              .where(inArray(categories.id, ids))
          ).map((c) => [c.id, c.name]),
        );
  const soon = now.getTime() + EXPIRING_SOON_DAYS * DAY_MS;
  return rows.map(({ held, t }, i) => ({
    id: held.id,
    kind: t.kind,
    name: t.name,
    status,
    threshold: t.threshold,
    amount: t.amount,
    discount_percent: t.discountPercent,
    scope_text: scopeText(
      t.kind,
      scopes[i].map((id) => names.get(id)).filter((x): x is string => x !== undefined),
    ),
    scope_category_ids: scopes[i],
    received_at: seconds(held.receivedAt),
    expires_at: seconds(held.expiresAt),
    used_at: held.usedAt ? seconds(held.usedAt) : null,
    used_order_id: held.usedOrderId,
    expiring_soon: status === 0 && held.expiresAt.getTime() <= soon,
  }));
}

const emptyCounts = (): CouponCountsOfKind => ({ usable: 0, used: 0, expired: 0, expiring_soon: 0 });

/** Per kind: how many coupons are in each tab, and how many usable ones expire soon. One statement. */
export async function countHeldCoupons(db: Db, companyId: number, now: Date): Promise<CouponCounts> {
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS);
  const usable = stateWhere(0, now);
  const expired = stateWhere(2, now);
  const rows = await db
    .select({
      kind: couponTemplates.kind,
      usable: sql<number>`count(*) filter (where ${usable})::int`,
      used: sql<number>`count(*) filter (where ${companyCoupons.status} = 1)::int`,
      expired: sql<number>`count(*) filter (where ${expired})::int`,
      expiringSoon: sql<number>`count(*) filter (where ${and(usable, lte(companyCoupons.expiresAt, soon))})::int`,
    })
    .from(companyCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, companyCoupons.templateId))
    .where(eq(companyCoupons.companyId, companyId))
    .groupBy(couponTemplates.kind);
  const out: CouponCounts = { coupon: emptyCounts(), voucher: emptyCounts() };
  for (const r of rows)
    out[r.kind] = { usable: r.usable, used: r.used, expired: r.expired, expiring_soon: r.expiringSoon };
  return out;
}
