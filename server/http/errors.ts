// The app's last word on a failed request: every refusal leaves as the { code, msg, data } envelope
// and a server fault leaves as a bare 500 — the stack and any SQL stay in the server log.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { CODE_NOT_SIGNED_IN } from '@domain/envelope.ts';
import { AppError, validationError } from './envelope.ts';
import { issuesToFieldErrors } from './validate.ts';
import type { AppEnv } from '../env.ts';
import { stdoutLog } from '../log.ts';

export const SERVER_BUSY_MSG = '系统繁忙，请稍候再试';

/** Messages for refusals Hono or a middleware raise as bare HTTP statuses. */
const STATUS_MESSAGES: Partial<Record<number, string>> = {
  400: '请求格式错误',
  401: '请先登录',
  403: '无权访问',
  404: '内容不存在',
  405: '不支持的请求方式',
  408: '请求超时，请刷新页面',
  413: '提交的内容过大',
  415: '不支持的请求格式',
  429: '请求过于频繁，请稍后再试',
};

function envelope(c: Context, status: ContentfulStatusCode, code: number, msg: string, data: unknown = null) {
  return c.json({ code, msg, data }, status);
}

export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) return envelope(c, err.status, err.code, err.message, err.data);

  if (err instanceof z.core.$ZodError) {
    const v = validationError(issuesToFieldErrors(err.issues));
    return envelope(c, v.status, v.code, v.message, v.data);
  }

  if (err instanceof HTTPException && err.status < 500) {
    const status = err.status as ContentfulStatusCode;
    if (status === 401) return envelope(c, 401, CODE_NOT_SIGNED_IN, STATUS_MESSAGES[401]!);
    // Hono's own messages are English developer text; the buyer sees the Chinese one.
    return envelope(c, status, status, STATUS_MESSAGES[status] ?? '请求错误');
  }

  // Anything else is our fault: log it whole (one JSON line with the stack and the request's id,
  // which the answer's X-Request-Id header gives the buyer to quote), answer without details.
  const deps = (c as Context<AppEnv>).get('deps');
  (deps?.log ?? stdoutLog)({
    event: 'http.error',
    level: 'error',
    request_id: (c as Context<AppEnv>).get('requestId'),
    method: c.req.method,
    path: c.req.path,
    error: err.message,
    stack: err.stack,
  });
  return envelope(c, 500, 500, SERVER_BUSY_MSG);
}

export function handleNotFound(c: Context): Response {
  const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/');
  return envelope(c, 404, 404, isApi ? '接口不存在' : '页面不存在');
}
