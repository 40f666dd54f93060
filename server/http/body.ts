// Request bodies (DESIGN.md "API contract"): form bodies with bracket notation
// (`params[0][goods_id]=12&ids[]=3&a[b]=1`), JSON, and multipart for uploads, all read into one
// plain object at c.get('body'). The parser is hostile-input aware: the body size is capped while
// it streams in, nesting and array indexes are bounded (so `a[99999999]=1` cannot make a huge
// array), and keys that reach object prototypes are dropped.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { AppError, badRequest } from './envelope.ts';

export interface BodyLimits {
  /** Form and JSON bodies. */
  formBytes: number;
  /** Multipart uploads (several qualification files of ≤ 5 MB each). */
  multipartBytes: number;
  /** Bracket segments after the root key: `a[b][c]` has 2. */
  maxDepth: number;
  /** `a[n]` builds an array only for n ≤ this; a bigger n is an ordinary object key. */
  maxArrayIndex: number;
}

export const BODY_LIMITS: BodyLimits = {
  formBytes: 1024 * 1024,
  multipartBytes: 25 * 1024 * 1024,
  maxDepth: 8,
  maxArrayIndex: 10_000,
};

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Keys that would write through to Object.prototype or a constructor if a caller ever merged them. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_JSON_DEPTH = 20;

export const BAD_BODY_MSG = '请求格式错误';
const tooLarge = () => new AppError(413, 413, '提交的内容过大');

type Leaf = string | File;
type Node = Record<string, unknown> | unknown[];

const KEY_RE = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT_RE = /\[([^[\]]*)\]/g;

function splitKey(key: string): string[] {
  const m = KEY_RE.exec(key);
  // A key with unbalanced brackets (`a[b`) is taken literally, as qs does.
  if (!m) return [key];
  const segments = [m[1]];
  for (const s of m[2].matchAll(SEGMENT_RE)) segments.push(s[1]);
  return segments;
}

function isPlainContainer(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !(v instanceof File);
}

function assign(root: Record<string, unknown>, segments: string[], value: Leaf, limits: BodyLimits): void {
  // Checked up front so a refused pair leaves no half-built containers behind.
  if (segments.length - 1 > limits.maxDepth || segments.some((s) => FORBIDDEN_KEYS.has(s))) return;
  const isIndex = (s: string) => /^\d{1,9}$/.test(s) && Number(s) <= limits.maxArrayIndex;
  let node: Node = root;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    let slot: string | number;
    if (Array.isArray(node)) {
      if (seg === '') slot = node.length;
      else if (isIndex(seg)) slot = Number(seg);
      else return; // a named key inside an array: conflicting shapes, the pair is dropped
    } else {
      if (seg === '') return;
      slot = seg;
    }
    const existing: unknown = Array.isArray(node)
      ? node[slot as number]
      : Object.hasOwn(node, slot)
        ? node[slot as string]
        : undefined;
    const put = (v: unknown) => {
      if (Array.isArray(node)) node[slot as number] = v;
      else node[slot as string] = v;
    };

    if (i === segments.length - 1) {
      if (existing === undefined) put(value);
      else if (typeof existing === 'string' || existing instanceof File) put([existing, value]); // `ids=1&ids=2`
      else if (Array.isArray(existing)) existing.push(value);
      return;
    }

    const wantArray = segments[i + 1] === '' || isIndex(segments[i + 1]);
    if (existing === undefined) {
      const child: Node = wantArray ? [] : {};
      put(child);
      node = child;
    } else if (isPlainContainer(existing) && (!Array.isArray(existing) || wantArray)) {
      node = existing;
    } else {
      return; // scalar already there, or an array asked for a named key
    }
  }
}

/** `a[2]=x&a[0]=y` leaves holes; like qs, arrays are compacted in index order. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (isPlainContainer(value)) {
    for (const [k, v] of Object.entries(value)) (value as Record<string, unknown>)[k] = compact(v);
  }
  return value;
}

/** Bracket-notation entries (form fields or multipart parts) into nested objects and arrays. */
export function parseBracketEntries(
  entries: Iterable<[string, Leaf]>,
  limits: BodyLimits = BODY_LIMITS,
): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (key === '') continue;
    assign(root, splitKey(key), value, limits);
  }
  return compact(root) as Record<string, unknown>;
}

/** The pure form parser: `params[0][goods_id]=12&ids[]=3` → `{ params: [{ goods_id: '12' }], ids: ['3'] }`. */
export function parseBracketForm(params: URLSearchParams, limits: BodyLimits = BODY_LIMITS): Record<string, unknown> {
  return parseBracketEntries(params.entries(), limits);
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

async function readLimited(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
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

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

async function decode(type: string, contentType: string, bytes: Uint8Array<ArrayBuffer>, limits: BodyLimits) {
  if (type === 'application/x-www-form-urlencoded') {
    return parseBracketForm(new URLSearchParams(new TextDecoder().decode(bytes)), limits);
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
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

/** Reads the body of POST/PUT/PATCH/DELETE into c.get('body'); other methods get `{}`. */
export function parseBody(limits: BodyLimits = BODY_LIMITS): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) {
      c.set('body', {});
      return next();
    }
    const contentType = c.req.header('content-type') ?? '';
    const type = mediaType(contentType);
    const limit = type === 'multipart/form-data' ? limits.multipartBytes : limits.formBytes;
    const bytes = await readLimited(c.req.raw, limit);
    c.set('body', bytes.byteLength === 0 ? {} : await decode(type, contentType, bytes, limits));
    // The stream is spent; hand later readers (c.req.text(), …) the same bytes.
    c.req.raw = new Request(c.req.raw, { body: bytes });
    await next();
  };
}
