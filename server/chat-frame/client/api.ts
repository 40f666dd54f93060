// The frame's calls to /api/kf: every one carries the username and token the frame was opened with.
import type { ChatHistory, ChatMessage } from '@domain/chat.ts';

export interface Credentials {
  username: string;
  token: string;
}

export class ChatCallError extends Error {
  constructor(
    readonly status: number,
    msg: string,
  ) {
    super(msg);
  }
}

export function withCredentials(url: string, cred: Credentials, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ username: cred.username, token: cred.token, ...extra });
  return `${url}${url.includes('?') ? '&' : '?'}${q.toString()}`;
}

async function envelope<T>(res: Response): Promise<T> {
  let body: { code: number; msg: string; data: T & { errors?: Record<string, string[]> } };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new ChatCallError(res.status, `服务器错误（${res.status}），请稍后重试`);
  }
  if (body.code !== 10000) {
    // A 422 names its first field's first message (SPEC §5).
    const first = body.data?.errors ? Object.values(body.data.errors)[0]?.[0] : undefined;
    throw new ChatCallError(res.status, first ?? body.msg);
  }
  return body.data;
}

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', headers: { accept: 'application/json' }, ...init });
  } catch {
    throw new ChatCallError(0, '网络连接失败，请检查网络后重试');
  }
  return envelope<T>(res);
}

export const loadHistory = (cred: Credentials, before?: number) =>
  call<ChatHistory>(withCredentials('/api/kf/history', cred, before ? { before: String(before) } : {}));

export function sendLine(cred: Credentials, fields: Record<string, string>): Promise<ChatMessage> {
  return call<ChatMessage>(withCredentials('/api/kf/messages', cred), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export function sendImage(cred: Credentials, file: File): Promise<ChatMessage> {
  const form = new FormData();
  form.append('image', file);
  return call<ChatMessage>(withCredentials('/api/kf/images', cred), { method: 'POST', body: form });
}

export const markRead = (cred: Credentials) => call<null>(withCredentials('/api/kf/read', cred), { method: 'POST' });
