// Login failures as one Chinese sentence for the form (SPEC §5: a 422 shows the first message of
// the first field; a wrong password shows the server's own message).
import { isApiError } from '../../http/client';

export const LOGIN_ERROR_FALLBACK = '登录失败，请稍后重试';

export function loginErrorMessage(err: unknown): string {
  if (!isApiError(err)) return LOGIN_ERROR_FALLBACK;
  switch (err.kind) {
    case 'validation': {
      const first = Object.values(err.fieldErrors ?? {}).find((m) => m.length > 0)?.[0];
      return first ?? (err.msg || LOGIN_ERROR_FALLBACK);
    }
    case 'server':
      return '系统繁忙，请稍候再试';
    case 'timeout':
      return '请求超时，请稍后重试';
    case 'network':
      return '网络连接失败，请检查网络';
    case 'aborted':
      return LOGIN_ERROR_FALLBACK;
    default:
      return err.msg || LOGIN_ERROR_FALLBACK;
  }
}
