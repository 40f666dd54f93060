// CSRF guard (DESIGN.md "API contract"): browsers send `Origin` on every cross-origin unsafe
// request, so one that names another site is refused. SameSite=Lax cookies already stop most
// cross-site posts; this closes the rest (sibling subdomains, old browsers, top-level form posts).
import type { MiddlewareHandler } from 'hono';
import type { AppConfig } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { forbidden } from './envelope.ts';

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const FOREIGN_ORIGIN_MSG = '非法来源请求';

function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** True when an unsafe request carrying this Origin may proceed. */
export function isAllowedOrigin(origin: string, requestHost: string, allowedOrigins: readonly string[]): boolean {
  const normalized = normalizeOrigin(origin);
  // `Origin: null` (sandboxed frames, some redirects) is never our own page.
  if (normalized === null) return false;
  if (new URL(normalized).host === requestHost.toLowerCase()) return true;
  return allowedOrigins.some((allowed) => normalizeOrigin(allowed) === normalized);
}

export function originCheck(config: Pick<AppConfig, 'allowedOrigins'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    // No Origin: a non-browser client or a same-origin navigation; cookies alone decide.
    if (origin !== undefined && UNSAFE_METHODS.has(c.req.method)) {
      const host = c.req.header('host') ?? new URL(c.req.url).host;
      if (!isAllowedOrigin(origin, host, config.allowedOrigins)) throw forbidden(FOREIGN_ORIGIN_MSG);
    }
    await next();
  };
}
