// GET /api/user/jyfw: the company's licensed 经营范围 (companies.business_scope, maintained by the
// qualification review), named as on the licence, and the classes it does not cover — the goods of
// those show why they cannot be bought. An empty scope is one the review has not recorded yet.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { SCOPE_CLASSES, isScopeClass } from '@domain/business-scope.ts';
import type { BusinessScopeView } from '@domain/qualifications.ts';

export async function businessScopeOf(db: Db, companyId: number): Promise<BusinessScopeView> {
  const [company] = await db
    .select({ name: companies.name, scope: companies.businessScope })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw notFound('企业不存在');
  const held = new Set<string>(company.scope.filter(isScopeClass));
  const all = Object.entries(SCOPE_CLASSES).map(([code, name]) => ({ code, name }));
  const recorded = company.scope.length > 0;
  return {
    company: company.name,
    recorded: recorded ? 1 : 0,
    scope: all.filter((c) => held.has(c.code)),
    not_covered: recorded ? all.filter((c) => !held.has(c.code)) : [],
  };
}
