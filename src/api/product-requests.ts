// 品种求购 (/pzqg, docs/api.md "Product requests"): the company's requests, one request with the
// operator's reply, and the form's submit. The submit goes through the local store
// (src/local/writes.ts requestCreate): online it answers with the server's envelope, offline it is
// queued in the outbox with an Idempotency-Key and lands once when the device is back online.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../domain/envelope';
import type { ProductRequest, ProductRequestDetail, ProductRequestStatus } from '../domain/product-requests';
import { requestCreate, type FormFields } from '../local';
import { http } from '../http/client';
import { localWrite, writeMessage, type WriteResult } from './local-write';
import { successNotice } from './success-notice';

export const PRODUCT_REQUEST_SENT_MESSAGE = '求购信息已提交，我们会尽快处理';

/** A short trust window so the route's loader and the page share one request (route-loaders.md). */
export const PRODUCT_REQUEST_STALE_MS = 10_000;

export const productRequestKeys = {
  all: ['product-request'] as const,
  lists: () => [...productRequestKeys.all, 'list'] as const,
  list: (status: ProductRequestStatus | undefined, page: number) =>
    [...productRequestKeys.lists(), status ?? 'all', page] as const,
  detail: (id: number) => [...productRequestKeys.all, 'detail', id] as const,
};

export const getProductRequests = (
  status: ProductRequestStatus | undefined,
  page: number,
): Promise<Page<ProductRequest>> => http.get<Page<ProductRequest>>('user/buy', status ? { status, page } : { page });
export const getProductRequest = (id: number): Promise<ProductRequestDetail> =>
  http.get<ProductRequestDetail>(`user/buy/${id}`);

export const productRequestsQuery = (status: ProductRequestStatus | undefined, page: number) =>
  queryOptions({
    queryKey: productRequestKeys.list(status, page),
    queryFn: () => getProductRequests(status, page),
    staleTime: PRODUCT_REQUEST_STALE_MS,
  });

export const productRequestQuery = (id: number) =>
  queryOptions({
    queryKey: productRequestKeys.detail(id),
    queryFn: () => getProductRequest(id),
    staleTime: PRODUCT_REQUEST_STALE_MS,
  });

export const postProductRequest = (fields: FormFields): Promise<WriteResult<unknown>> =>
  localWrite(() => requestCreate(fields));

/** Refusals go to the shared SPEC §8 presenter (422: the first message as a toast). */
export function useCreateProductRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...productRequestKeys.all, 'create'] as const,
    mutationFn: postProductRequest,
    // Offline it still "succeeds": the outbox keeps it.
    networkMode: 'always',
    meta: successNotice((r: WriteResult<unknown>) => ({
      message: writeMessage(r, PRODUCT_REQUEST_SENT_MESSAGE),
      tone: r.provisional ? 'info' : 'success',
    })),
    onSuccess: (r) => {
      if (!r.provisional) void queryClient.invalidateQueries({ queryKey: productRequestKeys.lists() });
    },
  });
}
