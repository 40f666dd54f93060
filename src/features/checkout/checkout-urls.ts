// The cart flow's URLs in one place: what step 2 reads (`?ids=3,4,5`, written by the cart page),
// what the pay pages read (`/cart/step3/:id`, `/cart/hm?id=`, `/cart/step4?id=`) and where each
// checkout result leads.
import { useParams, useSearch } from '@tanstack/react-router';
import type { CheckoutResult } from '../../domain/orders';

const MAX_ID = 2_147_483_647;
/** A cart holds at most a few hundred lines; anything longer is not a URL we wrote. */
const MAX_IDS = 1_000;

export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const s = String(raw).trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/**
 * Cart line ids from `?ids=`: `3,4,5` as the cart page writes it; the router's own parse may turn
 * a single id into a number or a JSON array into an array. Bad entries are dropped, order kept,
 * duplicates removed.
 */
export function parseIds(raw: unknown): number[] {
  const parts: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const out: number[] = [];
  for (const part of parts.slice(0, MAX_IDS)) {
    const id = parseId(part);
    if (id !== null && !out.includes(id)) out.push(id);
  }
  return out;
}

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
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  return parseIds(search.ids);
}

/** A positive integer from the query string (`?id=`), else null. */
export function useSearchId(name: 'id'): number | null {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  return parseId(search[name]);
}

/** A positive integer path param (`$id`, `$paymentId`), else null. */
export function useParamId(name: 'id' | 'paymentId'): number | null {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  return parseId(params[name]);
}
