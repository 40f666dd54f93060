// The worker's side effects for sw/scope.ts: where the scope is kept (a Cache Storage entry, so
// it survives worker restarts without IndexedDB), how it is learned from the server, and how
// sign-in / sign-out answers passing through the worker switch it in time.
import { CACHE, SCOPE_ENTRY_PATH, isCacheScope, scopeForUsername, type CacheScope } from '../src/domain/cache-names';
import type { SessionEvent } from './routes';
import type { ScopeStore } from './scope';

declare const self: ServiceWorkerGlobalScope;

/** The learning request must not hold catalogue answers back for long on a bad link. */
const LEARN_TIMEOUT_MS = 3_000;
const SUCCESS_CODE = 10000;
const UNAUTHORIZED_STATUS = 401;

function entryUrl(): string {
  return new URL(SCOPE_ENTRY_PATH, self.location.origin).href;
}

export async function loadScope(): Promise<CacheScope | null> {
  const cache = await self.caches.open(CACHE.meta);
  const entry = await cache.match(entryUrl());
  if (!entry) return null;
  const text = await entry.text();
  return isCacheScope(text) ? text : null;
}

export async function saveScope(scope: CacheScope | null): Promise<void> {
  const cache = await self.caches.open(CACHE.meta);
  if (scope === null) await cache.delete(entryUrl());
  else await cache.put(entryUrl(), new Response(scope, { headers: { 'content-type': 'text/plain;charset=utf-8' } }));
}

/** The account a user-base style envelope names, if it is a success. */
async function scopeFromEnvelope(response: Response): Promise<CacheScope | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return null;
    const { code, data } = body as { code?: unknown; data?: unknown };
    if (code !== SUCCESS_CODE || typeof data !== 'object' || data === null) return null;
    const username = (data as { username?: unknown }).username;
    return typeof username === 'string' && username !== '' ? scopeForUsername(username) : null;
  } catch {
    return null;
  }
}

/** GET /api/user/base with the browser's session cookie: 401 is a visitor, 200 names the account. */
export async function learnScope(): Promise<CacheScope | null> {
  try {
    const response = await fetch(new URL('/api/user/base', self.location.origin), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(LEARN_TIMEOUT_MS),
    });
    if (response.status === UNAUTHORIZED_STATUS) return 'visitor';
    return response.ok ? await scopeFromEnvelope(response) : null;
  } catch {
    return null;
  }
}

/**
 * Passes a sign-in or sign-out to the network and switches the scope from its answer, before the
 * page can reload and fetch catalogue answers with the new session cookie. Failures pass through
 * untouched (the page shows them); nothing here is cached.
 */
export async function observeSession(kind: SessionEvent, request: Request, store: ScopeStore): Promise<Response> {
  const response = await fetch(request);
  if (!response.ok) return response;
  if (kind === 'logout') {
    await store.reset();
    return response;
  }
  // The session cookie is already set: stop storing answers until the new account is known.
  const settle = store.beginChange();
  try {
    const scope = await scopeFromEnvelope(response.clone());
    if (scope) await store.set(scope);
    else await store.reset();
  } finally {
    settle();
  }
  return response;
}
