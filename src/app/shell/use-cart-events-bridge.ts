// Connects `notifyCartChanged()` to the query cache: invalidating ['cart'] refetches the badge
// count now and is the drawer's "action" reload flag (SPEC §4): an open drawer reloads at once,
// a closed one reloads when it opens.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cartSummaryKeys } from '../../api/cart-summary';
import { cartEvents } from './cart-events';

export function useCartEventsBridge(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      cartEvents.subscribe(() => {
        void queryClient.invalidateQueries({ queryKey: cartSummaryKeys.all });
      }),
    [queryClient],
  );
}
