// The stores a head office manages (多门店), each with the user id it signs in as — what
// POST /api/cart/copy takes as other_user_ids.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';

export interface ManagedStore {
  company_id: number;
  company: string;
  user_id: number;
  username: string;
}

/** Empty for a single pharmacy. */
export async function managedStores(db: Db, companyId: number): Promise<ManagedStore[]> {
  return db
    .select({ company_id: companies.id, company: companies.name, user_id: users.id, username: users.username })
    .from(companies)
    .innerJoin(users, and(eq(users.companyId, companies.id), eq(users.isPrimary, true), eq(users.disabled, false)))
    .where(eq(companies.parentId, companyId))
    .orderBy(asc(companies.id));
}
