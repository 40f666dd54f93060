// The operator side of buyer service (issue 18, 客服): product requests, feedback and the messages
// operators send to buyers. Wire shapes of /api/admin/product_requests, /feedback and
// /buyer_messages, and the limits the console form and the server both check.
import type { ProductRequest } from './product-requests';
import type { FeedbackItem } from './feedback';

/** A product request as the console lists it: the buyer's company and the linked goods' name. */
export interface AdminProductRequest extends ProductRequest {
  company_id: number;
  company_name: string;
  /** The linked goods' name (已上架), or null. */
  goods_name: string | null;
}

export type FeedbackStatus = 'waiting' | 'replied';
export const FEEDBACK_STATUSES: readonly FeedbackStatus[] = ['waiting', 'replied'];
export const FEEDBACK_STATUS_TEXT: Record<FeedbackStatus, string> = { waiting: '待回复', replied: '已回复' };

/** Feedback as the console lists it; `photos` are console URLs (/api/admin/feedback/photo/{id}). */
export interface AdminFeedback extends FeedbackItem {
  company_id: number | null;
  company_name: string;
  status: FeedbackStatus;
}

/** The reply an operator writes to a request or feedback (the buyer reads it). */
export const SERVICE_REPLY_MAX = 500;

/** Limits of a message an operator sends (the buyer's 我的消息 shows title and body in full). */
export const BUYER_MESSAGE_TITLE_MAX = 50;
export const BUYER_MESSAGE_BODY_MAX = 500;
export const BUYER_MESSAGE_LINK_MAX = 200;
/** Naming more companies than this is a broadcast: send to all instead. */
export const BUYER_MESSAGE_COMPANIES_MAX = 100;

export type BuyerMessageTarget = 'companies' | 'all';

/** One send as the console's list shows it (read back from its audit row). */
export interface SentBuyerMessage {
  id: number;
  target: BuyerMessageTarget;
  /** The companies named (empty for 'all'). */
  company_ids: number[];
  /** How many messages were written. */
  recipients: number;
  title: string;
  body: string;
  link: string | null;
  staff_name: string;
  /** Milliseconds, like the audit log. */
  created_at: number;
}
