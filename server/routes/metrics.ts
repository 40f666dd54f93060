// GET /metrics (Prometheus text) for the operator's monitoring, not for buyers: mounted only when
// METRICS_TOKEN is set, and answered only with `Authorization: Bearer <METRICS_TOKEN>` (a scraper
// cannot hold an operator session with TOTP). Outside /api: no session, no service worker route,
// and a front proxy can keep it off the public site altogether (docs/operations.md).
import { Hono } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import type { AppEnv } from '../env.ts';
import type { Deps } from '../deps.ts';
import type { RequestMetrics } from '../http/metrics.ts';
import { chatHub } from '../services/chat/hub.ts';
import { expiryLagSeconds } from '../services/order-expiry.ts';
import { gatewayRefundsOutstanding } from '../services/orders/refunds.ts';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The PostgreSQL pool behind drizzle (node-postgres), or null on PGlite. */
function poolOf(deps: Deps): PoolLike | null {
  const client = (deps.db as unknown as { $client?: Partial<PoolLike> }).$client;
  return client && typeof client.totalCount === 'number' ? (client as PoolLike) : null;
}

export function metricsRoutes(deps: Deps, metrics: RequestMetrics, token: string): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    const auth = c.req.header('authorization') ?? '';
    if (!sameText(auth, `Bearer ${token}`)) return c.text('unauthorized\n', 401, { 'www-authenticate': 'Bearer' });
    const lines = metrics.render();
    lines.push(
      '# HELP shop_sse_connections Live chat streams (SSE) held by this process.',
      '# TYPE shop_sse_connections gauge',
    );
    lines.push(`shop_sse_connections ${chatHub(deps.db).size}`);
    const pool = poolOf(deps);
    if (pool) {
      lines.push(
        '# HELP shop_db_pool_connections PostgreSQL pool connections by state.',
        '# TYPE shop_db_pool_connections gauge',
      );
      lines.push(`shop_db_pool_connections{state="total"} ${pool.totalCount}`);
      lines.push(`shop_db_pool_connections{state="idle"} ${pool.idleCount}`);
      lines.push(`shop_db_pool_connections{state="waiting"} ${pool.waitingCount}`);
    }
    // The sweepers' backlog, from the database (the same whichever worker is scraped).
    const [lag, owed] = await Promise.all([
      expiryLagSeconds(deps.db, deps.clock()),
      gatewayRefundsOutstanding(deps.db),
    ]);
    lines.push(
      '# HELP shop_order_expiry_lag_seconds Age of the oldest unpaid order past its payment window not yet released.',
      '# TYPE shop_order_expiry_lag_seconds gauge',
    );
    lines.push(`shop_order_expiry_lag_seconds ${lag}`);
    // One group per family (the text format wants a family's lines together).
    lines.push(
      '# HELP shop_gateway_refunds_outstanding Gateway refunds not yet confirmed, by state.',
      '# TYPE shop_gateway_refunds_outstanding gauge',
    );
    for (const state of ['pending', 'failed'] as const)
      lines.push(`shop_gateway_refunds_outstanding{state="${state}"} ${owed[state].count}`);
    lines.push(
      '# HELP shop_gateway_refunds_outstanding_fen Their amount in fen.',
      '# TYPE shop_gateway_refunds_outstanding_fen gauge',
    );
    for (const state of ['pending', 'failed'] as const)
      lines.push(`shop_gateway_refunds_outstanding_fen{state="${state}"} ${owed[state].amount}`);
    const memory = process.memoryUsage();
    lines.push(
      '# HELP process_resident_memory_bytes Resident memory.',
      '# TYPE process_resident_memory_bytes gauge',
      `process_resident_memory_bytes ${memory.rss}`,
    );
    lines.push(
      '# HELP process_uptime_seconds Seconds since this process started.',
      '# TYPE process_uptime_seconds gauge',
      `process_uptime_seconds ${process.uptime()}`,
    );
    return c.text(`${lines.join('\n')}\n`, 200, {
      'content-type': 'text/plain; version=0.0.4; charset=utf-8',
      'cache-control': 'no-store',
    });
  });
  return routes;
}
