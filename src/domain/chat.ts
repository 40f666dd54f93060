// The customer-service chat (SPEC §6, issue 19): what the buyer's chat frame, the side bar and the
// operator console's agent screen share. Rules live here once; the server enforces them.

export const CHAT_SENDERS = ['buyer', 'agent', 'system'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];
export const CHAT_KINDS = ['text', 'image', 'goods', 'order'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
export type ChatStatus = 'waiting' | 'open' | 'closed';

/** Longest text line either side may send. */
export const CHAT_TEXT_MAX = 500;
/** Messages per history page. */
export const CHAT_PAGE_SIZE = 30;

export const CHAT_STATUS_LABELS: Record<ChatStatus, string> = { waiting: '待接入', open: '接待中', closed: '已结束' };

/** A goods or an order as the card showed it when it was sent (prices may change later). */
export type ChatCard =
  | { type: 'goods'; id: number; name: string; spec: string; price_text: string; image: string }
  | { type: 'order'; id: number; sn: string; amount_text: string; status_text: string; created_at: number };

export interface ChatMessage {
  id: number;
  conversation_id: number;
  sender: ChatSender;
  kind: ChatKind;
  body: string;
  /** Image lines: the path the viewer fetches it from (buyer and console differ). */
  image_url: string | null;
  card: ChatCard | null;
  agent_name: string | null;
  delivered: boolean;
  read: boolean;
  /** Unix seconds. */
  created_at: number;
}

export interface ChatHistory {
  conversation: { id: number; status: ChatStatus; agent_name: string | null } | null;
  messages: ChatMessage[];
  /** Older messages exist before the first one. */
  has_more: boolean;
}

/** The console's list row. */
export interface ChatConversationRow {
  id: number;
  status: ChatStatus;
  company_id: number;
  company_name: string;
  username: string;
  agent_id: number | null;
  agent_name: string | null;
  last_message: string;
  /** Buyer lines no agent has read yet. */
  unread: number;
  last_message_at: number;
}

/** The buyer beside the conversation in the console. */
export interface ChatBuyerContext {
  company: { id: number; name: string; contact: string; phone: string; rank: number; address: string };
  orders: { id: number; sn: string; amount_text: string; status_text: string; created_at: number }[];
  cart: { goods_id: number; name: string; spec: string; number: number }[];
}

export interface ChatAgent {
  id: number;
  name: string;
  role: string;
}

/** Canned replies offered to agents (the console inserts one into the input). */
export const CHAT_CANNED_REPLIES = [
  '您好，康源医药客服为您服务，请问有什么可以帮您？',
  '请稍等，正在为您查询。',
  '该商品目前有货，下单后一般24小时内发货。',
  '您的订单已安排发货，物流信息稍后可在订单详情中查看。',
  '发票将在订单完成后7个工作日内开具，请在“电子发票”中查看。',
  '感谢您的咨询，祝您生意兴隆！',
] as const;

/** Short text for a list row or a notification. */
export function chatPreview(m: Pick<ChatMessage, 'kind' | 'body' | 'card'>): string {
  if (m.kind === 'image') return '[图片]';
  if (m.kind === 'goods') return m.card?.type === 'goods' ? `[商品] ${m.card.name}` : '[商品]';
  if (m.kind === 'order') return m.card?.type === 'order' ? `[订单] ${m.card.sn}` : '[订单]';
  return m.body;
}

/**
 * Pages ask the shell's chat entry to open with a card ready to send (the goods detail's and the
 * order's 咨询客服): `window.dispatchEvent(new CustomEvent(CHAT_OPEN_EVENT, { detail }))`.
 * Features may not import the shell, so the event is the contract.
 */
export const CHAT_OPEN_EVENT = 'kangyuan:chat-open';
export type ChatOpenDetail = { goods_id: number } | { order_id: number };

/** Reconnect delays of the live connection: doubling from 1 s, at most 30 s, plus jitter. */
export function reconnectDelayMs(attempt: number, random: number = Math.random()): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.75 + 0.5 * random));
}
