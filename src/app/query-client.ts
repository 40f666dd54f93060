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

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isSilent(query.meta)) presentError(error);
      },
    }),
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
