// "The server could not be reached" as opposed to "the server said no": pages that have an offline
// fallback (the cart draft, the local search, stored orders) show it for these failures only.
import { isApiError } from '../domain/api-error';

/** Gateway answers a proxy or captive portal gives when the shop's server is down. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

export function isServerUnreachable(err: unknown): boolean {
  if (!isApiError(err)) return false;
  if (err.kind === 'network' || err.kind === 'timeout') return true;
  return err.kind === 'server' && GATEWAY_STATUSES.has(err.status);
}
