// React hooks over the local store (dexie-react-hooks useLiveQuery: they re-render when the
// tables change, in this tab or another). They import Dexie, so only lazily loaded pages (cart,
// favourites, the conflicts banner's panel) may use them; first-paint code uses online.ts.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { readCartDraft, type CartDraftView } from './cart-draft';
import { getMeta, type ConflictRow, type FavoriteRow } from './db';
import { listLocalFavorites } from './favorites-local';
import { currentLocalRuntime, subscribeLocal, type LocalRuntime } from './runtime';

export { useLocalStatus, useOnline } from './online';

export function useLocalRuntime(): LocalRuntime | null {
  return useSyncExternalStore(subscribeLocal, currentLocalRuntime, currentLocalRuntime);
}

/** Outbox entries not yet acknowledged by the server. */
export function useOutboxCount(): number {
  const rt = useLocalRuntime();
  return useLiveQuery(() => (rt ? rt.db.outbox.count() : 0), [rt], 0);
}

/** Open conflict rows (refused entries and reconcile changes), newest first. */
export function useConflicts(): ConflictRow[] {
  const rt = useLocalRuntime();
  return useLiveQuery(
    async () => {
      if (!rt) return [];
      const rows = await rt.db.conflicts.where('dismissed').equals(0).toArray();
      return rows.sort((a, b) => b.createdAt - a.createdAt || (b.id ?? 0) - (a.id ?? 0));
    },
    [rt],
    [] as ConflictRow[],
  );
}

export interface LastSync {
  /** When the outbox last drained against the server. */
  lastSyncAt: number | null;
  /** When the catalogue snapshot was last downloaded. */
  catalogueAsOf: number | null;
}

export function useLastSync(): LastSync {
  const rt = useLocalRuntime();
  return useLiveQuery(
    async () => {
      if (!rt) return { lastSyncAt: null, catalogueAsOf: null };
      const [lastSyncAt, catalogueAsOf] = await Promise.all([getMeta(rt.db, 'lastSyncAt'), getMeta(rt.db, 'catalogueAsOf')]);
      return { lastSyncAt: lastSyncAt ?? null, catalogueAsOf: catalogueAsOf ?? null };
    },
    [rt],
    { lastSyncAt: null, catalogueAsOf: null } as LastSync,
  );
}

/** The offline cart with provisional totals; null without a store. */
export function useCartDraft(): CartDraftView | null {
  const rt = useLocalRuntime();
  return useLiveQuery(() => (rt ? readCartDraft(rt.db) : null), [rt], null);
}

/** Favourites as this device knows them (pending changes included). */
export function useLocalFavorites(): FavoriteRow[] {
  const rt = useLocalRuntime();
  return useLiveQuery(() => (rt ? listLocalFavorites(rt.db) : []), [rt], [] as FavoriteRow[]);
}
