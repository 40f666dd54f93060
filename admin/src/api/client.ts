// The console's one HTTP client: JSON to and from /api/admin, the shop's envelope
// ({ code, msg, data }). Anything but code 10000 throws ConsoleApiError with the server's Chinese
// message and its field errors, so forms show them where they belong.
import { CODE_OK } from '@domain/envelope.ts';

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(msg);
  }
}

export const isSignedOut = (e: unknown): boolean => e instanceof ConsoleApiError && e.status === 401;

type Query = Record<string, string | number | boolean | undefined | null>;

function urlFor(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api/admin${path}${qs ? `?${qs}` : ''}`;
}

async function send<T>(method: 'GET' | 'POST', path: string, query?: Query, body?: unknown): Promise<T> {
  let res: Response;
  try {
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      // A FormData body (file uploads) sets its own multipart content type.
      headers:
        body === undefined || body instanceof FormData
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
    };
    // Only a POST carries a body (a GET's parameters are its query).
    if (method === 'POST' && body !== undefined) init.body = body instanceof FormData ? body : JSON.stringify(body);
    res = await fetch(urlFor(path, query), init);
  } catch {
    throw new ConsoleApiError(0, 0, '网络连接失败，请检查网络后重试');
  }
  let envelope: { code: number; msg: string; data: unknown };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new ConsoleApiError(res.status, res.status, `服务器错误（${res.status}），请稍后重试`);
  }
  if (envelope.code !== CODE_OK) {
    const errors = (envelope.data as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    throw new ConsoleApiError(res.status, envelope.code, envelope.msg, errors);
  }
  return envelope.data as T;
}

export const adminGet = <T>(path: string, query?: Query) => send<T>('GET', path, query);
export const adminPost = <T>(path: string, body: unknown = {}) => send<T>('POST', path, undefined, body);
/** A multipart POST (uploads). */
export const adminPostForm = <T>(path: string, form: FormData) => send<T>('POST', path, undefined, form);
