// Stores of a head office (多门店). GET /api/user/stores lists the acting company's stores (copy
// cart to stores); /api/user/stores/manage, /{id}/act, /act and /{id}/orders are /ddgl: the head
// office's stores with their state, acting as one of them for this session, and their orders.
// These read the member's own company (homeCompanyId), never the acting one, so a head office
// can always see its stores and come back, and a store's member only ever has no stores.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { objectId } from '../http/params.ts';
import { requireCompany, type CompanyUser } from '../auth/session.ts';
import {
  assertOwnStore,
  managedStores,
  setActingStore,
  STORE_NOT_FOUND,
  storesOverview,
  type ManagedStore,
} from '../services/stores.ts';
import { listOrders, orderListQuery, type OrderListResult } from '../services/orders/list.ts';
import { expireDueOrders } from '../services/order-expiry.ts';
import type { StoresOverview } from '@domain/stores.ts';

export const storeRoutes = new Hono<AppEnv>();

/** The member's own company: the head office, also while it acts as one of its stores. */
const homeOf = (user: CompanyUser): number => user.homeCompanyId ?? user.companyId;

storeRoutes.get('/stores', async (c) => {
  const user = requireCompany(c);
  return ok<ManagedStore[]>(c, await managedStores(c.get('deps').db, user.companyId));
});

storeRoutes.get('/stores/manage', async (c) => {
  const user = requireCompany(c);
  return ok<StoresOverview>(c, await storesOverview(c.get('deps').db, homeOf(user), user.actingCompanyId ?? null));
});

async function ownStore(c: Context<AppEnv>): Promise<{ user: CompanyUser; storeId: number }> {
  const user = requireCompany(c);
  const storeId = objectId(c.req.param('id') ?? '', STORE_NOT_FOUND);
  await assertOwnStore(c.get('deps').db, homeOf(user), storeId);
  return { user, storeId };
}

storeRoutes.post('/stores/:id/act', async (c) => {
  const { user, storeId } = await ownStore(c);
  const { db } = c.get('deps');
  await setActingStore(db, user.sessionId, storeId);
  return ok<StoresOverview>(c, await storesOverview(db, homeOf(user), storeId), '已切换到门店');
});

storeRoutes.delete('/stores/act', async (c) => {
  const user = requireCompany(c);
  const { db } = c.get('deps');
  await setActingStore(db, user.sessionId, null);
  return ok<StoresOverview>(c, await storesOverview(db, homeOf(user), null), '已返回总部');
});

storeRoutes.get('/stores/:id/orders', async (c) => {
  const { storeId } = await ownStore(c);
  const q = readQuery(c, orderListQuery);
  const { db, clock } = c.get('deps');
  const now = clock();
  await expireDueOrders(db, now, storeId);
  return ok<OrderListResult>(c, await listOrders(db, storeId, q, now));
});
