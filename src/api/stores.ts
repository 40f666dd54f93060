// Stores of a head office (多门店): GET /api/user/stores for copying cart lines to them, and the
// /ddgl calls — the stores with their state, acting as one of them and back, a store's orders.
import { queryOptions } from '@tanstack/react-query';
import type { StoresOverview } from '../domain/stores';
import { http } from '../http/client';
import type { OrderListResult } from './orders';
import { pageLoad } from './user';

export interface ManagedStore {
  company_id: number;
  company: string;
  user_id: number;
  username: string;
}

export const storeKeys = { all: ['stores'] as const };

export const getManagedStores = () => http.get<ManagedStore[]>('user/stores');

export const managedStoresQuery = () =>
  queryOptions({ queryKey: storeKeys.all, queryFn: getManagedStores, staleTime: 5 * 60_000 });

// ---- multi-store management (/ddgl) --------------------------------------------------------------

export const storesOverviewKey = [...storeKeys.all, 'manage'] as const;
export const storeOrdersKey = (storeId: number, page: number) => [...storeKeys.all, 'orders', storeId, page] as const;

export const getStoresOverview = () => http.get<StoresOverview>('user/stores/manage');
export const getStoreOrders = (storeId: number, page: number) =>
  http.get<OrderListResult>(`user/stores/${storeId}/orders`, { page, page_size: STORE_ORDERS_PAGE_SIZE });
export const postActAsStore = (storeId: number) => http.post<StoresOverview>(`user/stores/${storeId}/act`);
export const deleteActing = () => http.delete<StoresOverview>('user/stores/act');

export const STORE_ORDERS_PAGE_SIZE = 10;

export const storesOverviewQuery = () => queryOptions({ queryKey: storesOverviewKey, queryFn: getStoresOverview });
export const storeOrdersQuery = (storeId: number, page: number) =>
  queryOptions({ queryKey: storeOrdersKey(storeId, page), queryFn: () => getStoreOrders(storeId, page) });

/**
 * Acting as a store (or coming back) changes whose cart, orders, prices and local draft everything
 * is, so the switch ends in a full page load at `target`: every cache starts over and the local
 * store opens the acting company's database (docs/offline.md).
 */
export async function switchActing(storeId: number | null, target: string): Promise<void> {
  if (storeId === null) await deleteActing();
  else await postActAsStore(storeId);
  pageLoad.replace(target);
}
