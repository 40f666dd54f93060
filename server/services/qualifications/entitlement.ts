// The one server service behind "may this company buy this goods": it loads what the company holds
// (its licensed 经营范围 and which required certificates lapsed) and hands it to the pure rule
// (src/domain/business-scope.ts purchaseBlock). Every buying path reads it: the viewer (goods
// tiles and detail), the cart's buyer (add, quick add, copy targets) and checkout.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, qualificationFiles } from '../../db/schema.ts';
import type { PurchaseEntitlement } from '../../../src/domain/business-scope.ts';
import { expiredRequiredCertificates } from '../../../src/domain/qualifications.ts';
import { formatDate } from '../../../src/domain/time.ts';

/** "YYYY-MM-DD" in Shanghai: the day certificates are valid through. */
export const shopToday = (now: Date): string => formatDate(now.getTime());

/** The company's kind and recorded scope, when the caller has already read its row. */
export interface CompanyScopeFacts {
  kind: string;
  scope: string[];
}

/** What the company may buy today; an unknown company holds nothing. */
export async function loadEntitlement(db: Db, companyId: number, now: Date, known?: CompanyScopeFacts): Promise<PurchaseEntitlement> {
  const company =
    known ??
    (await db.select({ kind: companies.kind, scope: companies.businessScope }).from(companies).where(eq(companies.id, companyId)).limit(1))[0];
  if (!company) return { scope: [], expiredCertificates: [] };
  const certs = await db
    .select({ kind: qualificationFiles.kind, status: qualificationFiles.status, expiresOn: qualificationFiles.expiresOn })
    .from(qualificationFiles)
    .where(eq(qualificationFiles.companyId, companyId));
  return { scope: company.scope, expiredCertificates: expiredRequiredCertificates(company.kind, certs, shopToday(now)) };
}
