// Every request gets an id (the `X-Request-Id` answer header; a trusted proxy's own id is kept, so
// nginx's log and ours name the same request) and one access-log line when it is answered: method,
// path (never the query string: it may carry a ticket or a code), status, milliseconds, and who
// asked (buyer or operator id). A buyer quotes the id from the 系统繁忙 toast; the error's log line
// (server/http/errors.ts) carries the same id with its stack. The same timing feeds the metrics.
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import type { Deps } from '../deps.ts';
import { stdoutLog } from '../log.ts';
import { routeOf, type RequestMetrics } from './metrics.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const TRUSTED_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestLog(deps: Deps, metrics: RequestMetrics): MiddlewareHandler<AppEnv> {
  const log = deps.log ?? stdoutLog;
  return async (c, next) => {
    const offered = deps.config.trustProxy ? c.req.header(REQUEST_ID_HEADER) : undefined;
    const id = offered && TRUSTED_ID.test(offered) ? offered : randomBytes(8).toString('hex');
    c.set('requestId', id);
    const started = performance.now();
    try {
      await next();
    } finally {
      c.header(REQUEST_ID_HEADER, id);
      const seconds = (performance.now() - started) / 1000;
      metrics.observe(c.req.method, routeOf(c), c.res.status, seconds);
      const user = c.get('user');
      const operator = c.get('operator');
      log({
        event: 'http.request',
        request_id: id,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(seconds * 10_000) / 10,
        ...(user ? { user_id: user.userId } : {}),
        ...(operator ? { operator_id: operator.staffId } : {}),
      });
    }
  };
}
