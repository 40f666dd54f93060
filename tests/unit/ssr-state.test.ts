// The state block a server-rendered page carries (src/app/ssr-state.ts): safe inside HTML, and
// the refusals it carries come back as ApiErrors the session and header understand.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { encodeSsrState, hydrateSsrQueries, SSR_STATE_VERSION } from '../../src/app/ssr-state';
import { ApiError, isApiError } from '../../src/domain/api-error';

describe('encodeSsrState', () => {
  it('leaves no < that could close the element or open a comment, and parses back to the same data', () => {
    const hostile = { name: '</script><script>alert(1)</script><!--', sep: '\u2028\u2029' };
    const text = encodeSsrState({
      version: SSR_STATE_VERSION,
      queries: { mutations: [], queries: [] },
      warm: [JSON.stringify(hostile)],
    });
    expect(text).not.toContain('<');
    expect(JSON.parse(text).warm[0]).toBe(JSON.stringify(hostile));
  });
});

describe('hydrateSsrQueries', () => {
  it('puts answers in the cache and turns a refusal back into an ApiError of its kind', async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server.prefetchQuery({ queryKey: ['goods', 1], queryFn: () => ({ name: '感冒灵' }) });
    await server.prefetchQuery({
      queryKey: ['user', 'base'],
      queryFn: () => Promise.reject(new ApiError({ code: 10001, status: 401, msg: '请先登录', data: null })),
    });
    const queries = JSON.parse(
      JSON.stringify(dehydrate(server, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' })),
    );
    const page = new QueryClient();
    hydrateSsrQueries(page, { version: SSR_STATE_VERSION, queries });
    expect(page.getQueryData(['goods', 1])).toEqual({ name: '感冒灵' });
    const error = page.getQueryState(['user', 'base'])?.error;
    expect(isApiError(error)).toBe(true);
    expect((error as ApiError).kind).toBe('auth');
    expect((error as ApiError).msg).toBe('请先登录');
  });

  it('does not refetch the server answers as components mount, but does once they are old', () => {
    const page = new QueryClient();
    const now = Date.now();
    hydrateSsrQueries(page, {
      version: SSR_STATE_VERSION,
      queries: {
        mutations: [],
        queries: [
          {
            queryKey: ['a'],
            queryHash: '["a"]',
            dehydratedAt: now,
            state: {
              data: 1,
              dataUpdatedAt: now,
              status: 'success',
              fetchStatus: 'idle',
              error: null,
              errorUpdatedAt: 0,
              dataUpdateCount: 1,
              errorUpdateCount: 0,
              fetchFailureCount: 0,
              fetchFailureReason: null,
              fetchMeta: null,
              isInvalidated: false,
            },
          },
        ],
      },
    });
    const refetchOnMount = page.getDefaultOptions().queries?.refetchOnMount;
    if (typeof refetchOnMount !== 'function') throw new Error('refetchOnMount is not a function');
    const query = page.getQueryCache().find({ queryKey: ['a'] });
    if (!query) throw new Error('no query');
    expect(refetchOnMount(query)).toBe(false);
    query.setState({ dataUpdatedAt: now - 60_000 });
    expect(refetchOnMount(query)).toBe(true);
  });
});
