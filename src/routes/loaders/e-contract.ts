// First screen of /dzht (member-only row). Loaded on the route's first call (lazyLoader).
import type { QueryClient } from '@tanstack/react-query';
import { contractQuery } from '../../api/e-contract';

export const loadContract = (queryClient: QueryClient): Promise<unknown> =>
  queryClient.ensureQueryData(contractQuery());
