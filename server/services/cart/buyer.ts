// Who a cart call acts for: a company with its approval, 控销 entitlement and member rank. For
// the member's own cart it comes from the request's viewer; POST /api/cart/copy builds one per
// target store, so every rule is checked in the target's own context.
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';
import type { AppEnv } from '../../env.ts';
import { AppError } from '../../http/envelope.ts';
import { requireUser } from '../../auth/session.ts';
import { viewerOf } from '../price-visibility.ts';
import { loadEntitlement } from '../qualifications/entitlement.ts';
import type { PurchaseEntitlement } from '@domain/business-scope.ts';

export interface Buyer {
  companyId: number;
  /** The member acting (written on new cart lines). */
  userId: number;
  approved: boolean;
  isSpecial: boolean;
  rank: number;
  /** 经营范围 and lapsed certificates (src/domain/business-scope.ts purchaseBlock). */
  entitlement: PurchaseEntitlement;
}

export const NOT_APPROVED_MSG = '资质审核通过后才能购买';

/** The signed-in member's company, approved or not (401 for a visitor, 403 without a company). */
export async function currentBuyer(c: Context<AppEnv>): Promise<Buyer> {
  const user = requireUser(c);
  const v = await viewerOf(c);
  if (user.companyId === null || v.companyId === null) throw new AppError(403, 403, '请先完善企业资质信息');
  return {
    companyId: v.companyId,
    userId: user.userId,
    approved: v.approved,
    isSpecial: v.isSpecial,
    rank: v.rank,
    entitlement: v.entitlement,
  };
}

/** A buyer that may put goods in its cart: its company is approved (403 otherwise). */
export async function requireBuyer(c: Context<AppEnv>): Promise<Buyer> {
  const b = await currentBuyer(c);
  if (!b.approved) throw new AppError(403, 403, NOT_APPROVED_MSG);
  return b;
}

/** The buyers behind user ids (copy targets); users without a company are left out. */
export async function buyersOfUsers(db: Db, userIds: readonly number[], now: Date): Promise<Map<number, Buyer>> {
  const out = new Map<number, Buyer>();
  for (const userId of userIds) {
    const [row] = await db
      .select({
        companyId: companies.id,
        reviewStatus: companies.reviewStatus,
        isSpecial: companies.isSpecial,
        rank: companies.rank,
        disabled: users.disabled,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId))
      .limit(1);
    if (row && !row.disabled) {
      out.set(userId, {
        companyId: row.companyId,
        userId,
        approved: row.reviewStatus === 'approved',
        isSpecial: row.isSpecial,
        rank: row.rank,
        // Each store buys under its own licence: a copy is checked against the target's scope.
        entitlement: await loadEntitlement(db, row.companyId, now),
      });
    }
  }
  return out;
}
