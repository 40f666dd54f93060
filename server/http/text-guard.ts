// Text the database cannot store, or that no person typed, is refused at the boundary, once, for
// every way text arrives: PostgreSQL rejects NUL in text (a 500 deep in a handler otherwise), lone
// UTF-16 surrogates cannot be encoded, and control characters in a name or a keyword are never
// meant. Values get a 422 naming their field; a broken URL, key or header a 400.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { AppError, validationError } from './envelope.ts';

export const BAD_REQUEST_MSG = '请求格式错误';
export const CONTROL_CHAR_MSG = '内容包含不支持的控制字符';
export const BROKEN_TEXT_MSG = '内容包含无法识别的字符';

/** C0 controls and DEL: never in a single-line value. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F]/;
/** Multi-line values may hold tab, line feed and carriage return (a textarea sends CRLF). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Fields that are typed into a textarea (order remark, after-sale description, feedback and request
 * text, rejection reasons). A field is named by its last key, so `params[0][remark]` is `remark`.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['remark', 'description', 'content', 'reason', 'note']);

const badRequest = () => new AppError(400, 400, BAD_REQUEST_MSG);

/** What is wrong with a text value, or null when it may be stored. */
export function textProblem(value: string, multiLine: boolean): string | null {
  if (!value.isWellFormed()) return BROKEN_TEXT_MSG;
  return (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value) ? CONTROL_CHAR_MSG : null;
}

function isCleanKey(key: string): boolean {
  return textProblem(key, false) === null;
}

/** Refuses a string whose `%` escapes are not two hex digits or do not spell UTF-8 (400). */
export function assertValidPercentEncoding(raw: string): void {
  try {
    decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw badRequest();
  }
}

function walk(value: unknown, path: string[], onProblem: (field: string, msg: string) => never): void {
  if (typeof value === 'string') {
    const last = path.at(-1) ?? '';
    const problem = textProblem(value, MULTI_LINE_FIELDS.has(last));
    if (problem) onProblem(path.join('.'), problem);
    return;
  }
  if (value instanceof File) {
    const problem = textProblem(value.name, false);
    if (problem) onProblem(path.join('.'), problem);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, [...path, String(i)], onProblem));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (!isCleanKey(k)) throw badRequest();
      // Array indexes are not names: `params.0.remark` is named by `remark`.
      walk(v, [...path, k], onProblem);
    }
  }
}

/** Refuses parsed input (a body, or a query as an object) holding text the shop cannot store. */
export function assertCleanInput(input: unknown): void {
  walk(input, [], (field, msg) => {
    throw validationError({ [field || '_form']: [msg] });
  });
}

/** Headers the app reads as text. Node's HTTP parser already refuses NUL, CR and LF in them. */
const READ_HEADERS = ['idempotency-key', 'origin'] as const;

/**
 * The URL path and the headers the app reads, before anything else looks at them (400). The query
 * string and the body are checked where they are parsed (body.ts), so a bad value there is a 422
 * naming its field.
 */
export function refuseHostileText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      throw badRequest();
    }
    if (textProblem(path, false)) throw badRequest();
    for (const name of READ_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined && textProblem(value, false)) throw badRequest();
    }
    await next();
  };
}
