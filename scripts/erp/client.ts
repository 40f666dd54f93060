// The reference ERP client of the integration API (issue 34 §3): how an integrator signs a call,
// written from docs/integration-api.md alone (it imports nothing of the server's), so it also
// proves the document. The simulator (simulate.ts), the tests and the bench use it.
//
//   const erp = new ErpClient({ baseUrl: 'http://localhost:3000', keyId, secret });
//   const res = await erp.post('/stock', { items: [...] }, { idempotencyKey: 'stock-2026-11-29-0001' });
//   if (res.body.code !== 10000) console.log(res.body.data.reason, res.body.msg);
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const API_PREFIX = '/api/integration/v1';

export interface ErpClientOptions {
  /** e.g. http://localhost:3000; ignored when `fetch` is given a full URL by the caller. */
  baseUrl: string;
  keyId: string;
  secret: string;
  /** Sends a request; default the global fetch (tests pass the app's in-process `request`). */
  fetch?: (req: Request) => Promise<Response>;
  /** The ERP's clock; default the machine's. */
  now?: () => Date;
}

export interface CallOptions {
  /** Required by every write; reuse it (with the same body) to retry safely. */
  idempotencyKey?: string;
  /** Overrides for tests of refusals: a fixed nonce, a skewed time, a tampered signature. */
  nonce?: string;
  timestamp?: string;
  signature?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data: T };
}

export const newNonce = (): string => randomBytes(16).toString('base64url');

/** The five lines of docs/integration-api.md "Signing", HMAC-SHA256 under the secret, lower-case hex. */
export function signRequest(
  secret: string,
  method: string,
  target: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  const bodyHash = createHash('sha256').update(body, 'utf8').digest('hex');
  const text = `${method.toUpperCase()}\n${target}\n${timestamp}\n${nonce}\n${bodyHash}`;
  return createHmac('sha256', secret).update(text).digest('hex');
}

export class ErpClient {
  constructor(private readonly opts: ErpClientOptions) {}

  get keyId(): string {
    return this.opts.keyId;
  }

  /** `path` below /api/integration/v1, with its query string if any. */
  async call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const target = `${API_PREFIX}${path}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = options.timestamp ?? String(Math.floor((this.opts.now?.() ?? new Date()).getTime() / 1000));
    const nonce = options.nonce ?? newNonce();
    const headers: Record<string, string> = {
      'X-Key-Id': this.opts.keyId,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': options.signature ?? signRequest(this.opts.secret, method, target, timestamp, nonce, text),
      ...(text ? { 'Content-Type': 'application/json' } : {}),
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      ...options.headers,
    };
    const url = `${this.opts.baseUrl}${target}`;
    const req =
      method === 'GET'
        ? new Request(url, { method, headers })
        : new Request(url, { method: 'POST', headers, body: text });
    const res = await (this.opts.fetch ?? fetch)(req);
    const raw = await res.text();
    let parsed: Answer<T>['body'];
    try {
      parsed = JSON.parse(raw) as Answer<T>['body'];
    } catch {
      parsed = { code: res.status, msg: raw.slice(0, 200), data: null as T };
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  get<T = unknown>(path: string, options?: CallOptions): Promise<Answer<T>> {
    return this.call<T>('GET', path, undefined, options);
  }

  post<T = unknown>(path: string, body: unknown, options: CallOptions = {}): Promise<Answer<T>> {
    return this.call<T>('POST', path, body, {
      idempotencyKey: options.idempotencyKey ?? `erp-${newNonce()}`,
      ...options,
    });
  }
}

/** Creates the first client through POST /bootstrap (docs/integration-api.md "Bootstrap"). */
export async function bootstrapClient(
  baseUrl: string,
  token: string,
  input: { name: string; scopes?: string[] },
  send: (req: Request) => Promise<Response> = fetch,
): Promise<Answer<{ key_id: string; secret: string; scopes: string[] }>> {
  const res = await send(
    new Request(`${baseUrl}${API_PREFIX}/bootstrap`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Bootstrap-Token': token },
      body: JSON.stringify(input),
    }),
  );
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Answer<{ key_id: string; secret: string; scopes: string[] }>['body'],
  };
}
