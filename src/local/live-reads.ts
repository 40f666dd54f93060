// What the pages' hooks (use-offline.ts) watch in the account's database, by name: the running
// runtime re-reads one whenever its tables change (Dexie liveQuery, in this tab or another), so
// the hooks themselves stay Dexie-free.
import { readCartDraft } from './cart-draft';
import { getMeta, type LocalDb } from './db';
import { listLocalFavorites } from './favorites-local';
import { listRecentOrders } from './recent-orders';
import type { LiveReads } from './runtime';

export const LIVE_READS: { [K in keyof LiveReads]: (db: LocalDb) => Promise<LiveReads[K]> } = {
  outboxCount: (db) => db.outbox.count(),
  conflicts: async (db) => {
    const rows = await db.conflicts.where('dismissed').equals(0).toArray();
    return rows.sort((a, b) => b.createdAt - a.createdAt || (b.id ?? 0) - (a.id ?? 0));
  },
  lastSync: async (db) => {
    const [lastSyncAt, catalogueAsOf] = await Promise.all([getMeta(db, 'lastSyncAt'), getMeta(db, 'catalogueAsOf')]);
    return { lastSyncAt: lastSyncAt ?? null, catalogueAsOf: catalogueAsOf ?? null };
  },
  cartDraft: (db) => readCartDraft(db),
  cartContext: async (db) => ({ ctx: await getMeta(db, 'cartContext') }),
  favorites: (db) => listLocalFavorites(db),
  recentOrders: (db) => listRecentOrders(db),
};
