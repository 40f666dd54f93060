// The one server service behind "may this company buy this goods": it loads what the company holds
// (its licensed 经营范围 and which required certificates lapsed) and hands it to the pure rule
// (src/domain/business-scope.ts purchaseBlock). Every buying path reads it: the viewer (goods
// tiles and detail), the cart's buyer (add, quick add, copy targets) and checkout.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, qualificationFiles } from '../../db/schema.ts';
import type { PurchaseEntitlement } from '@domain/business-scope.ts';
import { expiredRequiredCertificates, type CertificateFacts } from '@domain/qualifications.ts';
import { formatDate } from '@domain/time.ts';

/** "YYYY-MM-DD" in Shanghai: the day certificates are valid through. */
export const shopToday = (now: Date): string => formatDate(now.getTime());

/** The company's kind and recorded scope, when the caller has already read its row. */
export interface CompanyScopeFacts {
  kind: string;
  scope: string[];
}

/**
 * The company's certificate facts as a column of a statement that reads `companies`: the viewer
 * (every catalogue read) gets its company row and its certificates in one round trip.
 */
export const certificateFactsColumn = sql<CertificateFacts[]>`coalesce((
  SELECT json_agg(json_build_object('kind', q.kind, 'status', q.status, 'expiresOn', q.expires_on))
  FROM ${qualificationFiles} q WHERE q.company_id = ${sql.raw('"companies"."id"')}), '[]'::json)`;
// Spelled out with an alias and the outer table's name: in a one-table select drizzle writes its
// columns unqualified, and "id" inside the subquery would be the certificate's own id.

/** What a company holding `certs` may buy today (the rule of loadEntitlement, facts already read). */
export function entitlementFrom(
  company: CompanyScopeFacts,
  certs: readonly CertificateFacts[],
  now: Date,
): PurchaseEntitlement {
  return {
    scope: company.scope,
    expiredCertificates: expiredRequiredCertificates(company.kind, certs, shopToday(now)),
  };
}

/** What the company may buy today; an unknown company holds nothing. */
export async function loadEntitlement(
  db: Db,
  companyId: number,
  now: Date,
  known?: CompanyScopeFacts,
): Promise<PurchaseEntitlement> {
  const company =
    known ??
    (
      await db
        .select({ kind: companies.kind, scope: companies.businessScope })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1)
    )[0];
  if (!company) return { scope: [], expiredCertificates: [] };
  const certs = await db
    .select({
      kind: qualificationFiles.kind,
      status: qualificationFiles.status,
      expiresOn: qualificationFiles.expiresOn,
    })
    .from(qualificationFiles)
    .where(eq(qualificationFiles.companyId, companyId));
  return entitlementFrom(company, certs, now);
}
