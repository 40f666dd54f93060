// The local store wired to the query cache: the engine reads through it (queryTransport) and its
// syncs invalidate what the server changed (invalidateAfterSync), through src/local's seams
// (StartLocalOptions.transport, onSynced). Loaded with the store, after first paint.
import type { QueryClient } from '@tanstack/react-query';
import { cartListQuery } from '../api/cart';
import { cartSummaryKeys } from '../api/cart-summary';
import { favoriteKeys } from '../api/favorites';
import { goodsKeys } from '../api/goods';
import { userBaseQuery } from '../api/user';
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

function invalidateAfterSync(queryClient: QueryClient, summary: SyncSummary): void {
  const kinds = [...summary.kinds];
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
 * The engine's reads go through the query cache: the HTTP client keeps only the newest GET per
 * path alive, so a GET of our own would abort the header's user query or the cart page's list
 * (or be aborted by them); fetchQuery joins a fetch already in flight instead. The posts go
 * through the client directly (cart writes all come through the outbox, one at a time).
 */
function queryTransport(queryClient: QueryClient): SyncTransport {
  const quiet = { meta: { silentErrors: true }, retry: false } as const;
  return {
    post: httpTransport.post,
    getCart: () => queryClient.fetchQuery({ ...cartListQuery(CART_LIST_DEFAULT_FILTER), ...quiet, staleTime: 0 }),
    whoAmI: () => queryClient.fetchQuery({ ...userBaseQuery(), ...quiet, staleTime: ACCOUNT_CHECK_TTL_MS }),
  };
}

/** The store's options in the app: it reads through the query cache and its syncs invalidate it. */
export function localStoreOptions(queryClient: QueryClient): StartLocalOptions {
  return { transport: queryTransport(queryClient), onSynced: (summary) => invalidateAfterSync(queryClient, summary) };
}
