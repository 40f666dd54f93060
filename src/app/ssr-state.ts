// What a server-rendered page carries for the hydrating page (src/app/server-render.tsx writes it,
// src/main.tsx reads it): the query cache the server rendered with, in a JSON data block (a data
// block runs nothing, so the page's CSP need not allow it).
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError, type TransportErrorKind } from '../domain/api-error';

export const SSR_STATE_ELEMENT_ID = 'ssr-state';
/** Marks a #root whose content the server rendered (hydrate it) rather than the static skeleton. */
export const SSR_ROOT_ATTRIBUTE = 'data-ssr';
/** A page built by another version of this code is rendered from scratch instead of hydrated. */
export const SSR_STATE_VERSION = 1;
/** How long the server's answers count as fresh in the page (no refetch as components mount). */
export const SSR_FRESH_MS = 30_000;

export interface SsrState {
  version: number;
  queries: DehydratedState;
  /**
   * The catalogue answers the server read for this page (`/api/goods/list?…`): the page asks for
   * them again when idle, so the service worker's caches hold them for an offline visit later.
   */
  warm?: string[];
}

/** JSON safe inside an HTML element: no `<` can close the element or open a comment. */
export function encodeSsrState(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state block of a page the server drew (#root marked), if any: the page hydrates from it. */
export function readSsrState(doc: Document): SsrState | null {
  const root = doc.getElementById('root');
  const element = doc.getElementById(SSR_STATE_ELEMENT_ID);
  if (!root?.hasAttribute(SSR_ROOT_ATTRIBUTE) || !element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as SsrState;
    return state.version === SSR_STATE_VERSION && typeof state.queries === 'object' ? state : null;
  } catch {
    return null;
  }
}

/**
 * The server's answers into the page's cache. A refusal the server met (a visitor's 401 on the
 * user base) came as JSON: it becomes an ApiError again, which the session and header test for.
 */
export function hydrateSsrQueries(queryClient: QueryClient, state: SsrState): void {
  hydrate(queryClient, state.queries);
  // The answers are seconds old: asking again as the page mounts would only redraw it — and a part
  // that hydrates later (a lazy footer) would then meet data other than the HTML it was drawn with.
  const fromServer = new Set(state.queries.queries.map((query) => query.queryHash));
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      refetchOnMount: (query) =>
        !(
          fromServer.has(query.queryHash) &&
          Date.now() - Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt) < SSR_FRESH_MS
        ),
    },
  });
  for (const query of queryClient.getQueryCache().getAll()) {
    const error: unknown = query.state.error;
    if (error === null || isApiError(error) || typeof error !== 'object') continue;
    const plain = error as { code?: unknown; status?: unknown; msg?: unknown; kind?: unknown; data?: unknown };
    if (typeof plain.code !== 'number' || typeof plain.msg !== 'string') continue;
    query.setState({
      error: new ApiError({
        code: plain.code,
        status: typeof plain.status === 'number' ? plain.status : 0,
        msg: plain.msg,
        data: plain.data ?? null,
        // An answered request's kind follows from its code; only a transport failure names its own.
        kind: plain.code === 0 && typeof plain.kind === 'string' ? (plain.kind as TransportErrorKind) : undefined,
      }),
    });
  }
}
