// GET /api/user/stores: the stores a head office manages (多门店), with the user id each store
// signs in as — what POST /api/cart/copy takes as other_user_ids. Empty for a single pharmacy.
import { Hono } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { requireCompany } from '../auth/session.ts';
import { companies, users } from '../db/schema.ts';

export interface ManagedStore {
  company_id: number;
  company: string;
  user_id: number;
  username: string;
}

export const storeRoutes = new Hono<AppEnv>();

storeRoutes.get('/stores', async (c) => {
  const user = requireCompany(c);
  const { db } = c.get('deps');
  const rows = await db
    .select({ company_id: companies.id, company: companies.name, user_id: users.id, username: users.username })
    .from(companies)
    .innerJoin(users, and(eq(users.companyId, companies.id), eq(users.isPrimary, true), eq(users.disabled, false)))
    .where(eq(companies.parentId, user.companyId))
    .orderBy(asc(companies.id));
  return ok(c, rows satisfies ManagedStore[]);
});
