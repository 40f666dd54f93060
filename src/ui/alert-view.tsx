// The alert on screen (radix-ui AlertDialog), loaded with the first alert (alert-dialog.tsx).
import { AlertDialog } from 'radix-ui';
import type { PendingAlert } from './notice-types';
import styles from './alert-dialog.module.css';

export default function AlertView({ current, onSettle }: { current: PendingAlert; onSettle: (id: number) => void }) {
  const lastIndex = current.actions.length - 1;
  return (
    <AlertDialog.Root
      key={current.id}
      open
      onOpenChange={(open) => {
        if (!open) onSettle(current.id);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content}>
          <AlertDialog.Title className={styles.title}>{current.title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.message}>{current.message}</AlertDialog.Description>
          <div className={styles.actions}>
            {current.actions.map((action, index) => (
              <AlertDialog.Action
                key={`${index}-${action.label}`}
                className={index === lastIndex ? styles.primary : styles.secondary}
                onClick={() => action.onClick?.()}
              >
                {action.label}
              </AlertDialog.Action>
            ))}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
