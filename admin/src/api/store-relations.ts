// A company's place in a chain (多门店): read, link to a head office, unlink.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { StoreRelations } from '@domain/admin-wallet.ts';

const key = ['admin', 'store-relations'] as const;

export const storeRelationsQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...key, companyId] as const,
    queryFn: () => adminGet<StoreRelations>(`/companies/${companyId}/stores`),
  });

export const linkToHead = (companyId: number, headId: number) =>
  adminPost<StoreRelations>(`/companies/${companyId}/head`, { head_id: headId });
export const unlinkFromHead = (companyId: number) => adminPost<StoreRelations>(`/companies/${companyId}/head/remove`);

export async function afterStoreRelationChange(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: key });
}
