// Request parameter helpers shared by the route handlers: integers and flags of query strings,
// paging, database ids and id lists. Query strings and bracket forms carry every value as a
// string, JSON bodies carry numbers; each helper accepts both where a route takes both.
import { z } from 'zod';
import { notFound, validationError } from './envelope.ts';

/** The largest id a PostgreSQL `integer` column holds; anything above is malformed, not missing. */
export const ID_MAX = 2_147_483_647;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
const PAGE_MAX = 100_000;

/** Forms and links send '' for "not set". */
export const blank = (v: unknown) => (v === '' ? undefined : v);

/** An optional whole number `min`–`max` given as a digit string; `msg` for anything else. */
export function intParam(msg: string, min: number, max: number) {
  return z.preprocess(
    blank,
    z
      .string({ error: msg })
      .regex(/^\d{1,10}$/, { error: msg })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { error: msg })
      .optional(),
  );
}

/**
 * An optional whole number `min`–`max` read with Number() from a string or a number ('' is not
 * set, '2.0' is 2); `msg` for anything else.
 */
export const numberParam = (msg: string, min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return n;
    });

/** An optional '0'/'1' query flag. */
export const flagParam = (msg: string) =>
  z.preprocess(
    blank,
    z
      .enum(['0', '1'], { error: msg })
      .transform((v) => v === '1')
      .optional(),
  );

export const pageParams = {
  page: intParam('页码无效', 1, PAGE_MAX),
  page_size: intParam(`每页数量须在1-${PAGE_SIZE_MAX}之间`, 1, PAGE_SIZE_MAX),
};

/** `?page=&page_size=` of every paged list call. */
export const pageQuery = z.object(pageParams);

/** A positive database id, from a number or a digit string. */
export const idField = (msg: string) =>
  z.union([z.number(), z.string()], { error: msg }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > ID_MAX) {
      ctx.addIssue({ code: 'custom', message: msg });
      return z.NEVER;
    }
    return n;
  });

/** 0/1 flags of bodies arrive as '0'/'1', numbers or booleans. */
export const flagField = (msg: string) =>
  z.union([z.number(), z.string(), z.boolean()], { error: msg }).transform((v, ctx) => {
    if (v === true || v === 1 || v === '1' || v === 'true') return true;
    if (v === false || v === 0 || v === '0' || v === 'false' || v === '') return false;
    ctx.addIssue({ code: 'custom', message: msg });
    return z.NEVER;
  });

export interface IdListRule {
  /** Nothing given (missing, empty, or not a list at all). */
  empty: string;
  /** More than `max` ids. */
  tooMany: string;
  /** Some entry is not a positive id. */
  invalid: string;
  max: number;
}

/**
 * `ids[]=1&ids[]=2`, `ids=1,2`, a single id, or a JSON array → distinct positive ids, in order.
 * Every problem is a 422 on `field`.
 */
export function parseIdList(raw: unknown, field: string, rule: IdListRule): number[] {
  let parts: unknown[];
  if (Array.isArray(raw)) parts = raw;
  else if (typeof raw === 'number') parts = [raw];
  else if (typeof raw === 'string') parts = raw.split(',').filter((p) => p.trim() !== '');
  else throw validationError({ [field]: [rule.empty] });
  if (parts.length === 0) throw validationError({ [field]: [rule.empty] });
  if (parts.length > rule.max) throw validationError({ [field]: [rule.tooMany] });
  const ids = parts.map((p) =>
    typeof p === 'number' ? p : typeof p === 'string' && /^\s*\d{1,10}\s*$/.test(p) ? Number(p) : NaN,
  );
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > ID_MAX)) throw validationError({ [field]: [rule.invalid] });
  return [...new Set(ids)];
}

/** A path or query id: digits only, 1 … ID_MAX; anything else is a 422 on `field`. */
export function positiveId(raw: string | undefined, field: string, msg: string): number {
  const n = raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= ID_MAX)) throw validationError({ [field]: [msg] });
  return n;
}

/**
 * The id of a path that names one of the member's objects: a malformed id names nothing, so it
 * answers the same 404 `notFoundMsg` as a missing or someone else's object.
 */
export function objectId(raw: string, notFoundMsg: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound(notFoundMsg);
  return Number(raw);
}

/**
 * `?page=&page_size=` read with Number() (so '2.0' passes), pages up to 10,000 and `page_size`
 * up to `pageSizeMax`: the paging of the order centre and the wallet, older than pageQuery and
 * kept as it answers.
 */
export function numericPageQuery(pageSizeMax: number) {
  const sizeMsg = `每页数量须在1-${pageSizeMax}之间`;
  return z.object({
    page: z.coerce
      .number({ error: '页码无效' })
      .int({ error: '页码无效' })
      .min(1, { error: '页码无效' })
      .max(10_000, { error: '页码无效' })
      .optional(),
    page_size: z.coerce
      .number({ error: sizeMsg })
      .int({ error: sizeMsg })
      .min(1, { error: sizeMsg })
      .max(pageSizeMax, { error: sizeMsg })
      .optional(),
  });
}
