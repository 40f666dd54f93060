// Starts the local store after first paint and keeps it on the signed-in account, wired to the
// query cache: the engine reads through it (queryTransport) and its syncs invalidate what the
// server changed (invalidateAfterSync). Dexie-free: app code calls bootLocal(queryClient) once;
// Dexie and the engine arrive by dynamic import inside src/local.
//
// Who is signed in comes from the header's user query (GET user/base):
//   data                       → start (or switch to) that account's store
//   401 / 10001                → stop: a visitor's writes go straight to the server (→ login)
//   offline, timeout, 5xx      → start the last signed-in account's store (offline start); the
//                                engine still checks the session before it sends anything
import { hashKey, onlineManager, type QueryClient } from '@tanstack/react-query';
import { cartListQuery } from '../api/cart';
import { cartSummaryKeys } from '../api/cart-summary';
import { favoriteKeys } from '../api/favorites';
import { goodsKeys } from '../api/goods';
import { userBaseQuery, userKeys } from '../api/user';
import { CART_LIST_DEFAULT_FILTER } from '../domain/constants';
import type { UserBase } from '../domain/user';
import { isApiError } from '../domain/api-error';
import {
  ACCOUNT_CHECK_TTL_MS,
  accountOf,
  beginLocalStart,
  currentLocalAccount,
  httpTransport,
  isCartKind,
  isFavoriteKind,
  lastAccount,
  sameAccount,
  setLocalRuntime,
  startLocal,
  stopLocal,
  type LocalAccount,
  type LocalRuntime,
  type StartLocalOptions,
  type SyncSummary,
  type SyncTransport,
} from '../local';

/** How boot starts and stops the store (src/local's own, or a test's). */
export interface LocalStarter {
  startLocal(who: UserBase | LocalAccount, options: StartLocalOptions): Promise<LocalRuntime | null>;
  stopLocal(): Promise<void>;
}

export interface BootOptions {
  /** Tests replace these. */
  load?: () => Promise<LocalStarter>;
  afterPaint?: () => Promise<void>;
}

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

/** After the first paint, at an idle moment (at most IDLE_TIMEOUT_MS later). */
const IDLE_TIMEOUT_MS = 3_000;

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/** Call once from the app root; returns the cleanup (for a useEffect). */
export function bootLocal(queryClient: QueryClient, options: BootOptions = {}): () => void {
  const load = options.load ?? (() => Promise.resolve<LocalStarter>({ startLocal, stopLocal }));
  const storeOptions = localStoreOptions(queryClient);
  const userHash = hashKey(userKeys.base());
  let disposed = false;
  let unsubscribe: () => void = () => undefined;

  function start(who: UserBase | LocalAccount): void {
    const account = 'customer' in who ? accountOf(who) : who;
    if (sameAccount(currentLocalAccount(), account)) return;
    const promise: Promise<LocalRuntime | null> = load()
      .then((m) => m.startLocal(who, storeOptions))
      .catch(() => null);
    beginLocalStart(account, promise);
  }

  function stop(): void {
    if (currentLocalAccount() === null) return;
    setLocalRuntime(null);
    void load()
      .then((m) => m.stopLocal())
      .catch(() => undefined);
  }

  function evaluate(): void {
    const state = queryClient.getQueryState<UserBase>(userKeys.base());
    if (state?.data) {
      start(state.data);
      return;
    }
    const error = state?.error;
    if (isApiError(error) && error.kind === 'auth') {
      stop();
      return;
    }
    if (error || !onlineManager.isOnline()) {
      const last = lastAccount();
      if (last) start(last);
    }
  }

  void (options.afterPaint ?? afterFirstPaint)().then(() => {
    if (disposed) return;
    evaluate();
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash === userHash) evaluate();
    });
  });

  return () => {
    disposed = true;
    unsubscribe();
  };
}
