// Request bodies (DESIGN.md "API contract"): form bodies with bracket notation
// (`params[0][goods_id]=12&ids[]=3&a[b]=1`), JSON, and multipart for uploads, all read into one
// plain object at c.get('body'). Bracket notation is read by `qs` with bounded depth, array size
// and parameter count; keys that reach object prototypes are dropped; the body size is capped
// while it streams in; text that the database cannot store (text-guard.ts) is refused.
import type { MiddlewareHandler } from 'hono';
import qs from 'qs';
import type { AppEnv } from '../env.ts';
import { AppError, badRequest } from './envelope.ts';
import { assertCleanInput, assertValidPercentEncoding } from './text-guard.ts';

export interface BodyLimits {
  /** Form and JSON bodies. */
  formBytes: number;
  /** Multipart uploads (several qualification files of ≤ 5 MB each). */
  multipartBytes: number;
  /** Bracket segments after the root key: `a[b][c]` has 2; deeper input is refused. */
  maxDepth: number;
  /** `a[n]` builds an array only for n ≤ this; a bigger n is an ordinary object key. */
  maxArrayIndex: number;
  /** Name/value pairs in one form or query string; more is refused, never silently cut. */
  maxParameters: number;
}

export const BODY_LIMITS: BodyLimits = {
  formBytes: 1024 * 1024,
  multipartBytes: 25 * 1024 * 1024,
  maxDepth: 8,
  maxArrayIndex: 10_000,
  // A 999-line cart copied or selected at once sends a few thousand pairs.
  maxParameters: 20_000,
};

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Keys that would write through to Object.prototype or a constructor if a caller ever merged them. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_JSON_DEPTH = 20;

export const BAD_BODY_MSG = '请求格式错误';
const tooLarge = () => new AppError(413, 413, '提交的内容过大');

type Leaf = string | File;

function qsOptions(limits: BodyLimits): qs.IParseOptions & { decoder?: never } {
  return {
    depth: limits.maxDepth,
    strictDepth: true,
    // qs makes an array for indexes below arrayLimit.
    arrayLimit: limits.maxArrayIndex + 1,
    parameterLimit: limits.maxParameters,
    allowPrototypes: false,
    ignoreQueryPrefix: true,
  };
}

function isPlainContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null && !(v instanceof File);
}

/**
 * Drops prototype keys at any depth, leaving File values as they are. A container that held only
 * such keys goes too (undefined), so `b[prototype]=1` leaves no empty `b` behind.
 */
function withoutForbiddenKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutForbiddenKeys).filter((v) => v !== undefined);
  if (!isPlainContainer(value)) return value;
  const entries = Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    if (FORBIDDEN_KEYS.has(k)) continue;
    const kept = withoutForbiddenKeys(v);
    if (kept !== undefined) out[k] = kept;
  }
  return entries.length > 0 && Object.keys(out).length === 0 ? undefined : out;
}

function parseWithQs(
  input: string | Record<string, Leaf | Leaf[]>,
  pairs: number,
  limits: BodyLimits,
): Record<string, unknown> {
  if (pairs > limits.maxParameters) throw badRequest(BAD_BODY_MSG);
  let parsed: Record<string, unknown>;
  try {
    parsed = qs.parse(input as string, qsOptions(limits));
  } catch {
    // strictDepth: nesting beyond the limit.
    throw badRequest(BAD_BODY_MSG);
  }
  return (withoutForbiddenKeys(parsed) ?? {}) as Record<string, unknown>;
}

/** Bracket-notation entries (multipart parts) into nested objects and arrays. */
export function parseBracketEntries(
  entries: Iterable<[string, Leaf]>,
  limits: BodyLimits = BODY_LIMITS,
): Record<string, unknown> {
  const grouped: Record<string, Leaf | Leaf[]> = Object.create(null) as Record<string, Leaf | Leaf[]>;
  let pairs = 0;
  for (const [key, value] of entries) {
    pairs++;
    if (key === '') continue;
    const existing = grouped[key];
    if (existing === undefined) grouped[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else grouped[key] = [existing, value];
  }
  return parseWithQs({ ...grouped }, pairs, limits);
}

/**
 * A form or query string (`params[0][goods_id]=12&ids[]=3`) →
 * `{ params: [{ goods_id: '12' }], ids: ['3'] }`. Invalid percent-encoding is refused (400).
 */
export function parseBracketForm(input: string, limits: BodyLimits = BODY_LIMITS): Record<string, unknown> {
  const raw = input.replace(/^\?/, '');
  assertValidPercentEncoding(raw);
  const pairs = raw === '' ? 0 : raw.split('&').length;
  return parseWithQs(raw, pairs, limits);
}

/** JSON bodies get the same guards: an object at the top, bounded depth, no prototype keys. */
export function sanitizeJson(value: unknown, depth = 0): unknown {
  if (depth > MAX_JSON_DEPTH) throw badRequest(BAD_BODY_MSG);
  if (Array.isArray(value)) return value.map((v) => sanitizeJson(v, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!FORBIDDEN_KEYS.has(k)) out[k] = sanitizeJson(v, depth + 1);
    }
    return out;
  }
  return value;
}

export async function readLimited(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Bytes that are not UTF-8 are refused rather than turned into U+FFFD. */
function decodeUtf8(bytes: Uint8Array<ArrayBuffer>): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(BAD_BODY_MSG);
  }
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

async function decode(type: string, contentType: string, bytes: Uint8Array<ArrayBuffer>, limits: BodyLimits) {
  if (type === 'application/x-www-form-urlencoded') {
    return parseBracketForm(decodeUtf8(bytes), limits);
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(decodeUtf8(bytes));
    } catch {
      throw badRequest(BAD_BODY_MSG);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest(BAD_BODY_MSG);
    return sanitizeJson(parsed) as Record<string, unknown>;
  }
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw badRequest(BAD_BODY_MSG);
    }
    const entries: [string, Leaf][] = [];
    form.forEach((value, key) => entries.push([key, value]));
    return parseBracketEntries(entries, limits);
  }
  throw new AppError(415, 415, '不支持的请求格式');
}

/**
 * Reads the query string into c.get('query') and the body of POST/PUT/PATCH/DELETE into
 * c.get('body') (other methods get `{}`), refusing text the shop cannot store.
 */
export function parseInput(limits: BodyLimits = BODY_LIMITS): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const query = parseBracketForm(new URL(c.req.url).search, limits);
    assertCleanInput(query);
    c.set('query', query);
    if (!UNSAFE_METHODS.has(c.req.method)) {
      c.set('body', {});
      return next();
    }
    const contentType = c.req.header('content-type') ?? '';
    const type = mediaType(contentType);
    const limit = type === 'multipart/form-data' ? limits.multipartBytes : limits.formBytes;
    const bytes = await readLimited(c.req.raw, limit);
    const body = bytes.byteLength === 0 ? {} : await decode(type, contentType, bytes, limits);
    assertCleanInput(body);
    c.set('body', body);
    // The stream is spent; hand later readers (c.req.text(), …) the same bytes.
    c.req.raw = new Request(c.req.raw, { method: c.req.method, body: bytes });
    await next();
  };
}
