// Where each order action leads. 含麻黄碱 orders are paid through /cart/hm, which first takes the
// buyer's ID details (a legal requirement for these medicines); once a receipt exists the normal
// pay step is used.
import type { AfterSaleKind, OrderSummary } from '../../domain/orders';
import { AFTER_SALE_PARAM } from './order-search-schema';

export const orderDetailHref = (id: number): string => `/order/info/${id}`;

/**
 * A list row does not carry the receipt, so a 含麻黄碱 order goes through /cart/hm from the list;
 * that page shows the receipt already on file. The detail knows (`hasReceipt`).
 */
export function payHref(order: Pick<OrderSummary, 'id' | 'has_ephedrine'>, hasReceipt = false): string {
  return order.has_ephedrine === 1 && !hasReceipt ? `/cart/hm?id=${order.id}` : `/cart/step3/${order.id}`;
}

/** SPEC §2: returns have their own detail route, every other kind the after-sales one. */
export function afterSaleHref(a: { id: number; kind: AfterSaleKind }): string {
  return a.kind === 'return' ? `/order/returnInfo/${a.id}` : `/order/afterSalesInfo/${a.id}`;
}

export const applyAfterSaleHref = (id: number): string => `${orderDetailHref(id)}?${AFTER_SALE_PARAM}=1`;

/** /dzfp opens the request form for this order. */
export const applyInvoiceHref = (id: number): string => `/dzfp?order=${id}`;
