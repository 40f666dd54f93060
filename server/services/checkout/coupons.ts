// Coupons (优惠券) and cash vouchers (现金券) a company holds, and what each saves on an order.
// Rules (decided, docs/api.md "Money (decided)" under "Checkout, payments and orders"):
// - A coupon applies to the coupon-eligible goods (normal-priced lines after their 满减/满折
//   share: the cart's with_coupon), within its scope (template scope.category_l1, when set).
//   It is usable when that base reaches its threshold; it takes `amount` off, or with
//   discount_percent the base minus the paid part rounded down (the buyer's favour), at most
//   `amount` when amount > 0 — never more than the base.
// - A voucher is like cash: it applies to the goods after 满减 and the coupon (not to shipping),
//   from its threshold, at most that amount.
// - One coupon and one voucher per order. The best one saves the most; ties go to the one that
//   expires first, then the lower id.
import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companyCoupons, couponTemplates } from '../../db/schema.ts';
import type { CompanyCoupon } from '@domain/orders.ts';
import { formatFen } from '@domain/money.ts';
import { seconds } from '../orders/status.ts';

export interface HeldCoupon {
  id: number;
  kind: 'coupon' | 'voucher';
  name: string;
  threshold: number;
  amount: number;
  discountPercent: number | null;
  /** Root categories the coupon is limited to, null = every goods. */
  scopeL1: number[] | null;
  expiresAt: Date;
}

const scopeSchema = z.object({ category_l1: z.array(z.number().int()).min(1).optional() }).catch({});

/** Unused, unexpired coupons and vouchers of the company, soonest to expire first. */
export async function loadHeldCoupons(db: Db, companyId: number, now: Date): Promise<HeldCoupon[]> {
  const rows = await db
    .select({
      id: companyCoupons.id,
      kind: couponTemplates.kind,
      name: couponTemplates.name,
      threshold: couponTemplates.threshold,
      amount: couponTemplates.amount,
      discountPercent: couponTemplates.discountPercent,
      scope: couponTemplates.scope,
      expiresAt: companyCoupons.expiresAt,
    })
    .from(companyCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, companyCoupons.templateId))
    .where(
      and(eq(companyCoupons.companyId, companyId), eq(companyCoupons.status, 0), gt(companyCoupons.expiresAt, now)),
    )
    .orderBy(asc(companyCoupons.expiresAt), asc(companyCoupons.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    threshold: r.threshold,
    amount: r.amount,
    discountPercent: r.discountPercent,
    scopeL1: scopeSchema.parse(r.scope).category_l1 ?? null,
    expiresAt: r.expiresAt,
  }));
}

/** What the order's goods offer a coupon: the eligible amount, in total and per root category. */
export interface CouponBase {
  total: number;
  byL1: ReadonlyMap<number, number>;
}

export interface Evaluation {
  usable: boolean;
  saving: number;
  reason: string | null;
}

const shortOf = (threshold: number, base: number) =>
  `满${formatFen(threshold)}元可用，还差${formatFen(threshold - base)}元`;

export function couponBaseFor(c: HeldCoupon, base: CouponBase): number {
  if (!c.scopeL1) return base.total;
  return c.scopeL1.reduce((s, id) => s + (base.byL1.get(id) ?? 0), 0);
}

/** A coupon (kind 'coupon') against the order. */
export function evaluateCoupon(c: HeldCoupon, base: CouponBase): Evaluation {
  const b = couponBaseFor(c, base);
  if (b <= 0) return { usable: false, saving: 0, reason: c.scopeL1 ? '仅限指定品类商品使用' : '所选商品不参与用券' };
  if (b < c.threshold) return { usable: false, saving: 0, reason: shortOf(c.threshold, b) };
  let saving: number;
  if (c.discountPercent !== null) {
    const percent = Math.min(100, Math.max(0, c.discountPercent));
    saving = b - Math.floor((b * percent) / 100);
    if (c.amount > 0) saving = Math.min(saving, c.amount);
  } else {
    saving = Math.min(c.amount, b);
  }
  return { usable: saving > 0, saving: Math.max(0, saving), reason: saving > 0 ? null : '所选商品不参与用券' };
}

/** A voucher (kind 'voucher') against what is left to pay for the goods. */
export function evaluateVoucher(v: HeldCoupon, base: number): Evaluation {
  if (base <= 0) return { usable: false, saving: 0, reason: '订单金额已为0' };
  if (base < v.threshold) return { usable: false, saving: 0, reason: shortOf(v.threshold, base) };
  const saving = Math.min(v.amount, base);
  return { usable: saving > 0, saving, reason: saving > 0 ? null : '订单金额已为0' };
}

/** The id saving the most (ties: the list order, i.e. soonest to expire), or null. */
export function bestOf(list: readonly { coupon: HeldCoupon; ev: Evaluation }[]): HeldCoupon | null {
  let best: { coupon: HeldCoupon; ev: Evaluation } | null = null;
  for (const x of list) if (x.ev.usable && (best === null || x.ev.saving > best.ev.saving)) best = x;
  return best?.coupon ?? null;
}

export function couponView(c: HeldCoupon, ev?: Evaluation): CompanyCoupon {
  const view: CompanyCoupon = {
    id: c.id,
    kind: c.kind,
    name: c.name,
    threshold: c.threshold,
    amount: c.amount,
    expires_at: seconds(c.expiresAt),
  };
  if (ev) {
    view.usable = ev.usable;
    view.saving = ev.saving;
    if (ev.reason) view.unusable_reason = ev.reason;
  }
  return view;
}

/** Usable first, by saving; then the rest in expiry order. */
export function sortForPicker(views: CompanyCoupon[]): CompanyCoupon[] {
  return views
    .map((v, i) => ({ v, i }))
    .sort(
      (a, b) =>
        Number(b.v.usable ?? false) - Number(a.v.usable ?? false) || (b.v.saving ?? 0) - (a.v.saving ?? 0) || a.i - b.i,
    )
    .map((x) => x.v);
}
