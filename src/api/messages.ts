// 我的消息 (/wdxx, docs/api.md "Messages"): the company's messages and marking them read. Reading
// changes two things on screen: the list (its dots and unread count) and the side bar's badge,
// which is user base `message_count`; both are updated from the answer, then refreshed.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageListSearch, MessagePage, MessageReadResult } from '../domain/messages';
import type { UserBase } from '../domain/user';
import { http } from '../http/client';
import { userKeys } from './user';

export const messageKeys = {
  all: ['message'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (s: MessageListSearch) => [...messageKeys.lists(), s.kind, s.status, s.page] as const,
};

/** A list is trusted this long: a loader's answer is still fresh when the page mounts. */
const MESSAGE_STALE_MS = 10_000;

export const getMessages = (s: MessageListSearch): Promise<MessagePage> =>
  http.get<MessagePage>('user/message', {
    ...(s.kind === 'all' ? {} : { kind: s.kind }),
    ...(s.status === 'all' ? {} : { status: s.status }),
    page: s.page,
  });

/** `ids` marks those messages read; 'all' every unread message of the company. */
export type MessageReadTarget = readonly number[] | 'all';

export const postMessagesRead = (target: MessageReadTarget): Promise<MessageReadResult> =>
  http.post<MessageReadResult>('user/message/read', target === 'all' ? { all: 1 } : { ids: [...target] });

export const messagesQuery = (s: MessageListSearch) =>
  queryOptions({ queryKey: messageKeys.list(s), queryFn: () => getMessages(s), staleTime: MESSAGE_STALE_MS });

/** The answer applied to what is on screen at once: read dots off, counts from the server. */
function applyRead(queryClient: QueryClient, target: MessageReadTarget, result: MessageReadResult): void {
  const hit = (id: number) => target === 'all' || target.includes(id);
  queryClient.setQueriesData<MessagePage>(
    { queryKey: messageKeys.lists() },
    (page) =>
      page && {
        ...page,
        unread: result.unread,
        list: page.list.map((m) => (m.is_read === 0 && hit(m.id) ? { ...m, is_read: 1 } : m)),
      },
  );
  queryClient.setQueryData<UserBase>(userKeys.base(), (base) => base && { ...base, message_count: result.unread });
}

export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...messageKeys.all, 'read'] as const,
    // One at a time: the client keeps only the newest request per path (SPEC §7), so two quick
    // opens would otherwise cancel the first one's call.
    scope: { id: 'message-read' },
    // A list answer still on its way was read before this: arriving after the answer below, it
    // would put the dots and the count back (a slow refetch on returning to /wdxx). Dropped.
    onMutate: () => queryClient.cancelQueries({ queryKey: messageKeys.lists() }),
    mutationFn: (target: MessageReadTarget) => postMessagesRead(target),
    onSuccess: (result, target) => {
      applyRead(queryClient, target, result);
      // Other filters (未读/已读) now hold other rows: refetched when shown, not under the reader's
      // eyes (an opened message must not vanish from the 未读 list while it is being read).
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: userKeys.base() });
    },
  });
}
