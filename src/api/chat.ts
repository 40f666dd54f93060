// The customer-service chat's unread count for the side bar's 客服 badge (GET /api/kf/unread,
// docs/api.md "Customer-service chat"). The chat itself runs in its own frame (/kf/chat).
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http/client';

/** The badge is a hint, not a live view: the frame itself is live while open. */
const UNREAD_POLL_MS = 30_000;

export const chatUnreadKey = (username: string) => ['chat', 'unread', username] as const;

export const chatUnreadQuery = (username: string) =>
  queryOptions({
    queryKey: chatUnreadKey(username),
    queryFn: () => http.get<{ count: number }>('kf/unread'),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 10_000,
  });
