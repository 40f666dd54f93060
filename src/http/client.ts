// The PWA's one HTTP client (SPEC §7, DESIGN.md "API contract"). It turns every answer into the
// envelope's data or a typed ApiError and decides nothing about the screen: showing errors per
// SPEC §8 is src/ui/error-presenter.tsx's job, so callers that handle their own failures (the
// sync engine, the header's user query) are never shown a toast they did not want.
import ky, { TimeoutError, type KyInstance } from 'ky';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import { CODE_OK, CODE_VALIDATION, SUCCESS_CODES, type Envelope } from '../domain/envelope';
import { ApiError } from '../domain/api-error';
import { HEADER_FROM_CACHE, HEADER_STORED_COPY } from '../domain/cache-names';
import { toFormBody, type FormObject } from './form-body';

export { ApiError, errorKindForCode, isApiError } from '../domain/api-error';
export type { ApiErrorKind } from '../domain/api-error';
export { toFormBody } from './form-body';
export type { FormObject, FormValue, FormScalar } from './form-body';

export interface HttpConfig {
  /** ky `prefixUrl`: `/api` in the page; absolute in node tests; the admin API on its own host (SPEC §6). */
  baseUrl: string;
  timeoutMs: number;
  /**
   * A newer request on the same path cancels the older (SPEC §7). Off on the server, where the
   * requests of different buyers' pages run at once (src/app/server-render.tsx).
   */
  supersede?: boolean;
  /** Tests and the server render; by default the global fetch is looked up on every call so stubs apply. */
  fetch?: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
}

const DEFAULT_CONFIG: HttpConfig = { baseUrl: '/api', timeoutMs: REQUEST_TIMEOUT_MS };

/** Client-side fallbacks when there is no server message to show. */
export const HTTP_MESSAGES = {
  busy: '系统繁忙，请稍候再试',
  timeout: '请求超时，请刷新页面',
  network: '网络连接失败，请检查网络',
  aborted: '请求已取消',
  invalid: '提交的信息有误',
  failed: '操作失败，请稍后再试',
} as const;

/**
 * SPEC §7: these paths may have several requests in flight (adding two goods quickly, tapping
 * favourite on two cards); every other path keeps only its newest request.
 */
const CONCURRENT_PATHS: ReadonlySet<string> = new Set(['cart', 'favorite', 'favorite/cancel', 'activity/tap']);

let config: HttpConfig = { ...DEFAULT_CONFIG };
let client: KyInstance = buildClient(config);
/** Newest in-flight request per `METHOD path`; a newer one aborts the older. */
const inFlight = new Map<string, AbortController>();

function buildClient(cfg: HttpConfig): KyInstance {
  return ky.create({
    prefixUrl: cfg.baseUrl,
    credentials: 'include',
    timeout: cfg.timeoutMs,
    // react-query and the outbox own retries; a hidden retry here would double them.
    retry: 0,
    // Error answers are envelopes too; they are read and classified below, not thrown by ky.
    throwHttpErrors: false,
    headers: { accept: 'application/json' },
    fetch: cfg.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
}

export function configureHttp(partial: Partial<HttpConfig>): void {
  config = { ...config, ...partial };
  client = buildClient(config);
}

/** Back to the defaults and forget in-flight requests (tests). */
export function resetHttp(): void {
  for (const controller of inFlight.values()) controller.abort();
  inFlight.clear();
  config = { ...DEFAULT_CONFIG };
  client = buildClient(config);
}

export type QueryParams = FormObject;
export type RequestBody = FormObject | FormData;

export interface RequestOptions {
  /** Sent as `Idempotency-Key`; the server replays its stored answer for a repeated key. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}
/** Resolve with the whole envelope, e.g. to show the server's message on cart add (SPEC §8). */
export interface EnvelopeOptions extends RequestOptions {
  envelope: true;
}
export interface DataOptions extends RequestOptions {
  envelope?: false;
}
type CallOptions = RequestOptions & { envelope?: boolean };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function splitPath(path: string): { pathname: string; query: string } {
  // ky's prefixUrl refuses a leading slash; `cart/` and `cart` are the same path for dedupe.
  const trimmed = path.replace(/^\/+/, '');
  const q = trimmed.indexOf('?');
  const pathname = (q === -1 ? trimmed : trimmed.slice(0, q)).replace(/\/+$/, '');
  return { pathname, query: q === -1 ? '' : trimmed.slice(q + 1) };
}

function linkSignals(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const linked = new AbortController();
  const forward = (source: AbortSignal) => () => linked.abort(source.reason);
  if (a.aborted) linked.abort(a.reason);
  else if (b.aborted) linked.abort(b.reason);
  else {
    a.addEventListener('abort', forward(a), { once: true });
    b.addEventListener('abort', forward(b), { once: true });
  }
  return linked.signal;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    'data' in value
  );
}

function readFieldErrors(data: unknown): Record<string, string[]> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const errors = (data as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return out;
}

/** A refusal without a message still needs words for the buyer. */
function fallbackMessage(code: number, fieldErrors: Record<string, string[]> | undefined): string {
  if (code >= 500 && code <= 599) return HTTP_MESSAGES.busy;
  if (code === CODE_VALIDATION) {
    return Object.values(fieldErrors ?? {}).find((m) => m.length > 0)?.[0] ?? HTTP_MESSAGES.invalid;
  }
  return HTTP_MESSAGES.failed;
}

function parseAnswer<T>(status: number, text: string, requestId = ''): Envelope<T> {
  if (status === 204 || (text === '' && status >= 200 && status < 300)) {
    return { code: CODE_OK, msg: '', data: null as T };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!isEnvelope(body)) {
    // No envelope: a proxy page, an HTML fallback, a crash. A 2xx without one is a server fault.
    const code = status >= 400 ? status : 500;
    const msg = code >= 500 ? HTTP_MESSAGES.busy : `请求失败（${status}）`;
    throw new ApiError({ code, status, msg, data: null, requestId });
  }
  if (SUCCESS_CODES.includes(body.code)) return body as Envelope<T>;
  const fieldErrors = body.code === CODE_VALIDATION ? readFieldErrors(body.data) : undefined;
  const msg = typeof body.msg === 'string' && body.msg !== '' ? body.msg : fallbackMessage(body.code, fieldErrors);
  throw new ApiError({ code: body.code, status, msg, data: body.data, fieldErrors, requestId });
}

function toApiError(err: unknown, signal: AbortSignal): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof TimeoutError) {
    return new ApiError({ code: 0, status: 0, msg: HTTP_MESSAGES.timeout, kind: 'timeout', cause: err });
  }
  if (signal.aborted || (err instanceof Error && err.name === 'AbortError')) {
    return new ApiError({ code: 0, status: 0, msg: HTTP_MESSAGES.aborted, kind: 'aborted', cause: err });
  }
  // fetch rejects with a TypeError for DNS, refused connections, CORS and offline alike; anything
  // else reaching here is also "no answer", so it is reported the same way.
  return new ApiError({ code: 0, status: 0, msg: HTTP_MESSAGES.network, kind: 'network', cause: err });
}

type ReachabilityListener = (reachable: boolean) => void;
const reachabilityListeners = new Set<ReachabilityListener>();

/**
 * Tells a listener whether each request reached the server (any HTTP answer) or not (network
 * failure, timeout). The online state (src/app/online-bridge.ts) needs it: a device can be online
 * while our server is down, and requests the service worker does not route never reach it.
 */
export function onServerReachability(listener: ReachabilityListener): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

function reportReachability(reachable: boolean): void {
  for (const listener of reachabilityListeners) listener(reachable);
}

async function send<T>(
  method: Method,
  path: string,
  parts: { searchParams?: QueryParams; body?: RequestBody },
  opts: CallOptions = {},
): Promise<Envelope<T>> {
  const { pathname, query } = splitPath(path);
  const searchParams = new URLSearchParams(query);
  if (parts.searchParams) for (const [k, v] of toFormBody(parts.searchParams)) searchParams.append(k, v);
  // Encoded before taking the path's slot: a bad value (NaN) throws here and cancels nothing.
  const body = parts.body === undefined || parts.body instanceof FormData ? parts.body : toFormBody(parts.body);
  const headers: Record<string, string> = {};
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;

  const controller = new AbortController();
  const slot = `${method} ${pathname}`;
  if (config.supersede !== false && !CONCURRENT_PATHS.has(pathname)) {
    inFlight.get(slot)?.abort();
    inFlight.set(slot, controller);
  }
  const signal = opts.signal ? linkSignals(opts.signal, controller.signal) : controller.signal;

  try {
    if (signal.aborted) throw signal.reason;
    const response = await client(pathname, {
      method,
      searchParams: searchParams.toString() !== '' ? searchParams : undefined,
      body,
      headers,
      signal,
    });
    const text = await response.text();
    // A copy the service worker served from its cache, or a gateway's "upstream down", is not
    // an answer from our server; a stored copy served before asking it says nothing either way.
    const fromCache = response.headers.get(HEADER_FROM_CACHE) === '1';
    if (response.headers.get(HEADER_STORED_COPY) !== '1')
      reportReachability(!fromCache && ![502, 503, 504].includes(response.status));
    return parseAnswer<T>(response.status, text, response.headers.get('x-request-id') ?? '');
  } catch (err) {
    const apiError = toApiError(err, signal);
    if (apiError.kind === 'network' || apiError.kind === 'timeout') reportReachability(false);
    throw apiError;
  } finally {
    if (inFlight.get(slot) === controller) inFlight.delete(slot);
  }
}

async function call<T>(
  method: Method,
  path: string,
  parts: { searchParams?: QueryParams; body?: RequestBody },
  opts?: CallOptions,
): Promise<T | Envelope<T>> {
  const envelope = await send<T>(method, path, parts, opts);
  return opts?.envelope ? envelope : envelope.data;
}

function get<T>(path: string, searchParams?: QueryParams, opts?: DataOptions): Promise<T>;
function get<T>(path: string, searchParams: QueryParams | undefined, opts: EnvelopeOptions): Promise<Envelope<T>>;
function get<T>(path: string, searchParams?: QueryParams, opts?: CallOptions): Promise<T | Envelope<T>> {
  return call<T>('GET', path, { searchParams }, opts);
}

function del<T>(path: string, searchParams?: QueryParams, opts?: DataOptions): Promise<T>;
function del<T>(path: string, searchParams: QueryParams | undefined, opts: EnvelopeOptions): Promise<Envelope<T>>;
function del<T>(path: string, searchParams?: QueryParams, opts?: CallOptions): Promise<T | Envelope<T>> {
  return call<T>('DELETE', path, { searchParams }, opts);
}

function post<T>(path: string, body?: RequestBody, opts?: DataOptions): Promise<T>;
function post<T>(path: string, body: RequestBody | undefined, opts: EnvelopeOptions): Promise<Envelope<T>>;
function post<T>(path: string, body?: RequestBody, opts?: CallOptions): Promise<T | Envelope<T>> {
  return call<T>('POST', path, { body }, opts);
}

function put<T>(path: string, body?: RequestBody, opts?: DataOptions): Promise<T>;
function put<T>(path: string, body: RequestBody | undefined, opts: EnvelopeOptions): Promise<Envelope<T>>;
function put<T>(path: string, body?: RequestBody, opts?: CallOptions): Promise<T | Envelope<T>> {
  return call<T>('PUT', path, { body }, opts);
}

/**
 * Paths are relative to the API base, without `/api` or a leading slash: `http.get('user/base')`.
 * Resolves with the envelope's `data` (or the envelope with `{ envelope: true }`); rejects with ApiError.
 */
export const http = { get, post, put, delete: del } as const;

/**
 * A GET whose answer is plain JSON rather than an envelope (the catalogue pack's chunks, which the
 * server compresses once for every buyer of a class). Path as for `http`. Resolves with the
 * status and, on 2xx, the parsed body; network failures reject like any request.
 */
export async function getPlainJson<T>(path: string, signal?: AbortSignal): Promise<{ status: number; data: T | null }> {
  const res = await client.get(path, { signal, timeout: false });
  return { status: res.status, data: res.ok ? await res.json<T>() : null };
}
