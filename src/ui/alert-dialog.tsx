// Modal notices (SPEC §8 "温馨提示" alerts): an imperative queue so the error presenter and
// features can `await alert.open(...)`, and one <AlertHost/>. The dialog itself (radix-ui
// AlertDialog, alert-view.tsx) loads with the first alert: it is not part of the first paint.
// Alerts queue instead of stacking: the buyer reads them one at a time.
import { lazy, Suspense, useSyncExternalStore } from 'react';

export const ALERT_DEFAULT_TITLE = '温馨提示';
export const ALERT_DEFAULT_BUTTON = '确定';

import type { AlertInput, PendingAlert } from './notice-types';

export type { AlertAction, AlertInput, PendingAlert } from './notice-types';

let queue: readonly PendingAlert[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly PendingAlert[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function settleAlert(id: number): void {
  const entry = queue.find((a) => a.id === id);
  if (!entry) return;
  emit(queue.filter((a) => a.id !== id));
  entry.resolve();
}

export const alert = {
  /** Resolves when the buyer closes the alert (by any button or Escape). */
  open(input: AlertInput): Promise<void> {
    return new Promise<void>((resolve) => {
      const actions = input.actions && input.actions.length > 0 ? input.actions : [{ label: ALERT_DEFAULT_BUTTON }];
      emit([
        ...queue,
        { id: nextId++, title: input.title ?? ALERT_DEFAULT_TITLE, message: input.message, actions, resolve },
      ]);
    });
  },
  /** True when an alert with this title and message is showing or waiting (lets callers skip repeats). */
  isQueued(input: Pick<AlertInput, 'title' | 'message'>): boolean {
    const title = input.title ?? ALERT_DEFAULT_TITLE;
    return queue.some((a) => a.title === title && a.message === input.message);
  },
  /** Closes every alert, resolving their promises (e.g. when the page is left). */
  dismissAll(): void {
    const pending = queue;
    emit([]);
    for (const entry of pending) entry.resolve();
  },
};

const AlertView = lazy(() => import('./alert-view'));
const noAlert = () => undefined;

/** Mount once near the root of the app. */
export function AlertHost() {
  const current = useSyncExternalStore(subscribe, () => queue[0], noAlert);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <AlertView current={current} onSettle={settleAlert} />
    </Suspense>
  );
}
