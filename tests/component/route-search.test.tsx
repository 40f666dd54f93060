// Route search schemas through the real router: each row's validateSearch types the URL for its
// page and normalises bad values to the defaults the pages used before, while the URL itself stays
// exactly as the link wrote it (no typed values or defaults written back into the address bar).
import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIST_SEARCH, listSearchSchema } from '../../src/domain/list-search';
import { DEFAULT_ORDER_SEARCH, orderListSearch } from '../../src/features/orders/order-search-schema';
import type { RouteDef } from '../../src/routes/types';
import { typedSearch } from '../../src/widgets/route-search';
import { currentHref, listCalls, listResult, makeUser, renderRoute, serve } from './catalog-harness';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));
vi.mock('../../src/app/shell/shell', () => ({
  Shell: ({ def, children }: { def: RouteDef; children: ReactNode }) => <div data-route={def.name}>{children}</div>,
}));

beforeEach(() => {
  serve(http.get, {
    user: makeUser(),
    list: () => listResult([]),
    other: (path) => (path === 'order' ? { list: [], total: 0, page: 1, page_size: 10, counts: {} } : undefined),
  });
});

afterEach(() => {
  http.get.mockReset();
});

type Router = ReturnType<typeof renderRoute>['router'];
const leafSearch = (router: Router) => router.state.matches.at(-1)!.search;

describe('route search schemas', () => {
  it('normalise bad list params to the defaults and keep the good ones', async () => {
    const { router } = renderRoute('/list?page=abc&sort=bogus&category_id=3&yx=1&price_min=-5');
    await waitFor(() => expect(router.state.status).toBe('idle'));
    expect(typedSearch(leafSearch(router), listSearchSchema())).toEqual({
      ...DEFAULT_LIST_SEARCH,
      category_id: 3,
      yx: true,
    });
    // The route parsed it (validateSearch): every reader gets that one value, not a parse of its own.
    expect(typedSearch(leafSearch(router), listSearchSchema())).toBe(
      typedSearch(leafSearch(router), listSearchSchema()),
    );
    expect(listCalls(http.get)[0]).toMatchObject({ category_id: 3, page: 1, yx: 1 });
    expect(listCalls(http.get)[0]).not.toHaveProperty('sort');
  });

  it('type the order list tabs and fall back to 全部 on page 1', async () => {
    const { router } = renderRoute('/order?tab=nope&page=-2&start=2026-02-30');
    await waitFor(() => expect(router.state.status).toBe('idle'));
    expect(typedSearch(leafSearch(router), orderListSearch)).toEqual(DEFAULT_ORDER_SEARCH);
  });

  it('never write typed values or defaults into the URL', async () => {
    const { router } = renderRoute('/list?yx=1&tags=%E4%BC%98');
    await waitFor(() => expect(listCalls(http.get).length).toBeGreaterThan(0));
    expect(router.state.location.search).toEqual({ yx: 1, tags: '优' });
    await act(() => router.navigate({ href: '/list/table?yx=1&category_id=3' }));
    expect(currentHref(router)).toBe('/list/table?yx=1&category_id=3');
    await act(() => router.navigate({ to: '/order', search: { tab: 'unpaid' } }));
    expect(currentHref(router)).toBe('/order?tab=unpaid');
  });
});
