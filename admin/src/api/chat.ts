// The customer-service chat's agent side (/api/admin/chat): conversation lists, one conversation's
// lines, the buyer beside it, sending, take / transfer / close, and the live stream's URL.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, ConsoleApiError } from './client.ts';
import { CODE_OK } from '@domain/envelope.ts';
import type { ChatAgent, ChatBuyerContext, ChatConversationRow, ChatHistory, ChatMessage } from '@domain/chat.ts';

export type ConversationFilter = 'waiting' | 'mine' | 'open' | 'closed';
export const CONVERSATION_FILTERS: { key: ConversationFilter; label: string }[] = [
  { key: 'waiting', label: '待接入' },
  { key: 'mine', label: '我的会话' },
  { key: 'open', label: '全部接待中' },
  { key: 'closed', label: '已结束' },
];

export const chatKey = ['admin', 'chat'] as const;

export const conversationListQuery = (status: ConversationFilter) =>
  queryOptions({
    queryKey: [...chatKey, 'list', status] as const,
    queryFn: () => adminGet<ChatConversationRow[]>('/chat/conversations', { status }),
  });

export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: [...chatKey, 'conversation', id] as const,
    queryFn: () => adminGet<ChatHistory>(`/chat/conversations/${id}`),
  });

export const buyerContextQuery = (id: number) =>
  queryOptions({
    queryKey: [...chatKey, 'context', id] as const,
    queryFn: () => adminGet<ChatBuyerContext>(`/chat/conversations/${id}/context`),
  });

export const agentsQuery = queryOptions({
  queryKey: [...chatKey, 'agents'] as const,
  queryFn: () => adminGet<{ agents: ChatAgent[]; canned: string[] }>('/chat/agents'),
  staleTime: 60_000,
});

export const sendText = (id: number, content: string) =>
  adminPost<ChatMessage>(`/chat/conversations/${id}/messages`, { content });
export const markConversationRead = (id: number) => adminPost<null>(`/chat/conversations/${id}/read`);
export const takeConversation = (id: number) => adminPost<null>(`/chat/conversations/${id}/take`);
export const transferConversation = (id: number, staffId: number) =>
  adminPost<null>(`/chat/conversations/${id}/transfer`, { staff_id: staffId });
export const closeConversation = (id: number) => adminPost<null>(`/chat/conversations/${id}/close`);

/** Multipart, so not through adminPost (JSON only); same envelope handling. */
export async function sendImage(id: number, file: File): Promise<ChatMessage> {
  const form = new FormData();
  form.append('image', file);
  let res: Response;
  try {
    res = await fetch(`/api/admin/chat/conversations/${id}/images`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ConsoleApiError(0, 0, '网络连接失败，请检查网络后重试');
  }
  const envelope = (await res
    .json()
    .catch(() => ({ code: res.status, msg: `服务器错误（${res.status}），请稍后重试`, data: null }))) as {
    code: number;
    msg: string;
    data: unknown;
  };
  if (envelope.code !== CODE_OK) {
    const errors = (envelope.data as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    throw new ConsoleApiError(res.status, envelope.code, Object.values(errors)[0]?.[0] ?? envelope.msg, errors);
  }
  return envelope.data as ChatMessage;
}

export const CHAT_STREAM_URL = '/api/admin/chat/stream';

/** A line arrived (from the stream or our own POST): add it to its open conversation, refresh the lists. */
export function applyLine(client: QueryClient, m: ChatMessage): void {
  client.setQueryData(conversationQuery(m.conversation_id).queryKey, (old) => {
    if (!old || old.messages.some((x) => x.id === m.id)) return old;
    return { ...old, messages: [...old.messages, m].sort((a, b) => a.id - b.id) };
  });
  if (m.sender === 'system') void client.invalidateQueries({ queryKey: conversationQuery(m.conversation_id).queryKey });
  void client.invalidateQueries({ queryKey: [...chatKey, 'list'] });
}

export interface ChatSearch {
  status: ConversationFilter;
  /** The open conversation; 0 for none. */
  id: number;
}

/** ?status=&id= of the chat page. */
export function parseChatSearch(raw: Record<string, unknown>): ChatSearch {
  const status = CONVERSATION_FILTERS.some((f) => f.key === raw.status)
    ? (raw.status as ConversationFilter)
    : 'waiting';
  const id = Number(raw.id);
  return { status, id: Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : 0 };
}
