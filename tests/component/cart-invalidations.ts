// How a cart write asks the shell's badge and drawer to refresh: it invalidates the ['cart']
// queries (both read under that key). Counts those invalidations on any query client.
import { QueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { vi } from 'vitest';
import { cartSummaryKeys } from '../../src/api/cart-summary';

const isCartRoot = (filters: InvalidateQueryFilters | undefined) =>
  JSON.stringify(filters?.queryKey) === JSON.stringify(cartSummaryKeys.all);

export function spyOnCartRefreshes(): { count: () => number; restore: () => void } {
  const spy = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
  return {
    count: () => spy.mock.calls.filter(([filters]) => isCartRoot(filters)).length,
    restore: () => spy.mockRestore(),
  };
}
