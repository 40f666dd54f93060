// The in-page customer-service chat (is_can_chat members): a dialog hosting the chat frame, with
// the unread badge on its trigger. Pages open it with a goods or order card ready to send through
// the CHAT_OPEN_EVENT window event (features may not import the shell).
import { Dialog } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserBase } from '../../../domain/user';
import { CHAT_OPEN_EVENT, type ChatOpenDetail } from '../../../domain/chat';
import { chatUnreadKey, chatUnreadQuery } from '../../../api/chat';
import { CloseIcon } from '../icons';
import { chatBaseUrl, chatFrameUrl } from './chat';
import styles from './side-bar.module.css';

/** What the frame posts to its parent after marking the agent's lines read. */
const FRAME_READ_MESSAGE = 'kangyuan-chat-read';

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

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setCard(null);
          void client.invalidateQueries({ queryKey: chatUnreadKey(user.username) });
        }
      }}
    >
      <Dialog.Trigger className={triggerClassName} aria-label={count > 0 ? `在线客服，${count} 条未读` : '在线客服'}>
        {trigger}
        {badge(count)}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.chatOverlay} />
        <Dialog.Content className={styles.chat} aria-describedby={undefined}>
          <div className={styles.chatHead}>
            <Dialog.Title className={styles.chatTitle}>在线客服</Dialog.Title>
            <Dialog.Close className={styles.chatClose} aria-label="关闭">
              <CloseIcon size={18} />
            </Dialog.Close>
          </div>
          <iframe className={styles.chatFrame} title="在线客服" src={withCard(chatFrameUrl(chatBaseUrl(), user.username, user.token), card)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
