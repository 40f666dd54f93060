// Whether a company may order now: qualification approved (403), then e-contract signed (459,
// SPEC §8: the page shows the message and goes to /dzht). Read inside the checkout transaction,
// so an approval withdrawn a moment ago counts.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { hasSignedCurrentContract } from '../contracts/signing.ts';
import { AppError } from '../../http/envelope.ts';
import { CODE_CONTRACT_UNSIGNED } from '../../../src/domain/envelope.ts';

export const NOT_APPROVED_ORDER_MSG = '资质审核通过后才能下单';
export const CONTRACT_UNSIGNED_MSG = '请先签署电子合同';

export interface OrderingCompany {
  id: number;
  approved: boolean;
  isSpecial: boolean;
  rank: number;
  contractSigned: boolean;
}

export async function loadOrderingCompany(db: Db, companyId: number): Promise<OrderingCompany> {
  const [row] = await db
    .select({ reviewStatus: companies.reviewStatus, isSpecial: companies.isSpecial, rank: companies.rank })
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
  };
}

export function assertMayOrder(c: OrderingCompany): void {
  if (!c.approved) throw new AppError(403, 403, NOT_APPROVED_ORDER_MSG);
  if (!c.contractSigned) throw new AppError(CODE_CONTRACT_UNSIGNED as ContentfulStatusCode, CODE_CONTRACT_UNSIGNED, CONTRACT_UNSIGNED_MSG);
}
