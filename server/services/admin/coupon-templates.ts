// 领券中心 coupons in the console (运营): the claimable coupon templates, a new one (schedule,
// amount, threshold, limits) and stopping one (claims end now; coupons already claimed stay
// usable until they expire). Each change writes its audit row in the same transaction.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { couponTemplates } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/envelope.ts';
import { seconds } from '../orders/status.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { CouponTemplateRow, Paged } from '@domain/admin.ts';

export const COUPON_NOT_FOUND = '优惠券不存在';

type Row = typeof couponTemplates.$inferSelect;

function toRow(t: Row, now: Date): CouponTemplateRow {
  const state =
    !t.claimable || t.endsAt.getTime() <= now.getTime()
      ? 'ended'
      : t.startsAt.getTime() > now.getTime()
        ? 'scheduled'
        : 'running';
  return {
    id: t.id,
    name: t.name,
    threshold: t.threshold,
    amount: t.amount,
    discount_percent: t.discountPercent,
    total: t.total,
    issued: t.issued,
    per_company: t.perCompany,
    valid_days: t.validDays,
    starts_at: seconds(t.startsAt),
    ends_at: seconds(t.endsAt),
    claimable: t.claimable,
    state,
  };
}

const listed = and(eq(couponTemplates.kind, 'coupon'));

export async function listCouponTemplates(
  db: Db,
  page: number,
  size: number,
  now: Date,
): Promise<Paged<CouponTemplateRow>> {
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(couponTemplates).where(listed),
    db
      .select()
      .from(couponTemplates)
      .where(listed)
      .orderBy(desc(couponTemplates.id))
      .limit(size)
      .offset((page - 1) * size),
  ]);
  return { list: rows.map((r) => toRow(r, now)), total: n, page, size };
}

export interface CouponTemplateInput {
  name: string;
  threshold: number;
  amount: number;
  total: number;
  perCompany: number;
  validDays: number;
  startsAt: Date;
  endsAt: Date;
}

export async function createCouponTemplate(
  db: Db,
  actor: Actor,
  input: CouponTemplateInput,
  now: Date,
): Promise<CouponTemplateRow> {
  return withTx(db, async (tx) => {
    const [t] = await tx
      .insert(couponTemplates)
      .values({ kind: 'coupon', claimable: true, ...input, createdAt: now })
      .returning();
    const row = toRow(t, now);
    await writeAudit(
      tx,
      actor,
      { action: 'coupon.create', targetType: 'coupon_template', targetId: t.id, after: row },
      now,
    );
    return row;
  });
}

/** Claims end now; a second stop answers 409 and writes nothing. */
export async function stopCouponTemplate(db: Db, actor: Actor, id: number, now: Date): Promise<CouponTemplateRow> {
  return withTx(db, async (tx) => {
    const [t] = await tx
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.id, id), listed))
      .for('update');
    if (!t) throw notFound(COUPON_NOT_FOUND);
    const before = toRow(t, now);
    if (before.state === 'ended') throw new AppError(409, 409, '该优惠券已停止领取');
    const [after] = await tx
      .update(couponTemplates)
      .set({ claimable: false })
      .where(eq(couponTemplates.id, id))
      .returning();
    const row = toRow(after, now);
    await writeAudit(
      tx,
      actor,
      { action: 'coupon.stop', targetType: 'coupon_template', targetId: id, before, after: row },
      now,
    );
    return row;
  });
}
