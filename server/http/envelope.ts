// One place that shapes every API answer as { code, msg, data } (DESIGN.md "API contract").
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CODE_OK, CODE_VALIDATION, CODE_NOT_SIGNED_IN } from '@domain/envelope.ts';

export function ok<T>(c: Context, data: T, msg = 'ok', status: 200 | 201 = 200) {
  return c.json({ code: CODE_OK, msg, data }, status);
}

/**
 * A refusal the handler means to give. Thrown anywhere below a route, it is turned into the
 * envelope by the app's error handler; anything else becomes a plain 500 with no details.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
  }
}

/** 422 with `data.errors = { field: [messages] }` and msg = the first message. */
export function validationError(errors: Record<string, string[]>): AppError {
  const first = Object.values(errors).find((m) => m.length > 0)?.[0] ?? '参数错误';
  return new AppError(422, CODE_VALIDATION, first, { errors });
}

export const notSignedIn = () => new AppError(401, CODE_NOT_SIGNED_IN, '请先登录');
export const notFound = (msg = '内容不存在') => new AppError(404, 404, msg);
export const forbidden = (msg = '无权访问') => new AppError(403, 403, msg);
export const badRequest = (msg: string, data: unknown = null) => new AppError(400, 400, msg, data);
