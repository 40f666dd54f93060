// Granting coupons and cash vouchers (优惠券 / 现金券) to one company or several (财务): each grant is
// a company_coupons row per company — what /yhq, /xjq and the checkout already read — the template's
// issued count, a message to each buyer and one audit row, all in one transaction and once per
// console request id. A voucher of a new face value needs no template screen: the grant finds or
// creates the (non-claimable) voucher template for that amount and validity.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, companyCoupons, couponTemplates } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import { notifyCompany } from '../messages/notify.ts';
import type { Actor } from './audit.ts';
import { claimRequest, finishAudit } from './request-once.ts';
import { formatFen, formatPrice } from '@domain/money.ts';
import { formatDate } from '@domain/time.ts';
import { COUPON_KIND_TEXT } from '@domain/wallet.ts';
import type { GrantableTemplate, GrantResult } from '@domain/admin-wallet.ts';

const DAY_MS = 86_400_000;
/** A voucher template made by a grant stays grantable this long. */
const VOUCHER_TEMPLATE_YEARS = 10;
export const TEMPLATE_NOT_FOUND = '优惠券不存在';

type Template = typeof couponTemplates.$inferSelect;

const grantable = (now: Date) => gt(couponTemplates.endsAt, now);

function toGrantable(t: Template): GrantableTemplate {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    amount: t.amount,
    threshold: t.threshold,
    valid_days: t.validDays,
    total: t.total,
    issued: t.issued,
  };
}

/** Templates still running whose stock is not used up, vouchers first. */
export async function listGrantableTemplates(db: Db, now: Date): Promise<GrantableTemplate[]> {
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(
      and(grantable(now), sql`(${couponTemplates.total} = 0 or ${couponTemplates.issued} < ${couponTemplates.total})`),
    )
    .orderBy(sql`${couponTemplates.kind} = 'coupon'`, asc(couponTemplates.amount), asc(couponTemplates.id));
  return rows.map(toGrantable);
}

export type GrantWhat = { templateId: number } | { voucherAmount: number; validDays: number };

async function voucherTemplate(tx: Db, amount: number, validDays: number, now: Date): Promise<number> {
  const [found] = await tx
    .select({ id: couponTemplates.id })
    .from(couponTemplates)
    .where(
      and(
        eq(couponTemplates.kind, 'voucher'),
        eq(couponTemplates.amount, amount),
        eq(couponTemplates.validDays, validDays),
        eq(couponTemplates.claimable, false),
        eq(couponTemplates.total, 0),
        grantable(now),
      ),
    )
    .orderBy(asc(couponTemplates.id))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(couponTemplates)
    .values({
      kind: 'voucher',
      name: `${formatFen(amount).replace(/\.00$/, '')}元现金券`,
      threshold: 0,
      amount,
      total: 0,
      perCompany: 0,
      validDays,
      startsAt: now,
      endsAt: new Date(now.getTime() + VOUCHER_TEMPLATE_YEARS * 365 * DAY_MS),
      claimable: false,
      createdAt: now,
    })
    .returning({ id: couponTemplates.id });
  return made.id;
}

export async function grantCoupons(
  db: Db,
  actor: Actor,
  what: GrantWhat,
  companyIds: number[],
  requestId: string,
  now: Date,
): Promise<GrantResult> {
  const ids = [...new Set(companyIds)].sort((a, b) => a - b);
  return withTx(db, async (tx) => {
    const found = await tx.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) throw validationError({ company_ids: [`企业不存在：${missing.join('、')}`] });

    const templateId =
      'templateId' in what ? what.templateId : await voucherTemplate(tx, what.voucherAmount, what.validDays, now);
    const claim = await claimRequest(
      tx,
      actor,
      `wallet.grant:${requestId}`,
      { action: 'wallet.grant', targetType: 'coupon_template', targetId: templateId },
      now,
    );
    if (!claim.claimed)
      return {
        template_id: templateId,
        company_ids: (claim.after as { company_ids: number[] }).company_ids,
        replayed: true,
      };

    const [t] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, templateId)).for('update');
    if (!t) throw notFound(TEMPLATE_NOT_FOUND);
    if (t.endsAt.getTime() <= now.getTime()) throw validationError({ template_id: ['该券已结束，不能再发放'] });
    if (t.total > 0 && t.issued + ids.length > t.total)
      throw validationError({ template_id: [`剩余数量不足：还可发放${Math.max(0, t.total - t.issued)}张`] });

    const expiresAt = new Date(now.getTime() + t.validDays * DAY_MS);
    await tx
      .insert(companyCoupons)
      .values(ids.map((companyId) => ({ companyId, templateId, receivedAt: now, expiresAt })));
    await tx
      .update(couponTemplates)
      .set({ issued: sql`${couponTemplates.issued} + ${ids.length}` })
      .where(eq(couponTemplates.id, templateId));
    const kindText = COUPON_KIND_TEXT[t.kind];
    for (const companyId of ids) {
      await notifyCompany(
        tx,
        companyId,
        {
          kind: 'promotion',
          title: `您收到一张${kindText}`,
          body: `平台向您发放了${kindText}「${t.name}」（${formatPrice(t.amount)}），有效期至${formatDate(expiresAt.getTime())}。`,
          link: t.kind === 'voucher' ? '/xjq' : '/yhq',
        },
        now,
      );
    }
    await finishAudit(
      tx,
      claim.auditId,
      { issued: t.issued },
      { template_id: templateId, name: t.name, kind: t.kind, company_ids: ids, issued: t.issued + ids.length },
    );
    return { template_id: templateId, company_ids: ids, replayed: false };
  });
}
