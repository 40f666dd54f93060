// The caller's address, for per-IP rate limits and idempotency scopes of visitors.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../env.ts';

/** Requests made in-process (app.request in tests) have no socket. */
const NO_SOCKET = 'local';

export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? NO_SOCKET;
  } catch {
    return NO_SOCKET;
  }
}
