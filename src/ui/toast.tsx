// Toasts: a tiny imperative store (so non-React code such as the error presenter can call
// `toast.show`) and one <ToastViewport/> mounted by the app shell. The viewport itself (radix-ui
// Toast, toast-list.tsx) loads with the first toast: most page loads show none, and its code is
// not part of the first paint.
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';

import type { ToastInput, ToastItem } from './notice-types';

export type { ToastInput, ToastItem, ToastTone } from './notice-types';

const DEFAULT_DURATION_MS = 3_000;
/** A burst (several queries failing at once) must not bury the page under toasts. */
const MAX_VISIBLE = 3;

const NO_TOASTS: readonly ToastItem[] = [];
// The list a server-drawn page hydrates with (noToasts) is this very array: a different empty
// array made useSyncExternalStore re-render the viewport synchronously in the hydration's effects.
let items: readonly ToastItem[] = NO_TOASTS;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
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

const ToastList = lazy(() => import('./toast-list'));
const noToasts = () => NO_TOASTS;

/** Mount once near the root of the app. */
export function ToastViewport() {
  const current = useSyncExternalStore(subscribeToasts, toast.list, noToasts);
  // Once shown, the list stays mounted so a closing toast can finish its exit.
  const [needed, setNeeded] = useState(false);
  if (current.length > 0 && !needed) setNeeded(true);
  if (!needed && current.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList items={current} onDismiss={toast.dismiss} />
    </Suspense>
  );
}
