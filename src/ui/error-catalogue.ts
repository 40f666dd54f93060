// SPEC §8 error catalogue as a pure function: what the screen should do about a failure.
// No DOM here, so every code class is tested without rendering (STYLE.md "The HTTP client stays pure").
import { ApiError } from '../domain/api-error';

export const ERROR_ALERT_TITLE = '温馨提示';
export const ERROR_MESSAGES = {
  busy: '系统繁忙，请稍候再试',
  timeout: '请求超时，请刷新页面',
  network: '网络连接失败，请检查网络',
  invalid: '提交的信息有误',
  reload: '刷新',
} as const;

export const LOGIN_PATH = '/login';
/** SPEC §8 code 459: the e-contract page. */
export const CONTRACT_PATH = '/dzht';

export type ErrorAction =
  | { type: 'redirect-login'; to: string }
  | { type: 'message-then-redirect'; message: string; to: string }
  | { type: 'toast'; tone: 'error' | 'info'; message: string }
  | { type: 'alert'; title: string; message: string; action?: { label: string; kind: 'reload' } }
  | { type: 'ignore' };

export interface ErrorContext {
  pathname: string;
  search: string;
}

function firstFieldMessage(err: ApiError): string | undefined {
  for (const messages of Object.values(err.fieldErrors ?? {})) {
    if (messages.length > 0) return messages[0];
  }
  return undefined;
}

export function loginRedirectTarget(ctx: ErrorContext): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(ctx.pathname + ctx.search)}`;
}

export function describeError(err: unknown, ctx: ErrorContext): ErrorAction {
  if (!(err instanceof ApiError)) {
    // A bug or an unexpected throw inside a query function: say something failed, reveal nothing.
    return { type: 'toast', tone: 'error', message: ERROR_MESSAGES.busy };
  }
  switch (err.kind) {
    case 'auth':
      // Already on the login page: a background query's 401 must not stack redirects.
      if (ctx.pathname === LOGIN_PATH) return { type: 'ignore' };
      return { type: 'redirect-login', to: loginRedirectTarget(ctx) };
    case 'contract':
      return { type: 'message-then-redirect', message: err.msg, to: CONTRACT_PATH };
    case 'validation':
      return { type: 'toast', tone: 'error', message: firstFieldMessage(err) ?? (err.msg || ERROR_MESSAGES.invalid) };
    case 'business':
      return { type: 'alert', title: ERROR_ALERT_TITLE, message: err.msg };
    case 'server':
      // The request's id lets support find the server's log line with the stack (X-Request-Id).
      return {
        type: 'toast',
        tone: 'error',
        message: err.requestId ? `${ERROR_MESSAGES.busy}（编号 ${err.requestId}）` : ERROR_MESSAGES.busy,
      };
    case 'timeout':
      return {
        type: 'alert',
        title: ERROR_ALERT_TITLE,
        message: ERROR_MESSAGES.timeout,
        action: { label: ERROR_MESSAGES.reload, kind: 'reload' },
      };
    case 'network':
      return { type: 'toast', tone: 'info', message: ERROR_MESSAGES.network };
    case 'aborted':
      return { type: 'ignore' };
  }
}
