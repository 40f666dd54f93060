// CSRF guard (DESIGN.md "API contract"): browsers send `Origin` on every cross-origin unsafe
// request, so one that names another site is refused. SameSite=Lax cookies already stop most
// cross-site posts; this closes the rest (sibling subdomains, old browsers, top-level form posts).
// An origin is scheme, host and port: a page served over plain http (or on another port) of our
// own host name is another origin, and may not post as the https shop.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppConfig } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { forbidden } from './envelope.ts';

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const FOREIGN_ORIGIN_MSG = '非法来源请求';

/** `scheme://host[:port]` with the default port dropped and the host lower-cased; null when not http(s). */
function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const firstOf = (header: string | undefined): string => (header ?? '').split(',')[0].trim();

/**
 * The origin the browser addressed: the request's scheme and its Host. Behind a trusted proxy
 * (TRUST_PROXY, the same trust client-ip.ts gives X-Forwarded-For) the proxy's X-Forwarded-Proto
 * and X-Forwarded-Host say what the browser used, since the proxy reaches us over plain http and
 * may rewrite Host; untrusted, those headers are anyone's and are ignored.
 */
export function requestOrigin(c: Context, trustProxy: boolean): string | null {
  const url = new URL(c.req.url);
  let scheme = url.protocol.slice(0, -1);
  let host = c.req.header('host') ?? url.host;
  if (trustProxy) {
    const proto = firstOf(c.req.header('x-forwarded-proto')).toLowerCase();
    if (proto === 'http' || proto === 'https') scheme = proto;
    const forwardedHost = firstOf(c.req.header('x-forwarded-host'));
    if (forwardedHost) host = forwardedHost;
  }
  return normalizeOrigin(`${scheme}://${host}`);
}

/** True when an unsafe request carrying this Origin may proceed: the request's own origin, or one allowed. */
export function isAllowedOrigin(origin: string, ownOrigin: string | null, allowedOrigins: readonly string[]): boolean {
  const normalized = normalizeOrigin(origin);
  // `Origin: null` (sandboxed frames, some redirects) is never our own page.
  if (normalized === null) return false;
  if (ownOrigin !== null && normalized === ownOrigin) return true;
  return allowedOrigins.some((allowed) => normalizeOrigin(allowed) === normalized);
}

export function originCheck(config: Pick<AppConfig, 'allowedOrigins' | 'trustProxy'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    // No Origin: a non-browser client or a same-origin navigation; cookies alone decide.
    if (origin !== undefined && UNSAFE_METHODS.has(c.req.method)) {
      if (!isAllowedOrigin(origin, requestOrigin(c, config.trustProxy === true), config.allowedOrigins))
        throw forbidden(FOREIGN_ORIGIN_MSG);
    }
    await next();
  };
}
