// GET /api/health (liveness: the process answers) and GET /api/health/ready (readiness: the
// database answers too, within 2 s). Mounted before the API's middleware: no session look-up, no
// origin check, no body parsing, so a load balancer's probe costs nothing and works with the
// sessions table locked. Liveness never touches the database: a database outage must not make an
// orchestrator restart every process (docs/operations.md "Health and metrics").
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import type { Deps } from '../deps.ts';

const READY_TIMEOUT_MS = 2_000;
export const DATABASE_DOWN_MSG = '数据库暂不可用';

export function healthRoutes(deps: Deps): Hono<AppEnv> {
  const health = new Hono<AppEnv>();
  health.get('/', (c) => c.json({ code: 10000, msg: 'ok', data: { time: deps.clock().toISOString() } }));
  health.get('/ready', async (c) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
        }),
      ]);
      return c.json({ code: 10000, msg: 'ok', data: { database: 'up' } });
    } catch (err) {
      (deps.log ?? (() => {}))({
        event: 'health.not_ready',
        request_id: c.get('requestId'),
        error: err instanceof Error ? err.message : String(err),
      });
      return c.json({ code: 503, msg: DATABASE_DOWN_MSG, data: { database: 'down' } }, 503);
    } finally {
      clearTimeout(timer);
    }
  });
  return health;
}
