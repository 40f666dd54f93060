// Starts the local store after first paint and keeps it on the signed-in account, wired to the
// query cache (local-wiring.ts, loaded with the store: it imports api's cart module). Dexie-free:
// app code calls bootLocal(queryClient) once; Dexie and the engine arrive by dynamic import.
// A route whose first screen is still on its way (the cart) holds the start back until it is
// drawn (src/local/start-holds.ts), so the store's start-up never sits before those pixels; other
// pages start it at the first idle moment after load, as before.
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
  localStartHeld,
  localStartReleased,
  sameAccount,
  setLocalRuntime,
  startLocal,
  stopLocal,
  syncCatalogue,
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
/** The longest the first screen's answers and holds keep the store back after the load event. */
export const FIRST_SCREEN_MAX_MS = 4_000;

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/**
 * The first screen is drawn as far as the store is concerned: no route holds the store back
 * (src/local/start-holds.ts: the cart's lines), checked again at an idle moment (a member route's
 * loader runs only once the guard has the user's answer, so a hold can appear just after the user
 * query lands). Other pages' answers are not waited for: a buyer who adds to the cart right after
 * the load must find the store started, not seconds away (measured: the add's toast came 4–10 s
 * late when the store waited for every first answer). Offline at once: then the store is what the
 * page needs to show anything.
 */
export async function firstScreenDrawn(): Promise<void> {
  const deadline = Date.now() + FIRST_SCREEN_MAX_MS;
  let offline = !onlineManager.isOnline();
  let wentOffline: () => void = () => undefined;
  const offlineNow = new Promise<void>((resolve) => (wentOffline = resolve));
  const unsubscribe = onlineManager.subscribe((online) => {
    if (online) return;
    offline = true;
    wentOffline();
  });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    while (!offline && Date.now() < deadline) {
      await Promise.race([localStartReleased(), sleep(Math.max(0, deadline - Date.now())), offlineNow]);
      if (offline) return;
      await idle();
      if (!localStartHeld()) return;
    }
  } finally {
    unsubscribe();
  }
}

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      void firstScreenDrawn().then(idle).then(resolve);
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
    // After a verified sign-in, in the background: the catalogue pack (its first download only on
    // Wi-Fi or wired; else the buyer asks on 下载商品目录供离线使用), or its deltas.
    if ('customer' in who && !options.load) void promise.then((rt) => (rt ? refreshCatalogue() : null));
  }

  function refreshCatalogue(): void {
    if (!onlineManager.isOnline()) return;
    // Then the papers kept for an inspector: the new ones only (src/api/papers.ts); then the
    // thumbnails of bought and favourited goods, within their budget (src/api/kept-thumbnails.ts).
    void syncCatalogue()
      .then(() => import('../api/papers'))
      .then((papers) => papers.keepPapers())
      .catch(() => undefined)
      .then(() => import('../api/kept-thumbnails'))
      .then((thumbnails) => thumbnails.keepThumbnails())
      .catch(() => undefined);
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
    const fromOnline = onlineManager.subscribe((online) => {
      evaluate();
      // Back online: the catalogue catches up with what changed meanwhile.
      if (online && currentLocalAccount() !== null && !options.load) refreshCatalogue();
    });
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
