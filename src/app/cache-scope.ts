// The page's half of "one company never sees another's prices offline": the service worker keys
// the catalogue cache by account scope ('u:<username>' | 'visitor') and drops it when the account
// changes (sw/scope.ts). The worker already watches sign-in and sign-out answers itself; this
// module adds the page's confirmations:
//   - startCacheScopeSync(queryClient, userKeys.base()): after the user base settles, tell the
//     worker whose session this is (corrects a sign-in the worker did not see, e.g. one made
//     before it controlled the page). Call once where the QueryClient is created (src/app/app.tsx).
//   - clearUserCaches(): on logout, before the reload — drops the per-user caches through the
//     worker and directly from the page (covers a page the worker does not control).
// The user-base key is passed in; sign-out (src/app/sign-out.ts) calls clearUserCaches().
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { isApiError } from '../http/client';
import type { UserBase } from '../domain/user';
import {
  CACHE,
  SCOPE_ENTRY_PATH,
  USER_SCOPED_CACHES,
  scopeForUsername,
  type CacheScope,
  type PageToWorkerMessage,
} from '../domain/cache-names';

/** A logout must not hang on a worker that does not answer (updating, stopped, busy). */
const WORKER_REPLY_TIMEOUT_MS = 1_500;

function controller(): ServiceWorker | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
}

/** Posts to the controlling worker and resolves on its reply, or after the timeout. */
function tellWorker(message: PageToWorkerMessage): Promise<void> {
  const worker = controller();
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, WORKER_REPLY_TIMEOUT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

async function deleteFromPage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(USER_SCOPED_CACHES.map((name) => caches.delete(name)));
  const meta = await caches.open(CACHE.meta);
  await meta.delete(new URL(SCOPE_ENTRY_PATH, window.location.origin).href);
}

/**
 * Drops every per-user runtime cache (today: catalogue-v1) and the worker's remembered account.
 * Never rejects: signing out must go on even if storage misbehaves.
 */
export async function clearUserCaches(): Promise<void> {
  try {
    await tellWorker({ type: 'CLEAR_USER_CACHES' });
    await deleteFromPage();
  } catch {
    // Cache Storage unavailable (private mode, storage blocked): there is nothing cached to leak.
  }
}

/** The scope a settled user-base query stands for; null when it proves nothing (offline, 5xx). */
export function scopeOfUserBase(data: UserBase | undefined, error: unknown): CacheScope | null {
  if (data?.username) return scopeForUsername(data.username);
  if (isApiError(error) && error.kind === 'auth') return 'visitor';
  return null;
}

/**
 * Tells the worker the account of every settled user-base answer (only when it changes).
 * `userBaseKey` is `userKeys.base()`. Returns the unsubscribe function.
 */
export function startCacheScopeSync(queryClient: QueryClient, userBaseKey: QueryKey): () => void {
  const userBaseHash = hashKey(userBaseKey);
  let last: CacheScope | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== userBaseHash) return;
    const { data, error, status } = event.query.state;
    if (status === 'pending') return;
    // A failed refetch keeps the previous data: the error is the newer word on the session.
    const scope =
      status === 'error' ? scopeOfUserBase(undefined, error) : scopeOfUserBase(data as UserBase | undefined, null);
    if (scope === null || scope === last) return;
    last = scope;
    void tellWorker({ type: 'SET_SCOPE', scope });
  });
}
