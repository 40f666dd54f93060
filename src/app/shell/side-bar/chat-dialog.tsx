// The in-page customer-service chat (is_can_chat members): a dialog hosting the chat frame.
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import type { UserBase } from '../../../domain/user';
import { CloseIcon } from '../icons';
import { chatBaseUrl, chatFrameUrl } from './chat';
import styles from './side-bar.module.css';

export function ChatDialog({ user, trigger, triggerClassName }: { user: UserBase; trigger: ReactNode; triggerClassName: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={triggerClassName} aria-label="在线客服">
        {trigger}
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
          <iframe className={styles.chatFrame} title="在线客服" src={chatFrameUrl(chatBaseUrl(), user.username, user.token)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
