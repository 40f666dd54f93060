// ERP integration clients (对接凭证, admin only): the list, creating, rotating, revoking, the calls.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type {
  IntegrationCallView,
  IntegrationClientView,
  IntegrationCredentials,
  IntegrationScope,
} from '@domain/integration.ts';

export const integrationClientsKey = ['admin', 'integration-clients'] as const;

export const integrationClientListQuery = queryOptions({
  queryKey: integrationClientsKey,
  queryFn: () => adminGet<IntegrationClientView[]>('/integration-clients'),
});

export const integrationCallsQuery = (id: number) =>
  queryOptions({
    queryKey: [...integrationClientsKey, id, 'calls'] as const,
    queryFn: () => adminGet<IntegrationCallView[]>(`/integration-clients/${id}/calls`, { limit: 50 }),
  });

export const createIntegrationClient = (input: { name: string; scopes: IntegrationScope[]; note: string }) =>
  adminPost<IntegrationCredentials>('/integration-clients', input);
export const rotateIntegrationSecret = (id: number, overlapMinutes: number) =>
  adminPost<IntegrationCredentials>(`/integration-clients/${id}/rotate`, { overlap_minutes: overlapMinutes });
export const revokeIntegrationClient = (id: number) =>
  adminPost<IntegrationClientView>(`/integration-clients/${id}/revoke`);
export const afterIntegrationChange = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: integrationClientsKey });
