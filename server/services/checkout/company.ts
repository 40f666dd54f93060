// Whether a company may order now: qualification approved (403), no required certificate lapsed
// (403 naming it), then e-contract signed (459, SPEC §8: the page shows the message and goes to
// /dzht). Read inside the checkout transaction, so an approval withdrawn a moment ago counts. The
// 经营范围 of each line is checked with the cart's rules (entitlement travels to the quote).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { hasSignedCurrentContract } from '../contracts/signing.ts';
import { AppError } from '../../http/envelope.ts';
import { CODE_CONTRACT_UNSIGNED } from '@domain/envelope.ts';
import type { PurchaseEntitlement } from '@domain/business-scope.ts';
import { loadEntitlement } from '../qualifications/entitlement.ts';

export const NOT_APPROVED_ORDER_MSG = '资质审核通过后才能下单';
export const CONTRACT_UNSIGNED_MSG = '请先签署电子合同';

export interface OrderingCompany {
  id: number;
  approved: boolean;
  isSpecial: boolean;
  rank: number;
  contractSigned: boolean;
  entitlement: PurchaseEntitlement;
}

/** "您的药品经营许可证已过期…": the checkout refusal naming the lapsed certificate. */
export const certificateExpiredMsg = (name: string): string =>
  `您的${name}已过期，请在“资质证照”上传新证件，审核通过后再下单`;

export async function loadOrderingCompany(db: Db, companyId: number, now: Date): Promise<OrderingCompany> {
  const [row] = await db
    .select({
      reviewStatus: companies.reviewStatus,
      isSpecial: companies.isSpecial,
      rank: companies.rank,
      kind: companies.kind,
      scope: companies.businessScope,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) throw new AppError(403, 403, '请先完善企业资质信息');
  return {
    id: companyId,
    approved: row.reviewStatus === 'approved',
    isSpecial: row.isSpecial,
    rank: row.rank,
    // The current version (contracts/versions.ts): a new version asks every company to sign again.
    contractSigned: await hasSignedCurrentContract(db, companyId),
    entitlement: await loadEntitlement(db, companyId, now, row),
  };
}

export function assertMayOrder(c: OrderingCompany): void {
  if (!c.approved) throw new AppError(403, 403, NOT_APPROVED_ORDER_MSG);
  const lapsed = c.entitlement.expiredCertificates[0];
  if (lapsed !== undefined) throw new AppError(403, 403, certificateExpiredMsg(lapsed));
  if (!c.contractSigned)
    throw new AppError(CODE_CONTRACT_UNSIGNED as ContentfulStatusCode, CODE_CONTRACT_UNSIGNED, CONTRACT_UNSIGNED_MSG);
}
