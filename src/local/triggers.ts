// What starts a sync run besides start-up and an enqueue: the network coming back (TanStack
// Query's onlineManager, the app's single online source; no navigator.onLine listener of our
// own), the tab becoming visible, and the service worker relaying a Background Sync event.
import type { SyncEngine } from './sync-engine';
import { isOutboxSyncMessage } from './background-sync';

export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface TriggerEnv {
  online: OnlineSource;
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | null;
  serviceWorker?: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> | null;
}

/** Wires the triggers; returns the unwiring. */
export function wireTriggers(engine: Pick<SyncEngine, 'trigger'>, env: TriggerEnv): () => void {
  const offOnline = env.online.subscribe((online) => {
    if (online) void engine.trigger('online');
  });
  const doc = env.document ?? null;
  const onVisibility = () => {
    if (doc?.visibilityState === 'visible') void engine.trigger('visible');
  };
  doc?.addEventListener('visibilitychange', onVisibility);
  const sw = env.serviceWorker ?? null;
  const onMessage = (event: Event) => {
    if (isOutboxSyncMessage((event as MessageEvent).data)) void engine.trigger('background-sync');
  };
  sw?.addEventListener('message', onMessage);
  return () => {
    offOnline();
    doc?.removeEventListener('visibilitychange', onVisibility);
    sw?.removeEventListener('message', onMessage);
  };
}
