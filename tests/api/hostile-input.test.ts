// Hostile input over every API route, generated: the route list is read from the app itself, and
// which parameters each route reads is learnt by watching its handler read them (createApp's
// `observeInput`), so a route or a parameter added later is covered without editing this file.
// fast-check combines values from a catalogue (control characters, lone surrogates, huge and
// exponent numbers, SQL/HTML metacharacters, arrays and objects where a scalar is expected,
// prototype keys, empty and missing values) in the path, the query and the body (form, JSON,
// multipart), as a visitor and as a member. It holds when no answer is a 5xx, every JSON answer is
// the envelope, and a refused write writes no row of any table (row triggers note every insert,
// update and delete: cheaper than counting every table's rows around each request, and stricter).
import fc from 'fast-check';
import type { MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/env.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import { toFormBody, type FormObject } from '../../src/http/form-body.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Requests per route and identity; the whole file stays well under a minute. */
const RUNS_PER_ROUTE = 10;
/** Dev-only endpoints (absent in production) and a bookkeeping probe. */
/**
 * The dev endpoints, and the integration API's OpenAPI document: a fixed JSON document (not the
 * envelope) that reads no input; its signed routes are walked like any other.
 */
const SKIPPED_PREFIXES = ['/api/dev', '/api/integration/v1/openapi.json'];
/**
 * Tables a refused request may legitimately write: its session, its rate-limit count, its claim,
 * and the integration API's call log (every call, refused ones too: docs/integration-api.md).
 */
const BOOKKEEPING_TABLES = new Set(['sessions', 'rate_limits', 'idempotency_keys', 'integration_calls']);
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

/** Text values: what a form, a JSON string or a query value can carry. */
const TEXTS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '第一行\n第二行',
  '\t',
  `x${LONE_HIGH}`,
  `${LONE_LOW}y`,
  'x'.repeat(10_000),
  '😀👍🏻🇨🇳',
  '\u202Eevil\u202C',
  "' OR 1=1 --",
  '"; DROP TABLE goods; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '%',
  '_',
  '\\',
  '%_\\',
  '-1',
  '0',
  '1',
  '2',
  '99999999999999999999999',
  '9007199254740993',
  '1.5',
  '-0.0001',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  ' 1 ',
  '',
  '感冒灵',
];
/** Values only JSON can carry as such. */
const JSON_ONLY: readonly unknown[] = [null, true, false, -1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 1, [], {}];
/** Raw, already-encoded URL pieces: broken escapes and encoded controls. */
const RAW_URL_PIECES: readonly string[] = ['%zz', '%E6', '%', '%ED%A0%80', '%00', '%0A', '%C0%AF', '..%2F..%2Fetc'];
const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'a\u0000',
  'toString',
  'x'.repeat(300),
];

type Value = string | Value[] | { [key: string]: Value };

const text = fc.constantFrom(...TEXTS);
const formValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 1, arbitrary: fc.array(text, { minLength: 1, maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('goods_id', 'number', 'id', 'a'), text, { minKeys: 1, maxKeys: 2 }),
  },
  {
    weight: 1,
    arbitrary: fc.array(fc.dictionary(fc.constantFrom('goods_id', 'number', 'id', 'type'), text, { maxKeys: 3 }), {
      minLength: 1,
      maxLength: 2,
    }),
  },
);
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: formValue },
  { weight: 1, arbitrary: fc.constantFrom(...JSON_ONLY) },
);

interface RouteInfo {
  method: string;
  /** Hono's pattern, e.g. `/api/order/:id{[0-9]+}`. */
  pattern: string;
  params: string[];
  bodyKeys: string[];
  queryKeys: string[];
}

interface HostileRequest {
  pathValues: string[];
  query: [string, string][];
  rawQuery: string | null;
  encoding: 'form' | 'json' | 'multipart' | 'raw';
  body: Record<string, unknown>;
  rawBody: string;
}

function paramNames(pattern: string): string[] {
  return [...pattern.matchAll(/:([A-Za-z_]+)(\{[^}]*\})?\??/g)].map((m) => m[1]);
}

function fillPath(pattern: string, values: readonly string[]): string {
  let i = 0;
  return pattern.replace(/:([A-Za-z_]+)(\{[^}]*\})?\??/g, () => values[i++] ?? '1');
}

/** Keys a handler may have asked for: names, not the engine's own probes. */
const READ_KEY = /^[a-z_][a-z0-9_]*$/i;
const NOT_FIELDS = new Set([
  'then',
  'toJSON',
  'constructor',
  'valueOf',
  'toString',
  'length',
  'asymmetricMatch',
  'nodeType',
]);

function recording(target: Record<string, unknown>, seen: Set<string>): Record<string, unknown> {
  const note = (key: string | symbol) => {
    if (typeof key === 'string' && READ_KEY.test(key) && !NOT_FIELDS.has(key)) seen.add(key);
  };
  return new Proxy(target, {
    get(t, key, receiver) {
      note(key);
      return Reflect.get(t, key, receiver);
    },
    has(t, key) {
      note(key);
      return Reflect.has(t, key);
    },
    getOwnPropertyDescriptor(t, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(t, key);
    },
  });
}

function encodeText(value: string): string {
  // encodeURIComponent throws on a lone surrogate; the wire can only carry it as broken UTF-8.
  return value.isWellFormed() ? encodeURIComponent(value) : '%ED%A0%80';
}

function requestArbitrary(route: RouteInfo, vocabulary: readonly string[]): fc.Arbitrary<HostileRequest> {
  const pathValue = fc.oneof(
    { weight: 2, arbitrary: text.map(encodeText) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
    { weight: 1, arbitrary: fc.constant('1') },
  );
  const names = [...new Set([...route.queryKeys, ...route.bodyKeys])];
  const fieldName =
    names.length > 0
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...names) },
          { weight: 1, arbitrary: fc.constantFrom(...vocabulary, ...HOSTILE_KEYS) },
        )
      : fc.constantFrom(...vocabulary, ...HOSTILE_KEYS);
  const fields = fc.array(fc.tuple(fieldName, jsonValue), { maxLength: 5 });
  return fc.record({
    pathValues: fc.array(pathValue, { minLength: route.params.length, maxLength: route.params.length }),
    query: fc.array(fc.tuple(route.queryKeys.length > 0 ? fc.constantFrom(...route.queryKeys) : fieldName, text), {
      maxLength: 4,
    }),
    rawQuery: fc.option(
      fc.tuple(fieldName, fc.constantFrom(...RAW_URL_PIECES)).map(([k, v]) => `${encodeText(k)}=${v}`),
      { freq: 4 },
    ),
    encoding: fc.constantFrom('form', 'json', 'multipart', 'raw'),
    body: fields.map((pairs) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of pairs)
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    }),
    rawBody: fc.constantFrom('a=%zz', 'a=%E6', `a${'[b]'.repeat(20)}=1`, 'a[99999999]=1', '=&&=', 'a=1&a[b]=2'),
  });
}

/** Form values must be text, arrays or objects; JSON-only values are written as their JSON text. */
function asForm(value: unknown): Value {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(asForm);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asForm(v)]));
  }
  return JSON.stringify(value);
}

function multipart(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === 'string') form.append(k, v);
    else if (Array.isArray(v))
      for (const item of v) form.append(`${k}[]`, typeof item === 'string' ? item : JSON.stringify(item));
    else form.append(k, JSON.stringify(v));
  }
  form.append('file', new File(['%PDF-1.4 x'], `scan${'\u0000'}.pdf`, { type: 'application/pdf' }));
  return form;
}

describe('hostile input on every API route', () => {
  let t: TestApp;
  let member: string;
  let probe: { bodyKeys: Set<string>; queryKeys: Set<string> } | null = null;
  let routes: RouteInfo[] = [];

  const observeInput: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (probe) {
      c.set('body', recording(c.get('body') ?? {}, probe.bodyKeys));
      c.set('query', recording(c.get('query') ?? {}, probe.queryKeys));
    }
    await next();
  };

  /** Tables written since the last call (the row triggers installed in beforeAll note each write). */
  async function takeWrites(): Promise<string[]> {
    const rows = rowsOf<{ table_name: string }>(await t.db.execute(sql`DELETE FROM __writes RETURNING table_name`));
    return [...new Set(rows.map((r) => r.table_name))];
  }

  async function send(route: RouteInfo, req: HostileRequest, cookie: string | null): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cookie) headers.cookie = cookie;
    const query = [
      ...req.query.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`),
      ...(req.rawQuery ? [req.rawQuery] : []),
    ].join('&');
    const url = fillPath(route.pattern, req.pathValues) + (query ? `?${query}` : '');
    let body: BodyInit | undefined;
    if (UNSAFE.has(route.method)) {
      if (req.encoding === 'json') {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(req.body);
      } else if (req.encoding === 'multipart') {
        body = multipart(req.body);
      } else if (req.encoding === 'raw') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = req.rawBody;
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = toFormBody(asForm(req.body) as FormObject).toString();
      }
    }
    return t.app.request(url, { method: route.method, headers, body });
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: 40, observeInput });
    member = await t.signIn('demo', 'demo1234');
    const listed = t.app.routes.filter(
      (r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !SKIPPED_PREFIXES.some((p) => r.path.startsWith(p)),
    );
    const seen = new Set<string>();
    for (const r of listed) {
      const id = `${r.method} ${r.path}`;
      if (seen.has(id)) continue;
      seen.add(id);
      // Learn what the handler reads from an empty request with plausible path values.
      probe = { bodyKeys: new Set(), queryKeys: new Set() };
      const params = paramNames(r.path);
      await t.app.request(
        fillPath(
          r.path,
          params.map(() => '1'),
        ),
        {
          method: r.method,
          headers: {
            cookie: member,
            ...(UNSAFE.has(r.method) ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: UNSAFE.has(r.method) ? '' : undefined,
        },
      );
      routes.push({
        method: r.method,
        pattern: r.path,
        params,
        bodyKeys: [...probe.bodyKeys],
        queryKeys: [...probe.queryKeys],
      });
      probe = null;
    }
    // Learning may have signed the member out (DELETE /api/user/logout).
    member = await t.signIn('demo', 'demo1234');
    const listedTables = rowsOf<{ table_name: string }>(
      await t.db.execute(
        sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    );
    const tables = listedTables.map((r) => r.table_name).filter((name) => !name.startsWith('__'));
    await t.db.execute(sql`CREATE TABLE __writes (table_name text NOT NULL)`);
    await t.db.execute(
      sql.raw(`CREATE FUNCTION __note_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO __writes VALUES (TG_TABLE_NAME); RETURN NULL; END $$`),
    );
    for (const name of tables) {
      await t.db.execute(
        sql`CREATE TRIGGER __note_write AFTER INSERT OR UPDATE OR DELETE ON ${sql.identifier(name)} FOR EACH ROW EXECUTE FUNCTION __note_write()`,
      );
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('reads the routes and the parameters they take from the app', () => {
    expect(routes.length).toBeGreaterThan(60);
    const login = routes.find((r) => r.method === 'POST' && r.pattern === '/api/user/login');
    expect(login?.bodyKeys).toEqual(expect.arrayContaining(['username', 'password']));
    const list = routes.find((r) => r.method === 'GET' && r.pattern === '/api/goods/list');
    expect(list?.queryKeys).toEqual(expect.arrayContaining(['keywords', 'page']));
    expect(routes.find((r) => r.pattern.startsWith('/api/order/:id'))?.params).toEqual(['id']);
  });

  const failures: string[] = [];

  /** Sends one request and checks the answer and, for a refused write, every table's row count. */
  async function check(route: RouteInfo, req: HostileRequest, who: 'visitor' | 'member'): Promise<void> {
    if (UNSAFE.has(route.method)) await takeWrites();
    const res = await send(route, req, who === 'member' ? member : null);
    const label = `${who} ${route.method} ${route.pattern} ${JSON.stringify(req).slice(0, 300)}`;
    if (res.status >= 500) failures.push(`${label}: ${res.status}`);
    const type = res.headers.get('content-type') ?? '';
    if (res.status >= 400 || type.includes('json')) {
      const envelope = (await res.json()) as { code: unknown; msg: unknown };
      if (typeof envelope.code !== 'number' || typeof envelope.msg !== 'string')
        failures.push(`${label}: not the envelope`);
      else if (/[A-Za-z]{3,}Error|SELECT|INSERT|stack/.test(envelope.msg))
        failures.push(`${label}: leaks ${envelope.msg}`);
    }
    if (UNSAFE.has(route.method) && res.status >= 400) {
      for (const name of await takeWrites())
        if (!BOOKKEEPING_TABLES.has(name)) failures.push(`${label}: wrote ${name}`);
    }
    if (who === 'member' && res.headers.getSetCookie().some((c) => /^sid=;|max-age=0/i.test(c))) {
      // Signed out by this request: sign in again once the login limit's window has passed.
      t.clock.advance(20 * 60_000);
      member = await t.signIn('demo', 'demo1234');
    }
  }

  const EMPTY: HostileRequest = { pathValues: [], query: [], rawQuery: null, encoding: 'form', body: {}, rawBody: '' };

  it('gives each parameter of each route every value of the catalogue, one at a time', async () => {
    for (const route of routes) {
      const plainPath = route.params.map(() => '1');
      for (const who of ['visitor', 'member'] as const) {
        for (let i = 0; i < route.params.length; i++) {
          for (const piece of [...TEXTS.map(encodeText), ...RAW_URL_PIECES]) {
            const pathValues = plainPath.map((v, j) => (j === i ? piece : v));
            await check(route, { ...EMPTY, pathValues }, who);
          }
        }
        for (const name of route.queryKeys) {
          for (const value of TEXTS)
            await check(route, { ...EMPTY, pathValues: plainPath, query: [[name, value]] }, who);
          for (const raw of RAW_URL_PIECES)
            await check(route, { ...EMPTY, pathValues: plainPath, rawQuery: `${name}=${raw}` }, who);
        }
        if (!UNSAFE.has(route.method)) continue;
        for (const name of route.bodyKeys) {
          for (const value of [...TEXTS, ...JSON_ONLY, ['1', '2'], { a: '1' }, [{ goods_id: '\u0000' }]]) {
            // Text that a form cannot carry (a lone surrogate) and JSON's own values go as JSON.
            const asJson = typeof value !== 'string' || !value.isWellFormed();
            await check(
              route,
              { ...EMPTY, pathValues: plainPath, encoding: asJson ? 'json' : 'form', body: { [name]: value } },
              who,
            );
          }
        }
        for (const key of HOSTILE_KEYS)
          await check(route, { ...EMPTY, pathValues: plainPath, encoding: 'json', body: { [key]: '1' } }, who);
      }
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('answers combinations of hostile values (fast-check) with a refusal or an answer in the envelope, never a 5xx, and a refused write changes no table', async () => {
    const vocabulary = [...new Set(routes.flatMap((r) => [...r.bodyKeys, ...r.queryKeys]))];
    for (const route of routes) {
      for (const who of ['visitor', 'member'] as const) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route, vocabulary), (req) => check(route, req, who)),
          { numRuns: RUNS_PER_ROUTE, seed: 20_261_125 },
        );
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses NUL in the places the issue names with a clear 422, and stores nothing', async () => {
    const search = await t.call('GET', '/api/goods/search?keywords=%E6%84%9F%00');
    expect(search.status).toBe(422);
    expect(search.body.data.errors).toEqual({ keywords: ['内容包含不支持的控制字符'] });
    const list = await t.call('GET', '/api/goods/list?keywords=a%00b');
    expect(list.status).toBe(422);
    const login = await t.call('POST', '/api/user/login', { body: { username: 'demo\u0000', password: 'demo1234' } });
    expect(login.status).toBe(422);
    expect(login.body.data.errors).toHaveProperty('username');
    const json = await t.call('POST', '/api/address', {
      json: { consignee: `张${LONE_HIGH}`, phone: '13800000000' },
      cookie: member,
    });
    expect(json.status).toBe(422);
    expect(json.body.msg).toBe('内容包含无法识别的字符');
    const header = await t.call('POST', '/api/favorite', {
      body: { goods_id: 1 },
      cookie: member,
      headers: { 'idempotency-key': 'k\u0001' },
    });
    expect(header.status).toBe(400);
    const form = new FormData();
    form.append('name\u0000', 'x');
    const part = await t.call('POST', '/api/address', { form, cookie: member });
    expect(part.status).toBe(400);
    const path = await t.call('GET', '/api/goods/detail/1%00');
    expect(path.status).toBe(400);
    const badEncoding = await t.call('GET', '/api/goods/search?keywords=%E6');
    expect(badEncoding.status).toBe(400);
    expect(badEncoding.body.msg).toBe('请求格式错误');
  });
});
