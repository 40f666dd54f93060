// The server core: envelope on errors, no leak on a 500, JSON 404 under /api, origin check,
// body limits and the idempotency replay.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { pickEncoding } from '../../server/http/compress-json.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { ok } from '../../server/http/envelope.ts';
import { readInput } from '../../server/http/validate.ts';
import { REPLAYED_HEADER } from '../../server/http/idempotency.ts';
import { registerStart, startIsRunning, START_GONE_AFTER_MS } from '../../server/cluster/server-starts.ts';

let t: TestApp;
let counter = 0;
let release: (() => void) | null = null;

beforeAll(async () => {
  t = await createTestApp({
    extend: (api) => {
      api.get('/test/boom', () => {
        throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
      });
      api.post('/test/echo', (c) => ok(c, c.get('body')));
      api.get('/test/big', (c) => ok(c, { rows: Array.from({ length: 200 }, (_, i) => ({ i, name: '感冒灵颗粒' })) }));
      api.post('/test/count', (c) => {
        counter += 1;
        return ok(c, { counter, body: c.get('body') });
      });
      // Keys in an order jsonb would not keep (it sorts by length, then bytes), and a space.
      api.post('/test/ordered', (c) => ok(c, { zeta: 1, a: 'x y', middle: [3, 1] }));
      api.post('/test/slow', async (c) => {
        counter += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return ok(c, { counter });
      });
      api.post('/test/fail', (c) => {
        counter += 1;
        return c.json({ code: 500, msg: 'x', data: null }, 503);
      });
      api.post('/test/validate', (c) =>
        ok(c, readInput(c, z.object({ n: z.coerce.number({ error: '请输入数量' }).int() }))),
      );
    },
  });
});
afterAll(() => t.close());

describe('error envelope', () => {
  it('answers a thrown error with a bare 500 envelope and its request id (the log line with the stack: observability.test.ts)', async () => {
    const res = await t.call('GET', '/api/test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, msg: '系统繁忙，请稍候再试', data: null });
    expect(JSON.stringify(res.body)).not.toMatch(/secret_table|SELECT|at /);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('answers unknown /api paths with a JSON 404 envelope', async () => {
    const res = await t.call('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, data: null });
  });

  it('turns a zod failure into 422 with field errors and the first message', async () => {
    const res = await t.call('POST', '/api/test/validate', { body: { n: 'abc' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(422);
    expect(res.body.data.errors.n).toEqual(['请输入数量']);
    expect(res.body.msg).toBe('请输入数量');
  });

  it('refuses malformed JSON with 400 请求格式错误', async () => {
    const res = await t.app.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, msg: '请求格式错误', data: null });
  });

  it('refuses an unsupported body type with 415', async () => {
    const res = await t.app.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe(415);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `a=${'x'.repeat(1024 * 1024 + 10)}`,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe(413);
  });
});

describe('body parsing', () => {
  it('reads bracket-notation forms and JSON into the same shape', async () => {
    const form = await t.app.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'params[0][goods_id]=12&params[0][number]=3&ids[]=3&ids[]=4&__proto__[x]=1',
    });
    const fromForm = (await form.json()).data;
    expect(fromForm).toEqual({ params: [{ goods_id: '12', number: '3' }], ids: ['3', '4'] });
    const json = await t.call('POST', '/api/test/echo', { json: { a: { b: 1 }, constructor: { prototype: 1 } } });
    expect(json.body.data).toEqual({ a: { b: 1 } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('origin check', () => {
  it('refuses an unsafe request from a foreign Origin', async () => {
    const res = await t.call('POST', '/api/test/echo', {
      body: { a: 1 },
      headers: { origin: 'https://evil.example', host: 'shop.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, msg: '非法来源请求', data: null });
  });

  it('lets same-origin, allowed-origin and Origin-less requests through', async () => {
    const same = await t.call('POST', '/api/test/echo', {
      body: { a: 1 },
      headers: { origin: 'http://shop.example:3000', host: 'shop.example:3000' },
    });
    expect(same.status).toBe(200);
    const none = await t.call('POST', '/api/test/echo', { body: { a: 1 } });
    expect(none.status).toBe(200);
    const other = await createTestApp({ config: { allowedOrigins: ['https://m.shop.example'] } });
    const allowed = await other.call('DELETE', '/api/user/logout', {
      headers: { origin: 'https://m.shop.example', host: 'shop.example' },
    });
    expect(allowed.status).toBe(200);
    await other.close();
  });

  it('refuses our own host name from another scheme or port (an origin is scheme, host and port)', async () => {
    // app.request() arrives over plain http, as the server sees a request without a proxy.
    for (const origin of ['https://shop.example', 'http://shop.example:8080', 'https://shop.example:3000']) {
      const res = await t.call('POST', '/api/test/echo', {
        body: { a: 1 },
        headers: { origin, host: origin.endsWith(':3000') ? 'shop.example:3000' : 'shop.example' },
      });
      expect(res.status, origin).toBe(403);
      expect(res.body.msg).toBe('非法来源请求');
    }
    // X-Forwarded-* are anyone's headers unless the app trusts its proxy.
    const spoofed = await t.call('POST', '/api/test/echo', {
      body: { a: 1 },
      headers: { origin: 'https://shop.example', host: 'shop.example', 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.status).toBe(403);
  });

  it('behind a trusted proxy, takes the scheme and host the browser used from X-Forwarded-Proto/Host', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } });
    const post = (headers: Record<string, string>) => proxied.call('DELETE', '/api/user/logout', { headers });
    expect(
      (await post({ origin: 'https://shop.example', host: 'shop.example', 'x-forwarded-proto': 'https' })).status,
    ).toBe(200);
    expect(
      (
        await post({
          origin: 'https://shop.example',
          host: '127.0.0.1:3000',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'shop.example',
        })
      ).status,
    ).toBe(200);
    expect(
      (await post({ origin: 'http://shop.example', host: 'shop.example', 'x-forwarded-proto': 'https' })).status,
    ).toBe(403);
    expect(
      (await post({ origin: 'https://shop.example:8443', host: 'shop.example', 'x-forwarded-proto': 'https' })).status,
    ).toBe(403);
    await proxied.close();
  });

  it('does not check safe methods', async () => {
    const res = await t.call('GET', '/api/global/shop_mode', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('idempotency', () => {
  it('replays the stored answer without running the handler again', async () => {
    counter = 0;
    const headers = { 'Idempotency-Key': 'k-replay-1' };
    const first = await t.call('POST', '/api/test/count', { body: { n: 1 }, headers });
    const second = await t.call('POST', '/api/test/count', { body: { n: 1 }, headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(counter).toBe(1);
  });

  it('replays the byte-identical body of the first answer', async () => {
    const send = () =>
      t.app.request('/api/test/ordered', {
        method: 'POST',
        headers: { 'Idempotency-Key': 'k-bytes', 'Content-Type': 'application/json' },
        body: '{}',
      });
    const first = await send();
    const second = await send();
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    const firstText = await first.text();
    expect(firstText).toContain('{"zeta":1,"a":"x y","middle":[3,1]}');
    expect(await second.text()).toBe(firstText);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
  });

  it('refuses the same key with another body (422)', async () => {
    const headers = { 'Idempotency-Key': 'k-other-body' };
    await t.call('POST', '/api/test/count', { body: { n: 1 }, headers });
    const res = await t.call('POST', '/api/test/count', { body: { n: 2 }, headers });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('幂等键已用于其他请求');
  });

  it('runs one of two concurrent requests with one key; the other gets 409', async () => {
    counter = 0;
    const headers = { 'Idempotency-Key': 'k-concurrent' };
    const a = t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
    // Wait until the first request is inside the handler.
    await vi.waitFor(() => expect(release).not.toBeNull());
    const b = await t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
    expect(b.status).toBe(409);
    expect(b.body.msg).toBe('请求处理中，请稍候');
    release!();
    const first = await a;
    expect(first.status).toBe(200);
    expect(counter).toBe(1);
    const replay = await t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
    expect(replay.body).toEqual(first.body);
    expect(counter).toBe(1);
  });

  it('releases a claim whose request never answered (a process that died) after two minutes', async () => {
    counter = 0;
    release = null;
    const headers = { 'Idempotency-Key': 'k-abandoned' };
    const a = t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
    await vi.waitFor(() => expect(release).not.toBeNull());
    const releaseA = release!;
    release = null;
    const start = t.clock.now();
    t.clock.advance(3 * 60 * 1000);
    try {
      const b = t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
      await vi.waitFor(() => expect(release).not.toBeNull());
      release!();
      expect((await b).status).toBe(200);
      expect(counter).toBe(2);
    } finally {
      releaseA();
      await a;
      t.clock.set(start);
    }
  });

  it('takes over at once a claim that an earlier start of the server left unanswered', async () => {
    counter = 0;
    release = null;
    const headers = { 'Idempotency-Key': 'k-crashed-server' };
    // The first request is claimed by this start and never answers (its server is "killed").
    const a = t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
    await vi.waitFor(() => expect(release).not.toBeNull());
    const releaseA = release!;
    release = null;
    const before = t.deps.bootId;
    t.deps.bootId = 'the-restarted-server';
    try {
      // No time passes: the retry against the restarted server runs instead of a 409.
      const b = t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
      await vi.waitFor(() => expect(release).not.toBeNull());
      release!();
      const answer = await b;
      expect(answer.status).toBe(200);
      expect(counter).toBe(2);
      // The answer the restarted server stored is the one every later retry gets.
      const replay = await t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
      expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(replay.body).toEqual(answer.body);
    } finally {
      t.deps.bootId = before;
      releaseA();
      await a;
    }
  });

  it('leaves a claim to another start that is still running (its heartbeat is fresh), and takes it once that start is replaced', async () => {
    counter = 0;
    release = null;
    const headers = { 'Idempotency-Key': 'k-other-host' };
    const host = { bootId: 'start-on-host-a', place: 'host-a:3000', exclusive: false };
    // The claim is made by "host a" (a start still running elsewhere on the same database).
    const before = t.deps.bootId;
    t.deps.bootId = host.bootId;
    await registerStart(t.db, host, t.clock.now());
    const a = t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
    await vi.waitFor(() => expect(release).not.toBeNull());
    const releaseA = release!;
    release = null;
    t.deps.bootId = 'start-on-host-b';
    try {
      const busy = await t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
      expect(busy.status).toBe(409);
      expect(counter).toBe(1);
      // Host a is restarted: its new start takes the same place, so the old one is gone.
      await registerStart(t.db, { ...host, bootId: 'start-on-host-a-again' }, t.clock.now());
      const b = t.call('POST', '/api/test/slow', { body: { n: 1 }, headers });
      await vi.waitFor(() => expect(release).not.toBeNull());
      release!();
      expect((await b).status).toBe(200);
      expect(counter).toBe(2);
    } finally {
      t.deps.bootId = before;
      releaseA();
      await a;
    }
  });

  it('counts a start whose heartbeat stopped as gone', async () => {
    const start = { bootId: 'silent-start', place: 'host-c:3000', exclusive: false };
    await registerStart(t.db, start, t.clock.now());
    expect(await startIsRunning(t.db, start.bootId, t.clock.now())).toBe(true);
    expect(await startIsRunning(t.db, start.bootId, new Date(t.clock.now().getTime() + START_GONE_AFTER_MS + 1))).toBe(
      false,
    );
    expect(await startIsRunning(t.db, 'never-registered', t.clock.now())).toBe(false);
  });

  it('lets a request whose first try failed with 5xx run again', async () => {
    counter = 0;
    const headers = { 'Idempotency-Key': 'k-5xx' };
    await t.call('POST', '/api/test/fail', { body: {}, headers });
    await t.call('POST', '/api/test/fail', { body: {}, headers });
    expect(counter).toBe(2);
  });

  it('stores refusals (4xx) but not transient ones like 401', async () => {
    const headers = { 'Idempotency-Key': 'k-refusal' };
    const first = await t.call('POST', '/api/test/validate', { body: { n: 'x' }, headers });
    const second = await t.call('POST', '/api/test/validate', { body: { n: 'x' }, headers });
    expect(first.status).toBe(422);
    expect(second.headers.get(REPLAYED_HEADER)).toBe('true');
    const signedOut = { 'Idempotency-Key': 'k-401' };
    expect(
      (await t.call('POST', '/api/user/resetPassword', { body: { password: 'abc12345' }, headers: signedOut })).status,
    ).toBe(401);
    const retry = await t.call('POST', '/api/user/resetPassword', {
      body: { password: 'abc12345' },
      headers: signedOut,
    });
    expect(retry.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it('keeps keys per caller: a member and a visitor may use the same key', async () => {
    counter = 0;
    await createMember(t.db, { username: 'idem1' });
    const cookie = await t.signIn('idem1', TEST_PASSWORD);
    const headers = { 'Idempotency-Key': 'k-shared' };
    await t.call('POST', '/api/test/count', { body: { n: 1 }, headers });
    const member = await t.call('POST', '/api/test/count', { body: { n: 1 }, headers, cookie });
    expect(member.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(counter).toBe(2);
  });

  it('forgets keys after 24 hours', async () => {
    counter = 0;
    const headers = { 'Idempotency-Key': 'k-expire' };
    await t.call('POST', '/api/test/count', { body: { n: 1 }, headers });
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const again = await t.call('POST', '/api/test/count', { body: { n: 1 }, headers });
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(counter).toBe(2);
  });

  it('refuses an over-long key with 422', async () => {
    const res = await t.call('POST', '/api/test/count', { body: {}, headers: { 'Idempotency-Key': 'x'.repeat(101) } });
    expect(res.status).toBe(422);
  });
});

describe('compression', () => {
  it('gzips a large JSON answer for a browser that accepts it, and replays it readable', async () => {
    const res = await t.app.request('/api/test/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const text = (await import('node:zlib')).gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(JSON.parse(text).data.rows).toHaveLength(200);
    const plain = await t.app.request('/api/test/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('prefers brotli, states the compressed length, and leaves small answers alone', async () => {
    const zlib = await import('node:zlib');
    const res = await t.app.request('/api/test/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(JSON.parse(zlib.brotliDecompressSync(body).toString()).data.rows).toHaveLength(200);
    // br refused with q=0: gzip.
    const gz = await t.app.request('/api/test/big', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const small = await t.app.request('/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).code).toBe(10000);
  });

  it('picks the encoding from Accept-Encoding', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
  });
});
