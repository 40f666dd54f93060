// Harness for the catalogue listing pages: the real router built from the route manifest (so the
// manifest rows, aliases and path params are exercised), the app's QueryClient with the SPEC §8
// presenter and the notice host (to see whether an alert was shown), and an http.get stub that
// answers by path. Test files mock `src/http/client` (http) and `src/app/shell/shell` themselves.
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { Mock } from 'vitest';
import { ApiError } from '../../src/domain/api-error';
import { NoticeHost, resetErrorPresenter, setErrorNavigator } from '../../src/ui/error-presenter';
import { createQueryClient } from '../../src/app/query-client';
import type { GoodsListItem, GoodsListQuery, GoodsListResult } from '../../src/domain/catalog';
import type { CommonData } from '../../src/domain/contracts';
import type { UserBase } from '../../src/domain/user';
import { Shell } from '../../src/app/shell/shell';
import { ShellSlot } from '../../src/routes/shell-slot';
import { createAppRouter } from '../../src/routes/tree';
import { makeCommon, makeUser } from './shell-harness';

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

export { makeCommon, makeUser };

export function listResult(list: GoodsListItem[], over: Partial<GoodsListResult> = {}): GoodsListResult {
  return {
    list,
    total: list.length,
    page: 1,
    page_size: 20,
    facets: {
      manufacturers: [
        { id: 31, name: '华润三九医药股份有限公司', count: 12 },
        { id: 32, name: '广州白云山制药', count: 5 },
      ],
      brands: [{ id: 1, name: '999' }],
    },
    ...over,
  };
}

export const visitorError = () => new ApiError({ code: 10001, status: 401, msg: '请先登录', data: null });

export interface Backend {
  /** GET goods/list: the query the page sent → the answer (or a thrown ApiError). */
  list?: (q: GoodsListQuery) => GoodsListResult | Promise<GoodsListResult>;
  user?: UserBase | null;
  common?: CommonData;
  /** Any other path. */
  other?: (path: string, params: unknown) => unknown;
}

/** Installs an http.get that answers like the server for the calls the listing pages make. */
export function serve(get: Mock, backend: Backend): void {
  get.mockImplementation(async (path: string, params?: unknown) => {
    switch (path) {
      case 'user/base':
        if (backend.user === undefined || backend.user === null) throw visitorError();
        return backend.user;
      case 'focus/common':
        return backend.common ?? makeCommon();
      case 'cart/total':
        return { count: 0 };
      case 'goods/list':
        if (!backend.list) return listResult([]);
        return backend.list(params as GoodsListQuery);
      default: {
        const answer = backend.other?.(path, params);
        if (answer !== undefined) return answer;
        if (path.startsWith('focus/')) return [];
        throw new Error(`unexpected GET ${path}`);
      }
    }
  });
}

/** The goods/list queries sent so far. */
export function listCalls(get: Mock): GoodsListQuery[] {
  return get.mock.calls.filter(([path]) => path === 'goods/list').map(([, q]) => q as GoodsListQuery);
}

export function renderRoute(href: string) {
  resetErrorPresenter();
  // 401 redirects would call window.location.assign, which jsdom cannot do.
  const redirects: string[] = [];
  setErrorNavigator((to) => redirects.push(to));
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const router = createAppRouter(
    { queryClient, auth: { isSignedIn: () => Promise.resolve(true) } },
    { history: createMemoryHistory({ initialEntries: [href] }) },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ShellSlot.Provider value={Shell}>
        <RouterProvider router={router} />
      </ShellSlot.Provider>
      <NoticeHost />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, redirects };
}

/** Where the router is now, as pathname + search string. */
export function currentHref(router: ReturnType<typeof renderRoute>['router']): string {
  const loc = router.state.location;
  return loc.pathname + loc.searchStr;
}
