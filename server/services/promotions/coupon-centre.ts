// 领券中心: the claimable coupon templates running now, with this company's claims, and the claim.
// A claim runs in one transaction that first locks the template row (SELECT … FOR UPDATE): the
// second of two simultaneous claims waits, then counts the first one's coupon, so neither the
// per-company cap nor the total can be exceeded, on PGlite or on a PostgreSQL pool alike.
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { categories, companyCoupons, couponTemplates } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/envelope.ts';
import { seconds } from '../orders/status.ts';
import { CLAIM_MESSAGES, offerState, type CouponClaimResult, type CouponOffer } from '@domain/coupon-centre.ts';

const DAY_MS = 86_400_000;
const scopeSchema = z.object({ category_l1: z.array(z.number().int()).min(1).optional() }).catch({});

type TemplateRow = typeof couponTemplates.$inferSelect;

const running = (now: Date) =>
  and(
    eq(couponTemplates.kind, 'coupon'),
    eq(couponTemplates.claimable, true),
    lte(couponTemplates.startsAt, now),
    gt(couponTemplates.endsAt, now),
  );

async function claimedCounts(db: Db, companyId: number | null, templateIds: number[]): Promise<Map<number, number>> {
  if (companyId === null || templateIds.length === 0) return new Map();
  const rows = await db
    .select({ id: companyCoupons.templateId, n: sql<number>`count(*)::int` })
    .from(companyCoupons)
    .where(and(eq(companyCoupons.companyId, companyId), inArray(companyCoupons.templateId, templateIds)))
    .groupBy(companyCoupons.templateId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function scopeTexts(db: Db, rows: TemplateRow[]): Promise<string[]> {
  const scopes = rows.map((r) => scopeSchema.parse(r.scope).category_l1 ?? []);
  const ids = [...new Set(scopes.flat())];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: categories.id, name: categories.name })
            .from(categories)
            .where(inArray(categories.id, ids))
        ).map((c) => [c.id, c.name]),
  );
  return scopes.map((s) => {
    const n = s.map((id) => names.get(id)).filter((x): x is string => x !== undefined);
    return n.length > 0 ? `限${n.join('、')}类商品使用` : '全场正价商品可用';
  });
}

function toOffer(t: TemplateRow, claimed: number, scopeText: string): CouponOffer {
  const base = { total: t.total, issued: t.issued, per_company: t.perCompany, claimed };
  return {
    id: t.id,
    name: t.name,
    threshold: t.threshold,
    amount: t.amount,
    discount_percent: t.discountPercent,
    scope_text: scopeText,
    ...base,
    valid_days: t.validDays,
    ends_at: seconds(t.endsAt),
    state: offerState(base),
  };
}

/** Claimable coupons now: ending soonest first. A visitor sees them with nothing claimed. */
export async function listCouponOffers(db: Db, companyId: number | null, now: Date): Promise<CouponOffer[]> {
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(running(now))
    .orderBy(asc(couponTemplates.threshold), asc(couponTemplates.id));
  const [claimed, texts] = await Promise.all([
    claimedCounts(
      db,
      companyId,
      rows.map((r) => r.id),
    ),
    scopeTexts(db, rows),
  ]);
  return rows.map((r, i) => toOffer(r, claimed.get(r.id) ?? 0, texts[i]));
}

/** One coupon of template `templateId` for the company, within both caps, or a refusal. */
export async function claimCoupon(
  db: Db,
  companyId: number,
  templateId: number,
  now: Date,
): Promise<CouponClaimResult> {
  return withTx(db, async (tx) => {
    const [t] = await tx
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.id, templateId), running(now)))
      .limit(1)
      .for('update');
    if (!t) throw notFound(CLAIM_MESSAGES.notFound);
    const claimed = (await claimedCounts(tx, companyId, [t.id])).get(t.id) ?? 0;
    if (t.perCompany > 0 && claimed >= t.perCompany)
      throw new AppError(409, 409, `${CLAIM_MESSAGES.perCompany}${t.perCompany}张`);
    if (t.total > 0 && t.issued >= t.total) throw new AppError(409, 409, CLAIM_MESSAGES.soldOut);
    const [updated] = await tx
      .update(couponTemplates)
      .set({ issued: sql`${couponTemplates.issued} + 1` })
      .where(eq(couponTemplates.id, t.id))
      .returning();
    const expiresAt = new Date(now.getTime() + t.validDays * DAY_MS);
    const [held] = await tx
      .insert(companyCoupons)
      .values({ companyId, templateId: t.id, status: 0, receivedAt: now, expiresAt })
      .returning({ id: companyCoupons.id });
    const [text] = await scopeTexts(tx, [updated]);
    return { coupon_id: held.id, expires_at: seconds(expiresAt), offer: toOffer(updated, claimed + 1, text) };
  });
}
