// Workbox plugins shared by the runtime caches (sw/caches.ts): per-viewer cache keys, the
// "stored at" stamp, and the reports that tell the page whether the server is answering.
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  HEADER_CACHED_AT,
  HEADER_FROM_CACHE,
  HEADER_STORED_COPY,
  SCOPE_KEY_PARAM,
  type CacheScope,
  type WorkerToPageMessage,
} from '../src/domain/cache-names';
import type { ScopeStore } from './scope';

/** Sends one message to the page that made the request (fire and forget). */
export type ReportToPage = (event: ExtendableEvent | undefined, message: WorkerToPageMessage) => void;

/** Gateway answers mean "the app server is not there" (a proxy in front of a stopped server). */
const GATEWAY_FAILURES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Marks a scope that is not known: no entry is ever stored under it, so reads miss. */
const NO_SCOPE = 'none';

export function scopedCacheKey(url: string, scope: CacheScope | null): string {
  const keyed = new URL(url);
  keyed.searchParams.append(SCOPE_KEY_PARAM, scope ?? NO_SCOPE);
  return keyed.href;
}

/** When the stored copy was made: our stamp, else the server's Date header, else unknown. */
export function cachedAtOf(response: Response): number | null {
  const stamped = Number(response.headers.get(HEADER_CACHED_AT));
  if (Number.isFinite(stamped) && stamped > 0) return stamped;
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(date) ? null : date;
}

/** A copy of `response` with headers changed; the body is streamed, not buffered. */
function withHeaders(response: Response, edit: (headers: Headers) => void): Response {
  const headers = new Headers(response.headers);
  edit(headers);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

interface ScopeState {
  generation?: number;
}

/**
 * Catalogue answers depend on the viewer: the cache key carries the scope, and an answer is only
 * stored if the account did not change while it was being fetched (see sw/scope.ts).
 */
export function scopePlugin(store: ScopeStore): WorkboxPlugin {
  return {
    handlerWillStart: async ({ state }) => {
      if (state) (state as ScopeState).generation = store.generation;
      // First run or just cleared: start learning the scope now, beside the network request,
      // so the answer can be stored when it arrives.
      void store.ensure();
    },
    cacheKeyWillBeUsed: async ({ request, mode }) =>
      scopedCacheKey(request.url, mode === 'write' ? await store.ensure() : await store.current()),
    cacheWillUpdate: async ({ response, state }) => {
      const scope = await store.current();
      const startedAt = (state as ScopeState | undefined)?.generation;
      if (scope === null || startedAt !== store.generation) return null;
      return response;
    },
  };
}

/**
 * Every stored answer gets X-Cached-At (ms): the page shows it as "数据更新于 …". The transfer
 * encoding headers are dropped because the stored body is already decoded.
 */
export const stampPlugin: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    withHeaders(response, (headers) => {
      headers.set(HEADER_CACHED_AT, String(Date.now()));
      headers.delete('content-encoding');
      headers.delete('content-length');
    }),
};

/**
 * NetworkFirst only reads its cache when the network failed or timed out, so a cached answer used
 * here is a fallback: it is marked `X-From-Cache: 1` and the page is told how old it is.
 */
export function servedFromCachePlugin(report: ReportToPage): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse, request, event }) => {
      if (!cachedResponse) return null;
      const cachedAt = cachedAtOf(cachedResponse) ?? Date.now();
      report(event, { type: 'SERVED_FROM_CACHE', url: request.url, cachedAt });
      return withHeaders(cachedResponse, (headers) => headers.set(HEADER_FROM_CACHE, '1'));
    },
  };
}

/**
 * Stale-while-revalidate answers from its cache first, online or not: the copy is marked so the
 * page does not take it for the server's answer (that cleared the offline banner's "as of" time
 * when the shell's categories arrived after the page's cached goods).
 */
export const storedCopyPlugin: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse ? withHeaders(cachedResponse, (headers) => headers.set(HEADER_STORED_COPY, '1')) : null,
};

/**
 * Tells the page whether the server answered. A gateway failure is turned into a network error
 * here so NetworkFirst falls back to the cache instead of showing the proxy's error page.
 */
export function reachabilityPlugin(report: ReportToPage): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ response, event }) => {
      if (GATEWAY_FAILURES.has(response.status)) {
        throw new TypeError(`Gateway answered ${response.status}: the server is unreachable.`);
      }
      report(event, { type: 'NETWORK_OK' });
      return response;
    },
    fetchDidFail: async ({ event, error, request }) => {
      // The page gave up on the request (a newer one superseded it): that says nothing about
      // the server, and must not switch the page offline.
      if (error.name === 'AbortError' || request.signal.aborted) return;
      report(event, { type: 'NETWORK_FAILED' });
    },
  };
}

/**
 * A picture the general cache does not hold, answered from the kept thumbnails (thumbnails-v1,
 * filled by the page within its budget) before the network is asked: so a bought or favourited
 * goods draws offline even after images-v1 evicted it. Keyed by the plain URL (public pictures;
 * the cache itself is per account).
 */
export function keptThumbnailPlugin(cacheName: string): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
      if (cachedResponse) return cachedResponse;
      if (!(await caches.has(cacheName))) return null;
      return (await (await caches.open(cacheName)).match(request)) ?? null;
    },
  };
}
