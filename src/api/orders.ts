// Order centre (docs/api.md "Orders"): the order list with its tab counts, order detail,
// cancel / confirm / buy again, after-sales and the 含麻黄碱 receipts. Keys live under ['order']
// so a change to one order refreshes every list and its detail with one prefix.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../domain/envelope';
import type {
  AfterSale,
  AfterSaleKind,
  EphedrineReceiptRecord,
  OrderDetail,
  OrderSummary,
  OrderTabKey,
  RebuyResult,
} from '../domain/orders';
import { cartSummaryKeys } from './cart-summary';
import { WALLET_ROOT_KEY } from './wallet-keys';
import { http } from '../http/client';

export type OrderKind = 'normal' | 'points';

/** GET /api/order query. Empty strings are "no filter" and are not sent. */
export interface OrderListQuery {
  tab: OrderTabKey;
  keywords: string;
  /** YYYY-MM-DD, inclusive, Asia/Shanghai. */
  start: string;
  end: string;
  kind: OrderKind;
  page: number;
}

export interface OrderListResult extends Page<OrderSummary> {
  /** Orders per tab for the same keywords/dates, so the tabs show what each holds. */
  counts: Partial<Record<OrderTabKey, number>>;
}

/** One row of /hmdd: the receipt the buyer filled in at /cart/hm, with its order (ID masked). */
export type EphedrineReceiptRow = EphedrineReceiptRecord;

/** The after-sale application as the form collects it; files go up as multipart. */
export interface AfterSaleInput {
  kind: AfterSaleKind;
  reason: string;
  description: string;
  lines: { order_line_id: number; number: number }[];
  photos: readonly File[];
}

export const orderKeys = {
  all: ['order'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: OrderListQuery) => [...orderKeys.lists(), query] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
  afterSales: () => [...orderKeys.all, 'after_sale'] as const,
  afterSaleList: (page: number) => [...orderKeys.afterSales(), 'list', page] as const,
  afterSale: (id: number) => [...orderKeys.afterSales(), 'detail', id] as const,
  ephedrineReceipts: (page: number) => [...orderKeys.all, 'ephedrine_receipts', page] as const,
};

// ---- fetchers ---------------------------------------------------------------------------------

function listParams(q: OrderListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { tab: q.tab, kind: q.kind, page: q.page };
  if (q.keywords !== '') params.keywords = q.keywords;
  if (q.start !== '') params.start = q.start;
  if (q.end !== '') params.end = q.end;
  return params;
}

export const getOrders = (q: OrderListQuery): Promise<OrderListResult> =>
  http.get<OrderListResult>('order', listParams(q));
export const getOrder = (id: number): Promise<OrderDetail> => http.get<OrderDetail>(`order/${id}`);
export const postOrderCancel = (id: number): Promise<unknown> => http.post<unknown>(`order/${id}/cancel`);
export const postOrderConfirm = (id: number): Promise<unknown> => http.post<unknown>(`order/${id}/confirm`);
export const postOrderRebuy = (id: number): Promise<RebuyResult> => http.post<RebuyResult>(`order/${id}/rebuy`);
export const getAfterSales = (page: number): Promise<Page<AfterSale>> =>
  http.get<Page<AfterSale>>('after_sale', { page });
export const getAfterSale = (id: number): Promise<AfterSale> => http.get<AfterSale>(`after_sale/${id}`);
export const getEphedrineReceipts = (page: number): Promise<Page<EphedrineReceiptRow>> =>
  http.get<Page<EphedrineReceiptRow>>('order/ephedrine_receipts', { page });

/** Bracket names like every form body (DESIGN.md), so the server reads both encodings alike. */
export function afterSaleFormData(input: AfterSaleInput): FormData {
  const form = new FormData();
  form.append('kind', input.kind);
  form.append('reason', input.reason);
  form.append('description', input.description);
  input.lines.forEach((line, i) => {
    form.append(`lines[${i}][order_line_id]`, String(line.order_line_id));
    form.append(`lines[${i}][number]`, String(line.number));
  });
  for (const photo of input.photos) form.append('photos[]', photo, photo.name);
  return form;
}

export const postAfterSale = (orderId: number, input: AfterSaleInput, idempotencyKey?: string): Promise<AfterSale> =>
  http.post<AfterSale>(`order/${orderId}/after_sale`, afterSaleFormData(input), { idempotencyKey });

// ---- queries ----------------------------------------------------------------------------------

/** Status moves on the server side (payment callbacks, shipping): a short trust window. */
const ORDER_STALE_MS = 10_000;

export const ordersQuery = (q: OrderListQuery) =>
  queryOptions({ queryKey: orderKeys.list(q), queryFn: () => getOrders(q), staleTime: ORDER_STALE_MS });

/** The detail page shows its own "订单不存在" state for the 404 envelope, so the presenter stays quiet. */
export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => getOrder(id),
    meta: { silentErrors: true },
    staleTime: ORDER_STALE_MS,
  });

export const afterSalesQuery = (page: number) =>
  queryOptions({ queryKey: orderKeys.afterSaleList(page), queryFn: () => getAfterSales(page) });

/** Same as the order detail: a missing after-sale is a page state, not an alert. */
export const afterSaleQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.afterSale(id), queryFn: () => getAfterSale(id), meta: { silentErrors: true } });

export const ephedrineReceiptsQuery = (page: number) =>
  queryOptions({ queryKey: orderKeys.ephedrineReceipts(page), queryFn: () => getEphedrineReceipts(page) });

// ---- mutations (refusals go to the shared SPEC §8 presenter) ----------------------------------

function useRefreshOrder(): (id: number) => Promise<void> {
  const queryClient = useQueryClient();
  return async (id) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
      // Cancelling refunds balance, confirming receipt earns points.
      queryClient.invalidateQueries({ queryKey: WALLET_ROOT_KEY }),
    ]);
  };
}

export function useCancelOrder() {
  const refresh = useRefreshOrder();
  return useMutation({
    mutationKey: [...orderKeys.all, 'cancel'] as const,
    mutationFn: postOrderCancel,
    onSuccess: (_data, id) => refresh(id),
  });
}

export function useConfirmOrder() {
  const refresh = useRefreshOrder();
  return useMutation({
    mutationKey: [...orderKeys.all, 'confirm'] as const,
    mutationFn: postOrderConfirm,
    onSuccess: (_data, id) => refresh(id),
  });
}

/**
 * Buy again writes the cart on the server (it re-checks stock, limits and 控销 line by line), so
 * the badge and drawer are refreshed the same way as after an add to cart.
 */
export function useRebuyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'rebuy'] as const,
    mutationFn: postOrderRebuy,
    onSuccess: (result) => {
      if (result.added > 0) {
        void queryClient.invalidateQueries({ queryKey: cartSummaryKeys.all });
      }
    },
  });
}

export function useCreateAfterSale(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...orderKeys.all, 'after_sale', 'create', orderId] as const,
    mutationFn: ({ input, idempotencyKey }: { input: AfterSaleInput; idempotencyKey: string }) =>
      postAfterSale(orderId, input, idempotencyKey),
    // Not awaited: the page moves to the new application at once; the order refreshes behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.afterSales() });
    },
  });
}
