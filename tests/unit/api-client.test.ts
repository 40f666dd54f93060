// The HTTP client against a real local HTTP server (node:http on port 0): SPEC §7 transport
// rules and the SPEC §8 code classes as ApiError kinds.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureHttp, http, resetHttp, toFormBody } from '../../src/http/client';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Reply = { status: number; body: string; delayMs?: number; headers?: Record<string, string> } | 'hang';

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
/** Per-path answers; the default is a success envelope echoing the path. */
let replies: Record<string, Reply> = {};

function json(status: number, code: number, msg: string, data: unknown, delayMs?: number): Reply {
  return { status, body: JSON.stringify({ code, msg, data }), delayMs };
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  res.on('error', () => undefined);
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    const url = req.url ?? '';
    seen.push({ method: req.method ?? '', url, headers: req.headers, body });
    const pathname = url.split('?')[0];
    const reply =
      replies[`${req.method} ${pathname}`] ?? replies[pathname] ?? json(200, 10000, 'ok', { path: pathname });
    if (reply === 'hang') return;
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers });
      res.end(reply.body);
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  replies = {};
  resetHttp();
  configureHttp({ baseUrl });
});

afterEach(() => resetHttp());

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('success answers', () => {
  it('returns the envelope data for code 10000 and sends the path under /api', async () => {
    replies['/api/user/base'] = json(200, 10000, 'ok', { username: 'demo', company: '康源大药房' });
    const data = await http.get<{ username: string; company: string }>('user/base');
    expect(data).toEqual({ username: 'demo', company: '康源大药房' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/user/base' });
    expect(seen[0].headers.accept).toBe('application/json');
  });

  it.each([200, 201])('accepts code %i as success', async (code) => {
    replies['/api/goods/hot'] = json(200, code, 'ok', [1, 2]);
    await expect(http.get<number[]>('goods/hot')).resolves.toEqual([1, 2]);
  });

  it('returns the whole envelope with { envelope: true } (cart add shows the server message)', async () => {
    replies['/api/cart'] = json(200, 10000, '加入购物车成功', { count: 3 });
    const envelope = await http.post<{ count: number }>(
      'cart',
      { params: [{ goods_id: 12, number: 1 }] },
      { envelope: true },
    );
    expect(envelope).toEqual({ code: 10000, msg: '加入购物车成功', data: { count: 3 } });
  });

  it('encodes GET search params with bracket notation and keeps a query already in the path', async () => {
    await http.get('focus/kxzq_ad?yx=1', { ids: [3, 4], keywords: '感冒灵', new: true, page: undefined });
    const url = new URL(seen[0].url, 'http://x');
    expect(url.pathname).toBe('/api/focus/kxzq_ad');
    expect([...url.searchParams]).toEqual([
      ['yx', '1'],
      ['ids[]', '3'],
      ['ids[]', '4'],
      ['keywords', '感冒灵'],
      ['new', '1'],
    ]);
  });

  it('tolerates a leading slash in the path', async () => {
    await http.get('/goods/hot');
    expect(seen[0].url).toBe('/api/goods/hot');
  });

  it('treats 204 No Content as success with null data', async () => {
    replies['/api/user/logout'] = { status: 204, body: '' };
    await expect(http.delete('user/logout')).resolves.toBeNull();
    expect(seen[0].method).toBe('DELETE');
  });
});

describe('request shape', () => {
  it('form-encodes POST bodies with bracket notation', async () => {
    await http.post('cart/batch_select', { ids: [3, 4], is_selected: true, params: [{ goods_id: 12, ck_id: 1 }] });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect([...new URLSearchParams(seen[0].body)]).toEqual([
      ['ids[]', '3'],
      ['ids[]', '4'],
      ['is_selected', '1'],
      ['params[0][goods_id]', '12'],
      ['params[0][ck_id]', '1'],
    ]);
  });

  it('form-encodes PUT bodies', async () => {
    await http.put('user/profile', { name: '张三', phone: '13800138000' });
    expect(seen[0].method).toBe('PUT');
    expect(seen[0].headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(seen[0].body).get('name')).toBe('张三');
  });

  it('sends the idempotency key as the Idempotency-Key header', async () => {
    await http.post('cart', { params: [{ goods_id: 1 }] }, { idempotencyKey: 'a1b2-c3' });
    expect(seen[0].headers['idempotency-key']).toBe('a1b2-c3');
    await http.post('cart', { params: [{ goods_id: 1 }] });
    expect(seen[1].headers['idempotency-key']).toBeUndefined();
  });

  it('sends credentials and no retry by default', async () => {
    const requests: Request[] = [];
    configureHttp({
      fetch: async (input) => {
        requests.push(input as Request);
        return new Response(JSON.stringify({ code: 10000, msg: 'ok', data: 1 }), { status: 200 });
      },
    });
    await expect(http.get('user/base')).resolves.toBe(1);
    expect(requests).toHaveLength(1);
    expect(requests[0].credentials).toBe('include');
  });

  it("gives up on an unanswered request after SPEC §7's 30 s by default, not before", async () => {
    vi.useFakeTimers();
    try {
      // beforeEach left the default timeout. A server that never answers: the request ends only when the client aborts it.
      configureHttp({
        fetch: (input) =>
          new Promise<Response>((_, reject) => {
            const signal = (input as Request).signal;
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
      });
      let settled = false;
      const outcome = http.get('user/base').then(
        () => ((settled = true), null),
        (err: unknown) => ((settled = true), err),
      );
      await vi.advanceTimersByTimeAsync(29_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ kind: 'timeout', msg: '请求超时，请刷新页面' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a failed request', async () => {
    replies['/api/goods/list'] = json(503, 503, 'busy', null);
    await rejection(http.get('goods/list'));
    expect(seen).toHaveLength(1);
  });
});

describe('SPEC §8 code classes', () => {
  it.each([
    [401, 10001, 'auth'],
    [401, 401, 'auth'],
    [200, 10001, 'auth'],
    [400, 459, 'contract'],
    [400, 400, 'business'],
    [403, 403, 'business'],
    [404, 404, 'business'],
    [409, 409, 'business'],
    [200, 10002, 'business'],
    [500, 500, 'server'],
    [503, 503, 'server'],
    [500, 599, 'server'],
  ] as const)('HTTP %i with code %i is %s', async (status, code, kind) => {
    replies['/api/cart/checkout'] = json(status, code, '服务器的消息', { x: 1 });
    const err = await rejection(http.post('cart/checkout', { ids: [1] }));
    expect(err).toMatchObject({ kind, code, status, msg: '服务器的消息', data: { x: 1 } });
    expect(err.message).toBe('服务器的消息');
  });

  it('keeps the 422 field errors in the server order', async () => {
    replies['/api/user/updateUserInfo'] = json(422, 422, '请填写联系人', {
      errors: { name: ['请填写联系人', '联系人过长'], phone: ['手机号格式不正确'] },
    });
    const err = await rejection(http.post('user/updateUserInfo', { name: '', phone: '1' }));
    expect(err.kind).toBe('validation');
    expect(err.fieldErrors).toEqual({ name: ['请填写联系人', '联系人过长'], phone: ['手机号格式不正确'] });
    expect(Object.values(err.fieldErrors ?? {})[0][0]).toBe('请填写联系人');
  });

  it('fills in a message when the server sends none', async () => {
    replies['/api/a'] = json(422, 422, '', { errors: { phone: ['手机号格式不正确'] } });
    replies['/api/b'] = json(422, 422, '', null);
    replies['/api/c'] = json(400, 400, '', null);
    replies['/api/d'] = json(500, 500, '', null);
    expect((await rejection(http.get('a'))).msg).toBe('手机号格式不正确');
    expect((await rejection(http.get('b'))).msg).toBe('提交的信息有误');
    expect((await rejection(http.get('c'))).msg).toBe('操作失败，请稍后再试');
    expect((await rejection(http.get('d'))).msg).toBe('系统繁忙，请稍候再试');
  });

  it("keeps the answer's X-Request-Id on the error (the 系统繁忙 toast shows it)", async () => {
    replies['/api/cart/checkout'] = {
      status: 500,
      body: JSON.stringify({ code: 500, msg: '系统繁忙，请稍候再试', data: null }),
      headers: { 'x-request-id': '3f9a0c2b7d1e4a56' },
    };
    expect(await rejection(http.post('cart/checkout', {}))).toMatchObject({
      kind: 'server',
      requestId: '3f9a0c2b7d1e4a56',
    });
    replies['/api/cart/checkout'] = json(500, 500, '系统繁忙，请稍候再试', null);
    expect((await rejection(http.post('cart/checkout', {}))).requestId).toBe('');
  });

  it('turns a non-envelope 502 page into a server error', async () => {
    replies['/api/goods/list'] = { status: 502, body: '<html>Bad Gateway</html>' };
    const err = await rejection(http.get('goods/list'));
    expect(err).toMatchObject({ kind: 'server', code: 502, status: 502, msg: '系统繁忙，请稍候再试' });
  });

  it('turns a 2xx answer without an envelope into a server error', async () => {
    replies['/api/goods/list'] = { status: 200, body: '<!doctype html><title>app</title>' };
    const err = await rejection(http.get('goods/list'));
    expect(err).toMatchObject({ kind: 'server', code: 500, status: 200 });
  });

  it('turns a non-envelope 404 into a business error', async () => {
    replies['/api/nowhere'] = { status: 404, body: 'Not Found' };
    const err = await rejection(http.get('nowhere'));
    expect(err).toMatchObject({ kind: 'business', code: 404, status: 404 });
  });
});

describe('transport failures', () => {
  it('reports a timeout as kind timeout', async () => {
    configureHttp({ timeoutMs: 60 });
    replies['/api/goods/list'] = 'hang';
    const err = await rejection(http.get('goods/list'));
    expect(err).toMatchObject({ kind: 'timeout', code: 0, status: 0, msg: '请求超时，请刷新页面' });
  });

  it('reports a refused connection as kind network', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    configureHttp({ baseUrl: `http://127.0.0.1:${port}/api` });
    const err = await rejection(http.get('goods/list'));
    expect(err).toMatchObject({ kind: 'network', code: 0, status: 0, msg: '网络连接失败，请检查网络' });
  });

  it('reports a fetch TypeError (offline) as kind network', async () => {
    configureHttp({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const err = await rejection(http.get('goods/list'));
    expect(err.kind).toBe('network');
  });

  it('reports a caller abort as kind aborted', async () => {
    replies['/api/goods/list'] = 'hang';
    const controller = new AbortController();
    const pending = http.get('goods/list', undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const err = await rejection(pending);
    expect(err.kind).toBe('aborted');
  });

  it('rejects at once when the caller signal is already aborted', async () => {
    const err = await rejection(http.get('goods/list', undefined, { signal: AbortSignal.abort() }));
    expect(err.kind).toBe('aborted');
    expect(seen).toHaveLength(0);
  });
});

describe('SPEC §7 duplicate in-flight requests', () => {
  it('a newer request to the same path aborts the older one, whatever the query string', async () => {
    replies['/api/goods/list'] = json(200, 10000, 'ok', 'list', 80);
    const older = http.get('goods/list', { page: 1 });
    const newer = http.get('goods/list', { page: 2 });
    const err = await rejection(older);
    expect(err.kind).toBe('aborted');
    await expect(newer).resolves.toBe('list');
  });

  it('cancels for cart paths other than the exact cart path (cart/list)', async () => {
    replies['/api/cart/list'] = json(200, 10000, 'ok', 'cart-list', 80);
    const first = http.get('cart/list', { filters: 99999 });
    const second = http.get('cart/list', { filters: 99999 });
    expect((await rejection(first)).kind).toBe('aborted');
    await expect(second).resolves.toBe('cart-list');
  });

  it('cancels an older POST to the same path (cart/{id}/edit)', async () => {
    replies['/api/cart/7/edit'] = json(200, 10000, 'ok', 'edited', 80);
    const first = http.post('cart/7/edit', { params: { number: 1 } });
    const second = http.post('cart/7/edit', { params: { number: 2 } });
    expect((await rejection(first)).kind).toBe('aborted');
    await expect(second).resolves.toBe('edited');
  });

  it('does not cancel a request to another path or with another method', async () => {
    replies['/api/user/buy'] = json(200, 10000, 'ok', 'buy', 60);
    replies['/api/goods/hot'] = json(200, 10000, 'ok', 'hot', 60);
    const list = http.get('user/buy', { page: 1 });
    const create = http.post('user/buy', { name: '阿莫西林' });
    const other = http.get('goods/hot');
    await expect(Promise.all([list, create, other])).resolves.toEqual(['buy', 'buy', 'hot']);
  });

  it.each(['cart', 'favorite', 'favorite/cancel', 'activity/tap'])(
    'keeps concurrent POST %s requests',
    async (path) => {
      replies[`/api/${path}`] = json(200, 10000, 'ok', path, 60);
      const results = await Promise.all([http.post(path, { goods_ids: [1] }), http.post(path, { goods_ids: [2] })]);
      expect(results).toEqual([path, path]);
      expect(seen).toHaveLength(2);
    },
  );

  it('a finished request frees its slot', async () => {
    await http.get('goods/hot');
    await expect(http.get('goods/hot')).resolves.toEqual({ path: '/api/goods/hot' });
  });
});

describe('toFormBody', () => {
  const entries = (obj: Parameters<typeof toFormBody>[0]) => [...toFormBody(obj)];

  it('encodes scalars: strings, numbers, booleans as 1/0', () => {
    expect(entries({ a: 'x', n: 12, f: 1.5, zero: 0, neg: -3, yes: true, no: false })).toEqual([
      ['a', 'x'],
      ['n', '12'],
      ['f', '1.5'],
      ['zero', '0'],
      ['neg', '-3'],
      ['yes', '1'],
      ['no', '0'],
    ]);
  });

  it('skips null and undefined, keeps empty strings', () => {
    expect(entries({ a: null, b: undefined, c: '', d: [1, null, 2], e: { x: undefined, y: 1 } })).toEqual([
      ['c', ''],
      ['d[]', '1'],
      ['d[]', '2'],
      ['e[y]', '1'],
    ]);
  });

  it('encodes arrays of scalars with []', () => {
    expect(entries({ ids: [3, 4], goods_ids: ['7'] })).toEqual([
      ['ids[]', '3'],
      ['ids[]', '4'],
      ['goods_ids[]', '7'],
    ]);
  });

  it('encodes arrays of objects with an index', () => {
    const body = toFormBody({
      params: [
        { goods_id: 12, price: 1550, number: 2, is_yj: false },
        { goods_id: 13, price: 990, number: 1, is_yj: true, type: 3 },
      ],
    });
    expect([...body]).toEqual([
      ['params[0][goods_id]', '12'],
      ['params[0][price]', '1550'],
      ['params[0][number]', '2'],
      ['params[0][is_yj]', '0'],
      ['params[1][goods_id]', '13'],
      ['params[1][price]', '990'],
      ['params[1][number]', '1'],
      ['params[1][is_yj]', '1'],
      ['params[1][type]', '3'],
    ]);
    expect(body.toString()).toContain('params%5B0%5D%5Bgoods_id%5D=12');
  });

  it('encodes nested objects and arrays inside them', () => {
    expect(entries({ params: { number: 5, ladder: { id: 2, steps: [10, 20] } }, new: 1 })).toEqual([
      ['params[number]', '5'],
      ['params[ladder][id]', '2'],
      ['params[ladder][steps][]', '10'],
      ['params[ladder][steps][]', '20'],
      ['new', '1'],
    ]);
  });

  it('indexes nested arrays', () => {
    expect(entries({ m: [[1, 2], [3]] })).toEqual([
      ['m[0][]', '1'],
      ['m[0][]', '2'],
      ['m[1][]', '3'],
    ]);
  });

  it('sends nothing for empty arrays and objects', () => {
    expect(entries({ ids: [], o: {}, k: 1 })).toEqual([['k', '1']]);
  });

  it('keeps Chinese text and reserved characters intact through encoding', () => {
    const body = toFormBody({ keywords: '感冒灵颗粒 10g*9袋', remark: 'a&b=c?d' });
    expect(body.toString()).not.toContain('感');
    const decoded = new URLSearchParams(body.toString());
    expect(decoded.get('keywords')).toBe('感冒灵颗粒 10g*9袋');
    expect(decoded.get('remark')).toBe('a&b=c?d');
  });

  it('encodes dates as ISO strings', () => {
    expect(entries({ start_time: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) })).toEqual([
      ['start_time', '2024-01-02T03:04:05.000Z'],
    ]);
  });

  it('accepts request interfaces as they are and encodes bigint', () => {
    interface CartLineInput {
      goods_id: number;
      number: number;
      type?: number;
    }
    const line: CartLineInput = { goods_id: 9, number: 2 };
    expect(entries({ params: [line], big: 12345678901234567890n })).toEqual([
      ['params[0][goods_id]', '9'],
      ['params[0][number]', '2'],
      ['big', '12345678901234567890'],
    ]);
  });

  it('refuses values that cannot be form-encoded', () => {
    expect(() => toFormBody({ f: () => 1 })).toThrow(/f cannot be form-encoded/);
    expect(() => toFormBody({ s: [Symbol('x')] })).toThrow(TypeError);
  });

  it('refuses NaN and Infinity', () => {
    expect(() => toFormBody({ n: Number.NaN })).toThrow(TypeError);
    expect(() => toFormBody({ p: [{ n: Infinity }] })).toThrow(/p\[0\]\[n\]/);
  });
});
