// What operators see (issue 33 §4): every answer names its request (X-Request-Id) and leaves one
// access-log line (path without its query, status, who asked); a fault's line carries the same id
// with its stack; /api/health (liveness) and /api/health/ready (the database answers) sit before
// the session middleware, so they answer with the sessions table unusable, and readiness says 503
// when the database does not answer while liveness stays 200. GET /metrics (Prometheus text) answers
// only a scraper bearing METRICS_TOKEN, and only where one is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createTestDb, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { createApp } from '../../server/app.ts';
import type { LogEntry } from '../../server/log.ts';
import { companies, orderRefunds, orders, users } from '../../server/db/schema.ts';

const lines: LogEntry[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    config: { metricsToken: 'metrics-token-0123456789abcdef' },
    log: (l) => lines.push(l),
    extend: (api) =>
      api.get('/test/boom', () => {
        throw new Error('kaboom');
      }),
  });
  await createMember(t.db, { username: 'watched' });
});
afterAll(() => t.close());

const accessLine = (id: string) => lines.find((l) => l.event === 'http.request' && l.request_id === id);

describe('request ids and the access log', () => {
  it('names every answer and logs it once, with the member and without the query string', async () => {
    const cookie = await t.signIn('watched', TEST_PASSWORD);
    const res = await t.app.request('/api/user/wechat_ticket?ticket=secret-ticket-value', { headers: { cookie } });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const line = accessLine(id)!;
    expect(line).toMatchObject({
      method: 'GET',
      path: '/api/user/wechat_ticket',
      status: res.status,
      user_id: expect.any(Number),
    });
    expect(typeof line.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-ticket-value');
    expect(lines.filter((l) => l.request_id === id && l.event === 'http.request')).toHaveLength(1);

    const other = await t.call('GET', '/api/global/shop_mode');
    expect(other.headers.get('x-request-id')).not.toBe(id);
    expect(accessLine(other.headers.get('x-request-id')!)).not.toHaveProperty('user_id');
  });

  it("a fault answers 系统繁忙 and its log line has the stack under the answer's request id", async () => {
    const res = await t.call('GET', '/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body.msg).toBe('系统繁忙，请稍候再试');
    const id = res.headers.get('x-request-id')!;
    const error = lines.find((l) => l.event === 'http.error' && l.request_id === id)!;
    expect(error).toMatchObject({ path: '/api/test/boom', error: 'kaboom' });
    expect(String(error.stack)).toContain('kaboom');
    expect(JSON.stringify(res.body)).not.toContain('kaboom');
    expect(accessLine(id)).toMatchObject({ status: 500 });
  });

  it("keeps a trusted proxy's request id, and ignores one from anyone else", async () => {
    const proxied = await createTestApp({ config: { trustProxy: true }, log: (l) => lines.push(l) });
    try {
      const kept = await proxied.app.request('/api/global/shop_mode', {
        headers: { 'x-request-id': 'nginx-7f3a9c01d2' },
      });
      expect(kept.headers.get('x-request-id')).toBe('nginx-7f3a9c01d2');
      const bad = await proxied.app.request('/api/global/shop_mode', {
        headers: { 'x-request-id': 'has spaces; and <html>' },
      });
      expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    } finally {
      await proxied.close();
    }
    const direct = await t.app.request('/api/global/shop_mode', { headers: { 'x-request-id': 'nginx-7f3a9c01d2' } });
    expect(direct.headers.get('x-request-id')).not.toBe('nginx-7f3a9c01d2');
  });
});

describe('health', () => {
  it('answers before the session middleware: with the sessions table unusable, both probes still answer', async () => {
    const cookie = await t.signIn('watched', TEST_PASSWORD);
    await t.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      expect((await t.call('GET', '/api/user/base', { cookie })).status).toBe(500);
      const live = await t.call('GET', '/api/health', { cookie });
      expect(live.status).toBe(200);
      expect(live.body.code).toBe(10000);
      const ready = await t.call('GET', '/api/health/ready', { cookie });
      expect(ready.status).toBe(200);
      expect(ready.body.data).toEqual({ database: 'up' });
    } finally {
      await t.db.execute(sql`alter table sessions_away rename to sessions`);
    }
  });

  it('readiness says 503 when the database does not answer; liveness stays 200', async () => {
    const { db, close } = await createTestDb();
    const app = createApp({
      db,
      clock: () => new Date(),
      config: { secureCookies: false, devEndpoints: false, demo: true, allowedOrigins: [] },
      log: () => {},
    });
    await close();
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ code: 503, msg: '数据库暂不可用', data: { database: 'down' } });
    expect((await app.request('/api/health')).status).toBe(200);
  });
});

describe('metrics', () => {
  const scrape = (auth?: string) => t.app.request('/metrics', { headers: auth ? { authorization: auth } : {} });

  it('counts requests by route pattern and status, with a latency histogram, for the bearer of the token only', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer wrong-token')).status).toBe(401);
    await t.call('GET', '/api/goods/detail/987654');
    await t.call('GET', '/api/goods/detail/987655');
    const res = await scrape('Bearer metrics-token-0123456789abcdef');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await res.text();
    // Two goods ids, one series: the pattern, not the path.
    const goods = text
      .split('\n')
      .filter((l) => l.startsWith('shop_http_requests_total{method="GET",route="/api/goods/detail/:id"'));
    expect(goods).toHaveLength(1);
    expect(goods[0]).toMatch(/status="404"\} 2$/);
    expect(text).not.toContain('987654');
    expect(text).toMatch(
      /shop_http_request_duration_seconds_bucket\{method="GET",route="\/api\/goods\/detail\/:id",le="\+Inf"\} 2/,
    );
    expect(text).toMatch(
      /shop_http_request_duration_seconds_count\{method="GET",route="\/api\/goods\/detail\/:id"\} 2/,
    );
    expect(text).toMatch(/^shop_sse_connections 0$/m);
  });

  it('says how far the order-expiry sweeper is behind and what gateway refunds are still owed', async () => {
    const text = async () => (await scrape('Bearer metrics-token-0123456789abcdef')).text();
    expect(await text()).toMatch(/^shop_order_expiry_lag_seconds 0$/m);
    expect(await text()).toMatch(/^shop_gateway_refunds_outstanding\{state="failed"\} 0$/m);
    // An unpaid order whose payment window closed 90 s ago, not yet released by any sweeper.
    const [company] = await t.db.select({ id: companies.id }).from(companies).limit(1);
    const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNo: 'LAG0001',
        companyId: company.id,
        userId: user.id,
        status: 'pending_payment',
        goodsAmount: 1000,
        payAmount: 1000,
        address: {},
        createdAt: new Date(t.clock.now().getTime() - 3_600_000),
        expiresAt: new Date(t.clock.now().getTime() - 90_000),
      })
      .returning({ id: orders.id });
    await t.db.insert(orderRefunds).values({
      orderId: order.id,
      companyId: company.id,
      route: 'online',
      destination: 'gateway',
      amount: 1000,
      status: 'failed',
      refundNo: 'LAGR0001',
      createdAt: t.clock.now(),
    });
    const after = await text();
    expect(after).toMatch(/^shop_order_expiry_lag_seconds 90$/m);
    expect(after).toMatch(/^shop_gateway_refunds_outstanding\{state="failed"\} 1$/m);
    expect(after).toMatch(/^shop_gateway_refunds_outstanding_fen\{state="failed"\} 1000$/m);
  });

  it('is not there without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.request('/metrics', { headers: { authorization: 'Bearer x' } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
