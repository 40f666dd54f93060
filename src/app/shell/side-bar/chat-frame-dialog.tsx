// The customer-service chat's dialog around the chat frame (radix Dialog), loaded on the first
// open by chat-dialog.tsx. Closing it returns focus to the side bar's 客服 button.
import { Dialog } from 'radix-ui';
import { CloseIcon } from '../icons';
import styles from './side-bar.module.css';

export default function ChatFrameDialog({
  open,
  onOpenChange,
  src,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.chatOverlay} />
        <Dialog.Content className={styles.chat} aria-describedby={undefined}>
          <div className={styles.chatHead}>
            <Dialog.Title className={styles.chatTitle}>在线客服</Dialog.Title>
            <Dialog.Close className={styles.chatClose} aria-label="关闭">
              <CloseIcon size={18} />
            </Dialog.Close>
          </div>
          <iframe className={styles.chatFrame} title="在线客服" src={src} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
