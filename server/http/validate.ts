// Route inputs: zod schemas over the parsed body (form bracket notation or JSON) and the query
// string. A failure becomes the 422 envelope of DESIGN.md ({ field: [messages] }, msg = first).
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { validationError } from './envelope.ts';

/** Field key for issues about the whole input rather than one field. */
export const FORM_FIELD = '_form';

const zhLocale = z.locales.zhCN().localeError;

/**
 * Per-parse fallback messages, used only where a schema gave none (schema messages always win in
 * zod 4). A missing field gets one plain sentence instead of zod's "expected string, received
 * undefined"; everything else falls back to zod's own Simplified Chinese locale.
 */
const fallbackError: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return '请填写完整信息';
  return zhLocale(issue);
};

/** Turns zod issues into `{ "params.0.goods_id": ["…"] }`, first message per issue, in order. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_FIELD;
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses `value` with `schema`; throws the 422 AppError on failure. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: fallbackError });
  if (!result.success) throw validationError(issuesToFieldErrors(result.error.issues));
  return result.data;
}

/**
 * One item of a batch checked on its own (the integration API answers per item): its value, or
 * its field errors in the shape of issuesToFieldErrors, with the same messages as parseOrThrow.
 */
export function checkItem<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string[]> } {
  const result = schema.safeParse(value, { error: fallbackError });
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: issuesToFieldErrors(result.error.issues) };
}

/** The request body (set by parseInput()) checked against `schema`. */
export function readInput<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  return parseOrThrow(schema, c.get('body') ?? {});
}

/** The query string, with the same bracket notation as bodies (`ids[]=1&ids[]=2`). */
export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  return parseOrThrow(schema, c.get('query') ?? {});
}
