// 我的消息 (/wdxx): the wire shape of GET /api/user/message and the names the page shows. Messages
// are written by the server when something happens to the company (server/services/messages).

export const MESSAGE_KINDS = ['system', 'order', 'promotion'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Tab and tag names (issue 17: system, order and promotion messages). */
export const MESSAGE_KIND_TEXT: Record<MessageKind, string> = {
  system: '系统消息',
  order: '订单消息',
  promotion: '促销消息',
};

/** The read filter of the list: every message, only unread, only read. */
export const MESSAGE_READ_FILTERS = ['all', 'unread', 'read'] as const;
export type MessageReadFilter = (typeof MESSAGE_READ_FILTERS)[number];

export const MESSAGE_READ_FILTER_TEXT: Record<MessageReadFilter, string> = {
  all: '全部',
  unread: '未读',
  read: '已读',
};

export interface Message {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  /** A shop path (order, after-sale, coupons) the message opens, or null. */
  link: string | null;
  is_read: 0 | 1;
  /** Seconds. */
  created_at: number;
}

/** One page of messages plus the company's unread count (all kinds), which the page header shows. */
export interface MessagePage {
  list: Message[];
  total: number;
  page: number;
  page_size: number;
  unread: number;
}

/** POST /api/user/message/read answer: how many changed, and what is still unread. */
export interface MessageReadResult {
  count: number;
  unread: number;
}

/** Reminders: a certificate expiring within 30 and within 7 days, a coupon within 3 days. */
export const CERTIFICATE_REMINDER_DAYS = [30, 7] as const;
export const COUPON_REMINDER_DAYS = 3;

export const MESSAGE_PAGE_SIZE = 10;
/** The most ids one read call takes (a page is 10; the page never sends more than one page). */
export const MESSAGE_READ_MAX_IDS = 100;

/** The /wdxx list as the URL names it: a kind tab (or all), the read filter and the page. */
export interface MessageListSearch {
  kind: MessageKind | 'all';
  status: MessageReadFilter;
  page: number;
}

export const DEFAULT_MESSAGE_SEARCH: MessageListSearch = { kind: 'all', status: 'all', page: 1 };
