// Checkout (SPEC §2 cart step 2, §7 POST /api/cart/checkout): the preview (new=0, no side
// effects) and the order creation (new=1) on the same path.
//
// Both share the client's one in-flight slot for `POST cart/checkout` (SPEC §7: a newer request
// to a path cancels the older), so the preview never refetches on its own (focus, reconnect):
// a background preview must not abort an order being created.
import { useCallback, useRef } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutPreview, CheckoutRequest, CheckoutResult } from '../domain/orders';
import { ApiError } from '../domain/api-error';
import { cartSummaryKeys } from './cart-summary';
import { WALLET_ROOT_KEY } from './wallet-keys';
import { http } from '../http/client';
import { newIdempotencyKey } from '../http/idempotency-key';

/**
 * What the buyer chose so far. A missing coupon_id/voucher_id lets the server pick the best one
 * (and report it as best_coupon_id/best_voucher_id); 0 means "none".
 */
export interface CheckoutPreviewInput {
  ids: number[];
  coupon_id?: number;
  voucher_id?: number;
  use_balance?: 0 | 1;
}

export const checkoutKeys = {
  all: ['checkout'] as const,
  preview: (input: CheckoutPreviewInput) => [...checkoutKeys.all, 'preview', input] as const,
};

/** A preview on screen is not refetched behind the buyer's back for this long. */
const PREVIEW_STALE_MS = 30_000;

export const postCheckoutPreview = (input: CheckoutPreviewInput): Promise<CheckoutPreview> =>
  http.post<CheckoutPreview>('cart/checkout', { ...input, new: 0 });

export const postCheckoutCreate = (request: CheckoutRequest, idempotencyKey: string): Promise<CheckoutResult> =>
  http.post<CheckoutResult>('cart/checkout', request, { idempotencyKey });

export const checkoutPreviewQuery = (input: CheckoutPreviewInput) =>
  queryOptions({
    queryKey: checkoutKeys.preview(input),
    queryFn: () => postCheckoutPreview(input),
    enabled: input.ids.length > 0,
    staleTime: PREVIEW_STALE_MS,
    // Worthless once the page is left (the order was placed, or the cart changes meanwhile).
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // A coupon change keeps the last amounts on screen (marked busy) instead of a blank page.
    placeholderData: keepPreviousData,
  });

/** One price the server changed since the buyer's preview (409 data.price_changes). */
export type PriceChange = CheckoutPreview['price_changes'][number];

/** The price changes carried by a 409 refusal, or null for any other failure. */
export function priceChangesOf(err: unknown): PriceChange[] | null {
  if (!(err instanceof ApiError) || err.code !== 409) return null;
  const data = err.data as { price_changes?: unknown } | null;
  return Array.isArray(data?.price_changes) ? (data.price_changes as PriceChange[]) : [];
}

/**
 * No answer arrived (network drop, timeout, a superseded request): the order may or may not
 * exist on the server, so the next try must reuse the same Idempotency-Key.
 */
export function isUnanswered(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'aborted');
}

/**
 * Creates the order. One Idempotency-Key per submit attempt: made on the first click, kept while
 * tries go unanswered (so a retry after a network error replays the server's stored answer
 * instead of creating a second order), dropped once the server has answered (success or a
 * refusal such as 409, after which the buyer submits a new attempt).
 *
 * `silentErrors`: the page shows 409/403 itself and passes the rest to the SPEC §8 presenter.
 */
export function useCheckoutCreate() {
  const queryClient = useQueryClient();
  const keyRef = useRef<string | null>(null);
  const mutation = useMutation({
    mutationKey: [...checkoutKeys.all, 'create'] as const,
    mutationFn: ({ request, key }: { request: CheckoutRequest; key: string }) => postCheckoutCreate(request, key),
    meta: { silentErrors: true },
    onSuccess: () => {
      // The ordered lines left the cart. The previews are not touched: the page is still mounted
      // and a refetch now would ask about lines that no longer exist; they go with the page (gcTime 0).
      void queryClient.invalidateQueries({ queryKey: cartSummaryKeys.all }, { cancelRefetch: false });
      // Balance, coupons and vouchers used by the order.
      void queryClient.invalidateQueries({ queryKey: WALLET_ROOT_KEY });
    },
  });
  const { mutateAsync } = mutation;

  const submit = useCallback(
    async (request: CheckoutRequest): Promise<CheckoutResult> => {
      keyRef.current ??= newIdempotencyKey();
      const key = keyRef.current;
      try {
        const result = await mutateAsync({ request, key });
        keyRef.current = null;
        return result;
      } catch (err) {
        if (!isUnanswered(err)) keyRef.current = null;
        throw err;
      }
    },
    [mutateAsync],
  );

  return { submit, isPending: mutation.isPending };
}
