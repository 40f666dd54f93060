// Starts the local store after first paint and keeps it on the signed-in account, wired to the
// query cache (local-wiring.ts, loaded with the store: it imports api's cart module). Dexie-free:
// app code calls bootLocal(queryClient) once; Dexie and the engine arrive by dynamic import.
//
// Who is signed in comes from the header's user query (GET user/base):
//   data                       → start (or switch to) that account's store
//   401 / 10001                → stop: a visitor's writes go straight to the server (→ login)
//   offline, timeout, 5xx      → start the last signed-in account's store (offline start); the
//                                engine still checks the session before it sends anything.
//                                "Offline" is onlineManager's word too, re-read when it changes.
import { hashKey, onlineManager, type QueryClient } from '@tanstack/react-query';
import { userKeys } from '../api/user';
import type { UserBase } from '../domain/user';
import { isApiError } from '../domain/api-error';
import {
  accountOf,
  beginLocalStart,
  currentLocalAccount,
  lastAccount,
  sameAccount,
  setLocalRuntime,
  startLocal,
  stopLocal,
  type LocalAccount,
  type LocalRuntime,
  type StartLocalOptions,
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
  const storeOptions = () => import('./local-wiring').then((m) => m.localStoreOptions(queryClient));
  const userHash = hashKey(userKeys.base());
  let disposed = false;
  let unsubscribe: () => void = () => undefined;

  function start(who: UserBase | LocalAccount): void {
    const account = 'customer' in who ? accountOf(who) : who;
    if (sameAccount(currentLocalAccount(), account)) return;
    const promise: Promise<LocalRuntime | null> = Promise.all([load(), storeOptions()])
      .then(([m, wiring]) => m.startLocal(who, wiring))
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
    const fromQuery = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash === userHash) evaluate();
    });
    // A server that hangs rather than refuses leaves the user query pending for the client's whole
    // timeout; the worker's report (onlineManager offline) comes within seconds and is enough to
    // open the last account's store, so the buyer's first offline writes land in its draft.
    const fromOnline = onlineManager.subscribe(evaluate);
    unsubscribe = () => {
      fromQuery();
      fromOnline();
    };
  });

  return () => {
    disposed = true;
    unsubscribe();
  };
}
