// A mutation that answers with the new state of a list (a renewed certificate list, the exchange
// offers after a choice, the signed contract) must win over an answer to that list asked for
// before it and arriving after it: the server read that one before the change (the race found
// behind messages.test's flake, session 21; the same shape in these three).
import { QueryClient, QueryClientProvider, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartExchangeKeys, exchangeOffersQuery, useChooseExchange } from '../../src/api/cart-exchange';
import { contractKeys, contractQuery, useSignContract } from '../../src/api/e-contract';
import { certificatesQuery, qualificationKeys, useRenewCertificate } from '../../src/api/qualifications';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../src/http/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/http/client')>()),
  http,
}));

beforeEach(() => {
  http.get.mockReset();
  http.post.mockReset();
});

interface Case {
  name: string;
  key: QueryKey;
  // The list's own query options (queryFn through http.get).
  query: () => { queryKey: QueryKey; queryFn?: unknown };
  // The hook's mutation result type differs per case; each is only called with its own input.
  useIt: () => UseMutationResult<unknown, Error, never>;
  input: unknown;
}

const CASES: Case[] = [
  {
    name: 'a certificate renewal',
    key: qualificationKeys.certificates(),
    query: certificatesQuery,
    useIt: useRenewCertificate as unknown as Case['useIt'],
    input: {
      certificateId: 3,
      number: '粤AA0200618',
      issuer: '广东省药品监督管理局',
      expires_on: '2031-06-30',
      file: new File(['%PDF-1.4'], '许可证.pdf', { type: 'application/pdf' }),
    },
  },
  {
    name: 'an exchange choice',
    key: cartExchangeKeys.offers(),
    query: exchangeOffersQuery,
    useIt: useChooseExchange as unknown as Case['useIt'],
    input: { promotion_id: 1, goods_id: 7, number: 1, price: 100 },
  },
  {
    name: 'the contract signature',
    key: contractKeys.all,
    query: contractQuery,
    useIt: useSignContract as unknown as Case['useIt'],
    input: 'v2',
  },
];

function wrapperFor(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

describe('a mutation answer against a list answer asked for before it', () => {
  it.each(CASES)('$name: the mutation’s answer stays', async ({ key, query, useIt, input }) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(key, { state: 'before' });
    let release: (value: unknown) => void = () => {};
    http.get.mockReturnValue(new Promise((resolve) => (release = resolve)));
    http.post.mockResolvedValue({ state: 'after the change' });
    const refetch = queryClient
      .fetchQuery({ ...(query() as object), queryKey: key, staleTime: 0 } as never)
      .catch(() => undefined);
    await waitFor(() => expect(http.get).toHaveBeenCalledTimes(1));

    const { result } = renderHook(() => useIt(), { wrapper: wrapperFor(queryClient) });
    await act(() => result.current.mutateAsync(input as never));
    expect(queryClient.getQueryData(key)).toEqual({ state: 'after the change' });

    // The list's answer, read by the server before the change, arrives last.
    await act(async () => {
      release({ state: 'read before the change' });
      await refetch;
    });
    expect(queryClient.getQueryData(key)).toEqual({ state: 'after the change' });
  });
});
