// The local store wired to the query cache: the engine reads through it (queryTransport) and its
// syncs invalidate what the server changed (invalidateAfterSync), through src/local's seams
// (StartLocalOptions.transport, onSynced). Loaded with the store, after first paint.
import type { QueryClient } from '@tanstack/react-query';
import { CART_LIST_FRESH_MS, cartListQuery } from '../api/cart-list';
import { cartSummaryKeys } from '../api/cart-summary';
import { favoriteKeys } from '../api/favorites';
import { goodsKeys } from '../api/goods';
import { userBaseQuery } from '../api/user';
import type { CartState } from '../domain/cart-types';
import { CART_LIST_DEFAULT_FILTER } from '../domain/constants';
import {
  ACCOUNT_CHECK_TTL_MS,
  httpTransport,
  isCartKind,
  isFavoriteKind,
  type StartLocalOptions,
  type SyncSummary,
  type SyncTransport,
} from '../local';

function invalidateAfterSync(queryClient: QueryClient, summary: SyncSummary, reusedCart: boolean): void {
  const kinds = [...summary.kinds];
  // Only the draft was refreshed, from the very answer the page shows: the server has nothing new.
  if (kinds.length === 0 && reusedCart) return;
  // cancelRefetch: false joins refetches the page's own onSuccess may already have started.
  const join = { cancelRefetch: false } as const;
  if (summary.reconciled || kinds.some(isCartKind)) {
    // The shell's badge and drawer read under ['cart'] too.
    void queryClient.invalidateQueries({ queryKey: cartSummaryKeys.all }, join);
  }
  if (kinds.some(isFavoriteKind)) {
    void queryClient.invalidateQueries({ queryKey: favoriteKeys.all }, join);
    void queryClient.invalidateQueries({ queryKey: goodsKeys.all }, join);
  }
}

/**
 * The cart list in the cache is the server's own answer, fetched moments ago: asked for by the
 * cart's route loader or page (CART_LIST_FRESH_MS), nothing posted since and no cart write made
 * in that time (the optimistic writes patch the list; those patches are not the server's).
 */
function freshServerCart(queryClient: QueryClient, lastPostAt: number): CartState | undefined {
  const key = cartListQuery(CART_LIST_DEFAULT_FILTER).queryKey;
  const state = queryClient.getQueryState<CartState>(key);
  if (!state?.data || state.status !== 'success' || state.isInvalidated || state.fetchStatus !== 'idle')
    return undefined;
  const now = Date.now();
  if (now - state.dataUpdatedAt >= CART_LIST_FRESH_MS || state.dataUpdatedAt <= lastPostAt) return undefined;
  const since = now - 2 * CART_LIST_FRESH_MS;
  const written = queryClient
    .getMutationCache()
    .findAll({ mutationKey: cartSummaryKeys.all })
    .some((m) => m.state.submittedAt >= since);
  return written ? undefined : state.data;
}

/**
 * The engine's reads go through the query cache: the HTTP client keeps only the newest GET per
 * path alive, so a GET of our own would abort the header's user query or the cart page's list
 * (or be aborted by them); fetchQuery joins a fetch already in flight instead. The posts go
 * through the client directly (cart writes all come through the outbox, one at a time).
 * The engine's first run reads the cart to refresh the draft: on the cart page the answer the
 * page just drew is that read (issue 21: asking again redrew all its lines during the first load).
 */
function queryTransport(queryClient: QueryClient): SyncTransport & { reusedCart(): boolean } {
  const quiet = { meta: { silentErrors: true }, retry: false } as const;
  let lastPostAt = 0;
  let reused = false;
  return {
    reusedCart: () => reused,
    post: (...args) => {
      lastPostAt = Date.now();
      return httpTransport.post(...args).finally(() => {
        lastPostAt = Date.now();
      });
    },
    getCart: async () => {
      const fresh = freshServerCart(queryClient, lastPostAt);
      reused = fresh !== undefined;
      return fresh ?? queryClient.fetchQuery({ ...cartListQuery(CART_LIST_DEFAULT_FILTER), ...quiet, staleTime: 0 });
    },
    whoAmI: () => queryClient.fetchQuery({ ...userBaseQuery(), ...quiet, staleTime: ACCOUNT_CHECK_TTL_MS }),
  };
}

/** The store's options in the app: it reads through the query cache and its syncs invalidate it. */
export function localStoreOptions(queryClient: QueryClient): StartLocalOptions {
  const transport = queryTransport(queryClient);
  return { transport, onSynced: (summary) => invalidateAfterSync(queryClient, summary, transport.reusedCart()) };
}
