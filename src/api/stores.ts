// GET /api/user/stores: the stores a head office manages (多门店), for copying cart lines to them.
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http/client';

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
