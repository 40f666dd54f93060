import { queryOptions } from '@tanstack/react-query';
import { adminGet } from './client.ts';
import type { DashboardCounts } from '@domain/admin.ts';

export const dashboardQuery = queryOptions({
  queryKey: ['admin', 'dashboard'] as const,
  queryFn: () => adminGet<DashboardCounts>('/dashboard'),
  // Counts move all day: refresh when the operator comes back to the tab.
  staleTime: 30_000,
});
