// React hooks over the local store: they re-render when its tables change, in this tab or
// another. Dexie-free: they subscribe through the running runtime's watch() (live-reads.ts), so
// any page may import them; without a running store they return what "nothing stored" means.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CartDraftView } from './cart-draft';
import type { ConflictRow, FavoriteRow } from './db';
import { currentLocalRuntime, subscribeLocal, type LastSync, type LiveReads, type LocalRuntime } from './runtime';

/** No runtime on the server, nor in the hydration of a page it drew (online.ts says why). */
const noRuntime = () => null;

export function useLocalRuntime(): LocalRuntime | null {
  return useSyncExternalStore(subscribeLocal, currentLocalRuntime, noRuntime);
}

/**
 * `key`'s value in the running store: `loading` until its first read, `none` without a store.
 */
export function useLocalLive<K extends keyof LiveReads, L, N>(key: K, loading: L, none: N): LiveReads[K] | L | N {
  const rt = useLocalRuntime();
  const [seen, setSeen] = useState<{ rt: LocalRuntime; value: LiveReads[K] } | null>(null);
  useEffect(() => {
    if (!rt) return undefined;
    return rt.watch(key, (value) => setSeen({ rt, value }));
  }, [rt, key]);
  if (!rt) return none;
  return seen && seen.rt === rt ? seen.value : loading;
}

/** Outbox entries not yet acknowledged by the server. */
export function useOutboxCount(): number {
  return useLocalLive('outboxCount', 0, 0);
}

const NO_CONFLICTS: ConflictRow[] = [];

/** Open conflict rows (refused entries and reconcile changes), newest first. */
export function useConflicts(): ConflictRow[] {
  return useLocalLive('conflicts', NO_CONFLICTS, NO_CONFLICTS);
}

const NEVER_SYNCED: LastSync = { lastSyncAt: null, catalogueAsOf: null };

export function useLastSync(): LastSync {
  return useLocalLive('lastSync', NEVER_SYNCED, NEVER_SYNCED);
}

/** The offline cart with provisional totals; null without a store. */
export function useCartDraft(): CartDraftView | null {
  return useLocalLive('cartDraft', null, null);
}

const NO_FAVORITES: FavoriteRow[] = [];

/** Favourites as this device knows them (pending changes included). */
export function useLocalFavorites(): FavoriteRow[] {
  return useLocalLive('favorites', NO_FAVORITES, NO_FAVORITES);
}
