// Integration API framework (issue 34 §1): signed requests, each refusal with its reason code, the
// key's life (rotation with an overlap, revocation), scopes, Idempotency-Key per client, the call
// log and the bootstrap. The ERP side is the reference client (scripts/erp/client.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { erpFor, integrationClient, type MadeClient } from '../helpers/integration.ts';
import { bootstrapClient, ErpClient } from '../../scripts/erp/client.ts';
import { integrationCalls, integrationClients } from '../../server/db/schema.ts';
import { INTEGRATION_ROUTES, integrationRoutes } from '../../server/routes/integration/index.ts';
import { defineRoute } from '../../server/routes/integration/define.ts';
import type { AppEnv } from '../../server/env.ts';

let t: TestApp;
let made: MadeClient;
const BOOTSTRAP_TOKEN = 'bootstrap-token-for-the-integration-tests-0001';

beforeAll(async () => {
  t = await createTestApp({ config: { integrationBootstrapToken: BOOTSTRAP_TOKEN } });
  made = await integrationClient(t, ['stock:write']);
}, 120_000);
afterAll(() => t.close());

const reasonOf = (res: { body: { data: unknown } }) => (res.body.data as { reason?: string } | null)?.reason;

describe('signature', () => {
  it('a correctly signed call passes', async () => {
    const res = await made.erp.get<{ name: string; scopes: string[]; server_time: number }>('/me');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(10000);
    expect(res.body.data.name).toBe('测试ERP');
    expect(res.body.data.scopes).toEqual(['stock:write']);
    expect(res.body.data.server_time).toBe(Math.floor(t.clock.now().getTime() / 1000));
  });

  it('a wrong signature, a wrong secret and an altered body are refused with bad_signature', async () => {
    const tampered = await made.erp.get('/me', { signature: 'a'.repeat(64) });
    expect(tampered.status).toBe(401);
    expect(tampered.body.msg).toBe('签名错误');
    expect(reasonOf(tampered)).toBe('bad_signature');

    const wrongSecret = erpFor(t, made.keyId, `${made.secret}x`);
    expect(reasonOf(await wrongSecret.get('/me'))).toBe('bad_signature');

    // The signature covers the path with its query: the same signature on another query fails.
    const at = String(Math.floor(t.clock.now().getTime() / 1000));
    const { signRequest } = await import('../../scripts/erp/client.ts');
    const sig = signRequest(made.secret, 'GET', '/api/integration/v1/me?a=1', at, 'nonce-for-query-test-1', '');
    const moved = await made.erp.get('/me?a=2', { timestamp: at, nonce: 'nonce-for-query-test-1', signature: sig });
    expect(reasonOf(moved)).toBe('bad_signature');
  });

  it('missing headers and an unknown key id are refused, each with its own reason', async () => {
    const bare = await t.app.request('/api/integration/v1/me');
    expect(bare.status).toBe(401);
    const body = (await bare.json()) as { code: number; msg: string; data: { reason: string } };
    expect(body.code).toBe(401);
    expect(body.data.reason).toBe('missing_credentials');
    const stranger = new ErpClient({
      baseUrl: 'http://localhost',
      keyId: 'kyk_nobody',
      secret: 'x',
      fetch: (r) => Promise.resolve(t.app.request(r)),
      now: () => t.clock.now(),
    });
    const res = await stranger.get('/me');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('密钥ID不存在');
    expect(reasonOf(res)).toBe('unknown_key');
  });
});

describe('clock skew', () => {
  it('refuses a timestamp more than 5 minutes off either way, accepts one just inside', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    for (const off of [-301, 301]) {
      const res = await made.erp.get('/me', { timestamp: String(now + off) });
      expect(res.status).toBe(401);
      expect(reasonOf(res)).toBe('clock_skew');
      expect(res.body.msg).toBe('请求时间与服务器时间相差超过5分钟，请校准时钟');
    }
    for (const off of [-299, 299])
      expect((await made.erp.get('/me', { timestamp: String(now + off) })).status).toBe(200);
    expect(reasonOf(await made.erp.get('/me', { timestamp: 'yesterday' }))).toBe('bad_timestamp');
  });
});

describe('nonce', () => {
  it('a nonce is used once: the replay of a whole signed request is refused', async () => {
    const nonce = 'replayed-nonce-0000000001';
    const at = String(Math.floor(t.clock.now().getTime() / 1000));
    expect((await made.erp.get('/me', { nonce, timestamp: at })).status).toBe(200);
    const again = await made.erp.get('/me', { nonce, timestamp: at });
    expect(again.status).toBe(401);
    expect(reasonOf(again)).toBe('nonce_reused');
    expect(reasonOf(await made.erp.get('/me', { nonce: 'short' }))).toBe('bad_nonce');
  });

  it('of ten concurrent requests with one nonce exactly one passes', async () => {
    const nonce = 'concurrent-nonce-00000001';
    const at = String(Math.floor(t.clock.now().getTime() / 1000));
    const all = await Promise.all(Array.from({ length: 10 }, () => made.erp.get('/me', { nonce, timestamp: at })));
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => reasonOf(r) === 'nonce_reused')).toHaveLength(9);
  });

  it('a bad signature does not spend the nonce the real ERP will send', async () => {
    const nonce = 'not-burnt-by-forger-00001';
    expect(reasonOf(await made.erp.get('/me', { nonce, signature: 'b'.repeat(64) }))).toBe('bad_signature');
    expect((await made.erp.get('/me', { nonce })).status).toBe(200);
  });
});

describe('key life', () => {
  it('after a rotation the old secret works within the overlap and not after it; the new one works', async () => {
    const own = await integrationClient(t, ['stock:write'], '轮换测试');
    const rotated = await t.call('POST', `/api/admin/integration-clients/${own.id}/rotate`, {
      body: { overlap_minutes: '10' },
      cookie: own.adminCookie,
    });
    expect(rotated.status).toBe(200);
    const fresh = erpFor(t, own.keyId, rotated.body.data.secret as string);
    expect(rotated.body.data.key_id).toBe(own.keyId);
    expect(rotated.body.data.secret).not.toBe(own.secret);
    expect((await own.erp.get('/me')).status).toBe(200);
    expect((await fresh.get('/me')).status).toBe(200);
    t.clock.advance(9 * 60_000);
    expect((await own.erp.get('/me')).status).toBe(200);
    t.clock.advance(2 * 60_000);
    const late = await own.erp.get('/me');
    expect(late.status).toBe(401);
    expect(reasonOf(late)).toBe('bad_signature');
    expect((await fresh.get('/me')).status).toBe(200);
  });

  it('a revoked key is refused at once with key_revoked', async () => {
    const own = await integrationClient(t, ['stock:write'], '停用测试');
    expect((await own.erp.get('/me')).status).toBe(200);
    const revoked = await t.call('POST', `/api/admin/integration-clients/${own.id}/revoke`, {
      cookie: own.adminCookie,
    });
    expect(revoked.status).toBe(200);
    const res = await own.erp.get('/me');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('该对接凭证已停用');
    expect(reasonOf(res)).toBe('key_revoked');
  });

  it('the console lists clients with their last use and never a secret; only a 管理员 may', async () => {
    const list = await t.call('GET', '/api/admin/integration-clients', { cookie: made.adminCookie });
    expect(list.status).toBe(200);
    const mine = (list.body.data as { key_id: string; last_used_at: number | null }[]).find(
      (c) => c.key_id === made.keyId,
    )!;
    expect(mine.last_used_at).not.toBeNull();
    expect(JSON.stringify(list.body.data)).not.toContain(made.secret);
    const [row] = await t.db.select().from(integrationClients).where(eq(integrationClients.keyId, made.keyId));
    expect(JSON.stringify(row)).not.toContain(made.secret);
    const { roleOperator } = await import('../helpers/operators.ts');
    const ops = await roleOperator(t, 'operations');
    expect((await t.call('GET', '/api/admin/integration-clients', { cookie: ops.cookie })).status).toBe(403);
  });
});

describe('scopes, idempotency and the call log (on a probe route mounted with the real framework)', () => {
  let runs = 0;
  let probe: Hono<AppEnv>;
  let probeErp: (c: MadeClient) => ErpClient;
  beforeAll(() => {
    const route = defineRoute({
      method: 'POST',
      path: '/probe',
      scope: 'prices:write',
      operationId: 'probe',
      tag: 'probe',
      summary: 'probe',
      body: z.object({ n: z.number({ error: '请填写n' }) }),
      response: z.object({ runs: z.number() }),
      handler: async (c, { body }) => {
        runs += body.n;
        c.get('integration')!.result = { items: 1 };
        return { runs };
      },
    });
    probe = new Hono<AppEnv>();
    probe.route('/api/integration/v1', integrationRoutes(t.deps, [...INTEGRATION_ROUTES, route]));
    probeErp = (c) =>
      new ErpClient({
        baseUrl: 'http://localhost',
        keyId: c.keyId,
        secret: c.secret,
        fetch: (r) => Promise.resolve(probe.request(r)),
        now: () => t.clock.now(),
      });
  });

  it('a scope not granted is refused with 403 scope_not_granted', async () => {
    const res = await probeErp(made).post('/probe', { n: 1 });
    expect(res.status).toBe(403);
    expect(reasonOf(res)).toBe('scope_not_granted');
    expect(res.body.msg).toBe('该对接凭证未获授权：prices:write');
  });

  it('a write needs an Idempotency-Key; a retry with it replays the first answer; keys are per client', async () => {
    const a = await integrationClient(t, ['prices:write'], '幂等A');
    const b = await integrationClient(t, ['prices:write'], '幂等B');
    const noKey = await probeErp(a).call('POST', '/probe', { n: 1 });
    expect(noKey.status).toBe(428);
    expect(reasonOf(noKey)).toBe('idempotency_key_required');
    const before = runs;
    const first = await probeErp(a).post('/probe', { n: 1 }, { idempotencyKey: 'same-key-1' });
    const retry = await probeErp(a).post('/probe', { n: 1 }, { idempotencyKey: 'same-key-1' });
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(runs).toBe(before + 1);
    // The other client's same key is its own.
    expect(
      (await probeErp(b).post('/probe', { n: 1 }, { idempotencyKey: 'same-key-1' })).headers.get('Idempotent-Replayed'),
    ).toBeNull();
    expect(runs).toBe(before + 2);
    // The same key with another body is refused, not replayed.
    const other = await probeErp(a).post('/probe', { n: 2 }, { idempotencyKey: 'same-key-1' });
    expect(other.status).toBe(422);
    expect(reasonOf(other)).toBe('invalid_request');
  });

  it('bad input is a 422 naming the field, with reason invalid_request', async () => {
    const a = await integrationClient(t, ['prices:write'], '参数');
    const res = await probeErp(a).post('/probe', { n: 'x' });
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('invalid_request');
    expect((res.body.data as { errors: Record<string, string[]> }).errors.n).toBeDefined();
  });

  it('every call, passed or refused, is in the call log with its client, route and reason', async () => {
    const a = await integrationClient(t, ['prices:write'], '日志');
    await probeErp(a).post('/probe', { n: 1 }, { idempotencyKey: 'log-1' });
    await probeErp(a).get('/me', { signature: 'c'.repeat(64) });
    const rows = await t.db.select().from(integrationCalls).where(eq(integrationCalls.clientId, a.id));
    expect(rows.map((r) => [r.route, r.status, r.reason])).toEqual([['POST /probe', 200, '']]);
    const refused = await t.db.select().from(integrationCalls).where(eq(integrationCalls.keyId, a.keyId));
    expect(refused.map((r) => [r.method, r.status, r.reason])).toContainEqual(['GET', 401, 'bad_signature']);
    expect(rows[0]!.result).toEqual({ items: 1 });
    const calls = await t.call('GET', `/api/admin/integration-clients/${a.id}/calls`, { cookie: a.adminCookie });
    expect(calls.body.data[0].route).toBe('POST /probe');
  });
});

describe('bootstrap', () => {
  const send = (r: Request) => Promise.resolve(t.app.request(r));
  it('creates one client with the token, refuses a wrong token, a second bootstrap, and works again after a revoke', async () => {
    const wrong = await bootstrapClient('http://localhost', 'not-the-token', { name: 'ERP' }, send);
    expect(wrong.status).toBe(401);
    expect(reasonOf(wrong)).toBe('bootstrap_refused');
    const first = await bootstrapClient('http://localhost', BOOTSTRAP_TOKEN, { name: '初始化ERP' }, send);
    expect(first.status).toBe(200);
    expect(first.body.data.scopes).toEqual([
      'goods:write',
      'stock:write',
      'prices:write',
      'companies:write',
      'orders:read',
      'orders:write',
    ]);
    expect((await erpFor(t, first.body.data.key_id, first.body.data.secret).get('/me')).status).toBe(200);
    const second = await bootstrapClient('http://localhost', BOOTSTRAP_TOKEN, { name: '再来' }, send);
    expect(second.status).toBe(409);
    expect(reasonOf(second)).toBe('bootstrap_spent');
    const [row] = await t.db
      .select()
      .from(integrationClients)
      .where(eq(integrationClients.keyId, first.body.data.key_id));
    await t.call('POST', `/api/admin/integration-clients/${row!.id}/revoke`, { cookie: made.adminCookie });
    expect((await bootstrapClient('http://localhost', BOOTSTRAP_TOKEN, { name: '再来' }, send)).status).toBe(200);
  });

  it('answers 404 bootstrap_unavailable when the server has no token', async () => {
    const none = await createTestApp();
    try {
      const res = await bootstrapClient('http://localhost', BOOTSTRAP_TOKEN, { name: 'ERP' }, (r) =>
        Promise.resolve(none.app.request(r)),
      );
      expect(res.status).toBe(404);
      expect(reasonOf(res)).toBe('bootstrap_unavailable');
    } finally {
      await none.close();
    }
  });
});
