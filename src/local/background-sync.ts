// Background Sync, the page's half. Where the browser has it (Chromium), the engine registers the
// OUTBOX_SYNC_TAG when a run ends with entries still queued (offline, or a retry scheduled); the
// browser fires `sync` in the service worker once the device is back online, and the worker
// (sw/sw.ts) posts { type: 'SYNC_OUTBOX' } to the open pages, whose engine runs. The worker never
// sends the outbox itself: business rules stay in src/. The tag and the message are the shared
// contract of src/domain/cache-names.ts. Dexie-free.
import { OUTBOX_SYNC_TAG, isWorkerToPageMessage } from '../domain/cache-names';

export { OUTBOX_SYNC_TAG } from '../domain/cache-names';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** The page's service worker container, when there is one. */
export function serviceWorkerContainer(): ServiceWorkerContainer | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker;
}

/** Registers the outbox sync tag; false where Background Sync is missing (Firefox, Safari). */
export async function requestBackgroundSync(
  container: Pick<ServiceWorkerContainer, 'getRegistration'> | null = serviceWorkerContainer(),
): Promise<boolean> {
  if (!container) return false;
  try {
    // Not `ready`: it never settles where no worker is registered (dev server, first visit).
    const registration = await container.getRegistration();
    if (!registration?.active) return false;
    const sync = (registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync;
    if (!sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Permission denied or no active worker yet: the online trigger and the next start still sync.
    return false;
  }
}

/** The worker's "Background Sync fired" message. */
export function isOutboxSyncMessage(data: unknown): boolean {
  return isWorkerToPageMessage(data) && data.type === 'SYNC_OUTBOX';
}
