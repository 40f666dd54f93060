// What starts a run: the network back (onlineManager), the tab visible, the worker's
// SYNC_OUTBOX; and the page registering the Background Sync tag.
import { describe, expect, it } from 'vitest';
import { OUTBOX_SYNC_TAG, isOutboxSyncMessage, requestBackgroundSync } from '../../../src/local/background-sync';
import type { TriggerReason } from '../../../src/local/sync-engine';
import { wireTriggers } from '../../../src/local/triggers';

function eventTargetWith<T extends object>(extra: T): EventTarget & T {
  return Object.assign(new EventTarget(), extra);
}

describe('wireTriggers', () => {
  it('runs on online, on visible, and on the worker message; unwires cleanly', () => {
    const reasons: TriggerReason[] = [];
    const engine = { trigger: async (r: TriggerReason) => void reasons.push(r) };
    let onlineListener: ((online: boolean) => void) | null = null;
    const online = {
      isOnline: () => true,
      subscribe: (l: (online: boolean) => void) => {
        onlineListener = l;
        return () => {
          onlineListener = null;
        };
      },
    };
    const doc = eventTargetWith({ visibilityState: 'hidden' as DocumentVisibilityState });
    const sw = new EventTarget();
    const unwire = wireTriggers(engine, { online, document: doc, serviceWorker: sw });

    onlineListener!(false);
    onlineListener!(true);
    doc.dispatchEvent(new Event('visibilitychange'));
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'NETWORK_OK' } }));
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'SYNC_OUTBOX' } }));
    expect(reasons).toEqual(['online', 'visible', 'background-sync']);

    unwire();
    expect(onlineListener).toBeNull();
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'SYNC_OUTBOX' } }));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(reasons).toHaveLength(3);
  });
});

describe('Background Sync registration', () => {
  it('registers the shared tag where the browser has it; false otherwise, never throws', async () => {
    const tags: string[] = [];
    const withSync = {
      getRegistration: async () =>
        ({
          active: {},
          sync: { register: async (tag: string) => void tags.push(tag) },
        }) as unknown as ServiceWorkerRegistration,
    };
    expect(await requestBackgroundSync(withSync)).toBe(true);
    expect(tags).toEqual([OUTBOX_SYNC_TAG]);
    expect(OUTBOX_SYNC_TAG).toBe('outbox');
    expect(
      await requestBackgroundSync({
        getRegistration: async () => ({ active: {} }) as unknown as ServiceWorkerRegistration,
      }),
    ).toBe(false);
    expect(await requestBackgroundSync({ getRegistration: async () => undefined })).toBe(false);
    expect(await requestBackgroundSync({ getRegistration: () => Promise.reject(new Error('no')) })).toBe(false);
    expect(await requestBackgroundSync(null)).toBe(false);
    expect(isOutboxSyncMessage({ type: 'SYNC_OUTBOX' })).toBe(true);
    expect(isOutboxSyncMessage({ type: 'outbox-sync' })).toBe(false);
  });
});
