// The console's buyer service (客服): 品种求购 and 意见反馈 lists (?status=&q=&page=, feedback also
// &category=), their replies, and messages sent to buyers.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged } from '@domain/admin.ts';
import { PRODUCT_REQUEST_STATUSES, type ProductRequestStatus } from '@domain/product-requests.ts';
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from '@domain/feedback.ts';
import {
  FEEDBACK_STATUSES,
  type AdminFeedback,
  type AdminProductRequest,
  type BuyerMessageTarget,
  type FeedbackStatus,
  type SentBuyerMessage,
} from '@domain/buyer-service.ts';

const pageOf = (raw: unknown) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};
const textOf = (raw: unknown) => (typeof raw === 'string' ? raw.trim().slice(0, 50) : '');

// ---- 品种求购 ----

export interface ProductRequestSearch {
  status?: ProductRequestStatus;
  q: string;
  page: number;
}

export function parseProductRequestSearch(raw: Record<string, unknown>): ProductRequestSearch {
  return { status: PRODUCT_REQUEST_STATUSES.find((s) => s === raw.status), q: textOf(raw.q), page: pageOf(raw.page) };
}

export const productRequestsKey = ['admin', 'product_requests'] as const;

export const productRequestListQuery = (s: ProductRequestSearch) =>
  queryOptions({
    queryKey: [...productRequestsKey, s] as const,
    queryFn: () =>
      adminGet<Paged<AdminProductRequest>>('/product_requests', {
        status: s.status,
        q: s.q || undefined,
        page: s.page,
        page_size: 20,
      }),
    placeholderData: (previous) => previous,
  });

export const replyProductRequest = (id: number, reply: string, goodsId: number | null) =>
  adminPost<AdminProductRequest>(
    `/product_requests/${id}/reply`,
    goodsId === null ? { reply } : { reply, goods_id: goodsId },
  );

// ---- 意见反馈 ----

export interface FeedbackSearch {
  status?: FeedbackStatus;
  category?: FeedbackCategory;
  q: string;
  page: number;
}

export function parseFeedbackSearch(raw: Record<string, unknown>): FeedbackSearch {
  return {
    status: FEEDBACK_STATUSES.find((s) => s === raw.status),
    category: FEEDBACK_CATEGORIES.find((c) => c === raw.category),
    q: textOf(raw.q),
    page: pageOf(raw.page),
  };
}

export const feedbackKey = ['admin', 'feedback'] as const;

export const feedbackListQuery = (s: FeedbackSearch) =>
  queryOptions({
    queryKey: [...feedbackKey, s] as const,
    queryFn: () =>
      adminGet<Paged<AdminFeedback>>('/feedback', {
        status: s.status,
        category: s.category,
        q: s.q || undefined,
        page: s.page,
        page_size: 20,
      }),
    placeholderData: (previous) => previous,
  });

export const replyFeedback = (id: number, reply: string) =>
  adminPost<AdminFeedback>(`/feedback/${id}/reply`, { reply });

// ---- 消息推送 ----

export const buyerMessagesKey = ['admin', 'buyer_messages'] as const;

export const sentBuyerMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: [...buyerMessagesKey, page] as const,
    queryFn: () => adminGet<Paged<SentBuyerMessage>>('/buyer_messages', { page, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export interface BuyerMessageDraft {
  target: BuyerMessageTarget;
  company_ids: number[];
  title: string;
  body: string;
  link: string;
}

export const sendBuyerMessage = (d: BuyerMessageDraft) =>
  adminPost<{ recipients: number }>('/buyer_messages', {
    target: d.target,
    ...(d.target === 'companies' ? { company_ids: d.company_ids } : {}),
    title: d.title,
    body: d.body,
    link: d.link,
  });

export async function afterBuyerService(client: QueryClient, key: readonly string[]): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: key }),
    client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  ]);
}
