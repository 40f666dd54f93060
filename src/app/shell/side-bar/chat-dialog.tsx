// The in-page customer-service chat (is_can_chat members): a dialog hosting the chat frame, with
// the unread badge on its trigger. Pages open it with a goods or order card ready to send through
// the CHAT_OPEN_EVENT window event (features may not import the shell).
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserBase } from '../../../domain/user';
import { CHAT_OPEN_EVENT, type ChatOpenDetail } from '../../../domain/chat';
import { chatUnreadKey, chatUnreadQuery } from '../../../api/chat';
import { chatBaseUrl, chatFrameUrl } from './chat';

/** What the frame posts to its parent after marking the agent's lines read. */
const FRAME_READ_MESSAGE = 'kangyuan-chat-read';

const ChatFrameDialog = lazy(() => import('./chat-frame-dialog'));

function withCard(url: string, card: ChatOpenDetail | null): string {
  if (!card) return url;
  return 'goods_id' in card ? `${url}&goods=${card.goods_id}` : `${url}&order=${card.order_id}`;
}

export function ChatDialog({
  user,
  trigger,
  triggerClassName,
  badge,
}: {
  user: UserBase;
  trigger: ReactNode;
  triggerClassName: string;
  badge: (count: number) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // The dialog's code (radix Dialog) loads on the first open, not with the first paint.
  const [opened, setOpened] = useState(false);
  const [card, setCard] = useState<ChatOpenDetail | null>(null);
  const client = useQueryClient();
  const unread = useQuery(chatUnreadQuery(user.username));
  const count = unread.data?.count ?? 0;

  useEffect(() => {
    const onOpen = (ev: Event) => {
      const detail = (ev as CustomEvent<ChatOpenDetail>).detail;
      setCard(detail && typeof detail === 'object' ? detail : null);
      setOpen(true);
    };
    const onFrame = (ev: MessageEvent) => {
      if (ev.origin === window.location.origin && (ev.data as { type?: unknown } | null)?.type === FRAME_READ_MESSAGE) {
        void client.invalidateQueries({ queryKey: chatUnreadKey(user.username) });
      }
    };
    window.addEventListener(CHAT_OPEN_EVENT, onOpen);
    window.addEventListener('message', onFrame);
    return () => {
      window.removeEventListener(CHAT_OPEN_EVENT, onOpen);
      window.removeEventListener('message', onFrame);
    };
  }, [client, user.username]);

  const change = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCard(null);
      void client.invalidateQueries({ queryKey: chatUnreadKey(user.username) });
    }
  };
  if (open && !opened) setOpened(true);

  return (
    <>
      <button
        type="button"
        className={triggerClassName}
        aria-label={count > 0 ? `在线客服，${count} 条未读` : '在线客服'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {trigger}
        {badge(count)}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ChatFrameDialog
            open={open}
            onOpenChange={change}
            src={withCard(chatFrameUrl(chatBaseUrl(), user.username, user.token), card)}
          />
        </Suspense>
      )}
    </>
  );
}
