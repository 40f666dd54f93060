// GET /api/user/stores: the stores a head office manages (多门店); empty for a single pharmacy.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { requireCompany } from '../auth/session.ts';
import { managedStores, type ManagedStore } from '../services/stores.ts';

export const storeRoutes = new Hono<AppEnv>();

storeRoutes.get('/stores', async (c) => {
  const user = requireCompany(c);
  return ok<ManagedStore[]>(c, await managedStores(c.get('deps').db, user.companyId));
});
