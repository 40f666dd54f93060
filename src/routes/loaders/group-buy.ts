// First screen of /ptzq: the running group buys. Loaded on the route's first call (lazyLoader).
import type { QueryClient } from '@tanstack/react-query';
import { groupBuyQuery } from '../../api/group-buy';

export function loadGroupBuys(queryClient: QueryClient): Promise<unknown> {
  return queryClient.ensureQueryData(groupBuyQuery());
}
