// The toasts on screen (radix-ui Toast), loaded with the first one (toast.tsx).
import type { ReactNode } from 'react';
import { Toast } from 'radix-ui';
import type { ToastItem } from './notice-types';
import styles from './toast.module.css';

/** The round badge before a message; the tone picks the mark drawn in white inside it. */
function ToneIcon({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      data-icon={tone}
    >
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      {children}
    </svg>
  );
}

const ERROR_ICON = (
  <ToneIcon tone="error">
    <path
      d="M6.5 6.5l7 7M13.5 6.5l-7 7"
      style={{ stroke: 'var(--color-white)' }}
      strokeWidth="2"
      strokeLinecap="round"
    />
  </ToneIcon>
);

const SUCCESS_ICON = (
  <ToneIcon tone="success">
    <path
      d="M5.5 10.5l3 3 6-6.5"
      style={{ stroke: 'var(--color-white)' }}
      strokeWidth="2"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </ToneIcon>
);

export default function ToastList({
  items: current,
  onDismiss,
}: {
  items: readonly ToastItem[];
  onDismiss: (id: number) => void;
}) {
  return (
    <Toast.Provider label="通知" swipeDirection="up">
      {current.map((item) => (
        <Toast.Root
          key={item.id}
          className={styles.toast}
          data-tone={item.tone}
          duration={item.durationMs}
          // Errors interrupt the screen reader; the rest wait their turn.
          type={item.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onDismiss(item.id);
          }}
        >
          {item.tone === 'error' && ERROR_ICON}
          {item.tone === 'success' && SUCCESS_ICON}
          <Toast.Description className={styles.message}>{item.message}</Toast.Description>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.viewport} label="通知 ({hotkey})" />
    </Toast.Provider>
  );
}
