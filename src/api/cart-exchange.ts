// 换购 in the cart (docs/api.md "Exchange goods"): the exchange goods the selected lines reach and
// the buyer's choice, and the lucky-draw goods prizes waiting for the next order. Keys sit under
// the cart's ['cart'] root, so every cart write (number, selection, delete) refreshes the offers:
// the tier follows the selection, and leaving it drops the choice on the server.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExchangeChooseRequest, ExchangeOffers } from '../domain/exchange';
import type { PendingPrizes } from '../domain/lucky-draw';
import { http } from '../http/client';
import { cartSummaryKeys } from './cart-summary';

export const cartExchangeKeys = {
  offers: () => [...cartSummaryKeys.all, 'exchange'] as const,
  prizes: () => [...cartSummaryKeys.all, 'prizes'] as const,
};

export const exchangeOffersQuery = () =>
  queryOptions({
    queryKey: cartExchangeKeys.offers(),
    queryFn: () => http.get<ExchangeOffers>('cart/exchange'),
    // An extra beside the cart: a failure hides the chooser rather than alerting over the cart.
    meta: { silentErrors: true },
  });

export const pendingPrizesQuery = () =>
  queryOptions({
    queryKey: cartExchangeKeys.prizes(),
    queryFn: () => http.get<PendingPrizes>('cart/prizes'),
    meta: { silentErrors: true },
  });

/** POST /api/cart/exchange; number 0 clears the promotion's choice. The answer is the new offers. */
export function useChooseExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...cartExchangeKeys.offers(), 'choose'] as const,
    mutationFn: (input: ExchangeChooseRequest) => http.post<ExchangeOffers>('cart/exchange', { ...input }),
    // An offers answer on its way was read before this choice: it must not replace the choice's.
    onMutate: () => queryClient.cancelQueries({ queryKey: cartExchangeKeys.offers() }),
    onSuccess: (offers) => queryClient.setQueryData(cartExchangeKeys.offers(), offers),
  });
}
