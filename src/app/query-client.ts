// The app's QueryClient: SPEC §8 error display registered once on both caches, the success
// notices mutations ask for in their meta (src/api/success-notice.ts), and a retry policy that
// only retries failures a retry can fix.
import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { successNoticeOf } from '../api/success-notice';
import { ApiError } from '../domain/api-error';
import { presentError } from '../ui/error-presenter';
import { toast } from '../ui/toast';

/** `meta: SILENT_ERRORS` on a query or mutation that handles its own failures (header user query, sync engine). */
export const SILENT_ERRORS = { silentErrors: true } as const;

const MAX_QUERY_RETRIES = 2;

function isSilent(meta: Record<string, unknown> | undefined): boolean {
  return meta?.silentErrors === true;
}

/** Timeouts, network drops and 5xx may pass; a refusal, a 401 or a superseded request will not. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server';
}

/**
 * SPEC §8 tells the buyer at once: a timeout's alert comes at 30 s, a 5xx toast with the answer,
 * even when the query will retry (up to three attempts, so the end could be 90 s away). Shown at
 * the first failure the query retries; its end does not show it again.
 */
function isToldEarly(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'server');
}

function errorsShownEarly(queryCache: QueryCache): (query: object) => boolean {
  const shown = new WeakSet<object>();
  queryCache.subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'failed') {
      if (action.failureCount === 1 && isToldEarly(action.error) && !isSilent(query.meta)) {
        shown.add(query);
        presentError(action.error);
      }
    } else if (action.type === 'fetch') {
      // A new fetch (a refetch, the page's retry button) tells its own failure again.
      shown.delete(query);
    }
  });
  return (query) => shown.delete(query);
}

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  let shownEarly: (query: object) => boolean = () => false;
  const queryCache = new QueryCache({
    onError: (error, query) => {
      if (shownEarly(query) && isToldEarly(error)) return;
      if (!isSilent(query.meta)) presentError(error);
    },
  });
  shownEarly = errorsShownEarly(queryCache);
  return new QueryClient({
    ...config,
    queryCache,
    mutationCache: new MutationCache({
      onSuccess: (data, _variables, _context, mutation) => {
        const notice = successNoticeOf(mutation.meta, data);
        if (notice) toast.show(notice);
      },
      onError: (error, _variables, _context, mutation) => {
        if (!isSilent(mutation.meta)) presentError(error);
      },
    }),
    defaultOptions: {
      ...config.defaultOptions,
      // offlineFirst: a query started while offline still runs, so the service worker can answer
      // it from its caches (the default 'online' mode would leave it paused and empty).
      queries: { retry: shouldRetryQuery, networkMode: 'offlineFirst', ...config.defaultOptions?.queries },
      // Mutations are not idempotent by default; the outbox retries with an Idempotency-Key.
      mutations: { retry: 0, ...config.defaultOptions?.mutations },
    },
  });
}
