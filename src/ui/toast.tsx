// Toasts: a tiny imperative store (so non-React code such as the error presenter can call
// `toast.show`) and one <ToastViewport/> mounted by the app shell, built on radix-ui Toast.
import { useSyncExternalStore } from 'react';
import { Toast } from 'radix-ui';
import styles from './toast.module.css';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastInput {
  message: string;
  tone?: ToastTone;
  durationMs?: number;
}

export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
}

const DEFAULT_DURATION_MS = 3_000;
/** A burst (several queries failing at once) must not bury the page under toasts. */
const MAX_VISIBLE = 3;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toast = {
  /** Returns the toast's id, for `dismiss`. */
  show(input: ToastInput): number {
    const item: ToastItem = {
      id: nextId++,
      message: input.message,
      tone: input.tone ?? 'info',
      durationMs: input.durationMs ?? DEFAULT_DURATION_MS,
    };
    emit([...items, item].slice(-MAX_VISIBLE));
    return item.id;
  },
  dismiss(id: number): void {
    if (items.some((t) => t.id === id)) emit(items.filter((t) => t.id !== id));
  },
  clear(): void {
    if (items.length > 0) emit([]);
  },
  /** Current toasts, oldest first. */
  list(): readonly ToastItem[] {
    return items;
  },
};

function ErrorIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false" data-icon="error">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M6.5 6.5l7 7M13.5 6.5l-7 7" style={{ stroke: 'var(--color-white)' }} strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function SuccessIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false" data-icon="success">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M5.5 10.5l3 3 6-6.5" style={{ stroke: 'var(--color-white)' }} strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Mount once near the root of the app. */
export function ToastViewport() {
  const current = useSyncExternalStore(subscribe, () => items, () => items);
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
            if (!open) toast.dismiss(item.id);
          }}
        >
          {item.tone === 'error' && <ErrorIcon />}
          {item.tone === 'success' && <SuccessIcon />}
          <Toast.Description className={styles.message}>{item.message}</Toast.Description>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.viewport} label="通知 ({hotkey})" />
    </Toast.Provider>
  );
}
