// The cart flow's URLs in one place: what step 2 reads (`?ids=3,4,5`, written by the cart page),
// what the pay pages read (`/cart/step3/:id`, `/cart/hm?id=`, `/cart/step4?id=`) and where each
// checkout result leads. The search schemas themselves are in checkout-search-schema.ts.
import { useParams } from '@tanstack/react-router';
import type { CheckoutResult } from '../../domain/orders';
import { useRouteSearch } from '../../widgets/route-search';
import { cartLinesSearch, orderIdSearch, parseId } from './checkout-search-schema';

export const step3Href = (orderId: number) => `/cart/step3/${orderId}`;
export const ephedrineHref = (orderId: number) => `/cart/hm?id=${orderId}`;
export const step4Href = (orderId: number) => `/cart/step4?id=${orderId}`;
export const orderInfoHref = (orderId: number) => `/order/info/${orderId}`;
export const QUALIFICATION_HREF = '/zzzj';
export const CART_HREF = '/cart';

/** Where the page goes once the order exists (CheckoutResult.next). */
export function nextHref(result: Pick<CheckoutResult, 'order_id' | 'next'>): string {
  switch (result.next) {
    case 'pay':
      return step3Href(result.order_id);
    case 'ephedrine':
      return ephedrineHref(result.order_id);
    case 'done':
      return step4Href(result.order_id);
  }
}

/**
 * Where a gateway_url leads: one of our pages (the sandbox cashier) inside the app, or a real
 * gateway's https page by a full navigation; anything else is not followed.
 */
export function gatewayTarget(url: string): { internal: string } | { external: string } | null {
  if (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) return { internal: url };
  if (/^https:\/\//i.test(url)) return { external: url };
  return null;
}

/** Our own sandbox gateway's cashier page for a payment (the server's gateway_url has the same shape). */
export const sandboxHref = (paymentId: number) => `/pay/sandbox/${paymentId}`;

export function useSearchIds(): number[] {
  return useRouteSearch(cartLinesSearch).ids;
}

/** The order id from the query string (`?id=`), else null. */
export function useSearchOrderId(): number | null {
  return useRouteSearch(orderIdSearch).id;
}

/** A positive integer path param (`$id`, `$paymentId`), else null. */
export function useParamId(name: 'id' | 'paymentId'): number | null {
  const params: Readonly<Record<string, string | undefined>> = useParams({ strict: false });
  return parseId(params[name]);
}
