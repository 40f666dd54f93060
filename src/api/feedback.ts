// 意见反馈 / 投诉建议 (docs/api.md "Feedback"): the company's earlier feedback with replies, and the
// submit. Text only goes through the local store (queued offline like the cart); with screenshots
// it is one multipart request with an Idempotency-Key (files are not kept in the outbox), so it
// needs a connection.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../domain/envelope';
import type { FeedbackInput, FeedbackItem } from '../domain/feedback';
import { feedbackCreate } from '../local';
import { http } from '../http/client';
import { newIdempotencyKey } from '../http/idempotency-key';
import { localWrite, writeMessage, type WriteResult } from './local-write';
import { successNotice } from './success-notice';

export const FEEDBACK_SENT_MESSAGE = '感谢您的反馈，我们会尽快回复';

/** A short trust window so the route's loader and the page share one request (route-loaders.md). */
export const FEEDBACK_STALE_MS = 10_000;

export const feedbackKeys = {
  all: ['feedback'] as const,
  lists: () => [...feedbackKeys.all, 'list'] as const,
  list: (page: number) => [...feedbackKeys.lists(), page] as const,
};

export const getFeedback = (page: number): Promise<Page<FeedbackItem>> =>
  http.get<Page<FeedbackItem>>('user/feedback', { page });
export const feedbackListQuery = (page: number) =>
  queryOptions({ queryKey: feedbackKeys.list(page), queryFn: () => getFeedback(page), staleTime: FEEDBACK_STALE_MS });

export interface FeedbackSubmit {
  input: FeedbackInput;
  photos: readonly File[];
  /** One key per filled-in form, so a retried multipart send is stored once. */
  idempotencyKey?: string;
}

export async function postFeedback({ input, photos, idempotencyKey }: FeedbackSubmit): Promise<WriteResult<unknown>> {
  const fields = { category: input.category, content: input.content, contact: input.contact };
  if (photos.length === 0) return localWrite(() => feedbackCreate(fields));
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of photos) form.append('photos[]', p, p.name);
  const envelope = await http.post<FeedbackItem>('user/feedback', form, {
    envelope: true,
    idempotencyKey: idempotencyKey ?? newIdempotencyKey(),
  });
  return { provisional: false, msg: envelope.msg, envelope };
}

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...feedbackKeys.all, 'create'] as const,
    mutationFn: postFeedback,
    networkMode: 'always',
    meta: successNotice((r: WriteResult<unknown>) => ({
      message: writeMessage(r, FEEDBACK_SENT_MESSAGE),
      tone: r.provisional ? 'info' : 'success',
    })),
    onSuccess: (r) => {
      if (!r.provisional) void queryClient.invalidateQueries({ queryKey: feedbackKeys.lists() });
    },
  });
}
