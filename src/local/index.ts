// src/local — the buyer's data on this device, and how it gets back to the server.
//
// Two stores, chosen by what the data is:
//   - The service worker's caches (sw/sw.ts) hold RESPONSES that are the same for everyone or
//     cheap to refetch: the app shell (precache), the category tree and nav (categories-v1), help
//     and news (help-v1), catalogue GETs (catalogue-v1), goods images (images-v1). Caching by URL
//     is exactly right for them and costs no app code; docs/offline.md lists names and limits.
//   - Dexie (IndexedDB), one database per account (db.ts), holds what the buyer OWNS or CHANGES
//     and what must be queried rather than looked up by URL:
//       outbox             every offline-capable write, in order, until the server acknowledges it
//       cartDrafts         the cart as last seen + the buyer's changes since (provisional totals)
//       favorites          favourites as a set with per-member sync state
//       catalogueSnapshot  goods this buyer has seen or downloaded, with THIS buyer's prices and
//                          an "as of" time (meta.catalogueAsOf) — searchable offline
//       recentOrders       for reading orders and "buy again" offline
//       conflicts          refused entries and reconcile changes, until the buyer closes them
//       meta               lastSyncAt, catalogueAsOf, cart context, temp id counter
//     Per-account data in the SW cache would need keys per company and would leak on a shared
//     computer; in a per-account database it cannot, and sign-out deletes it.
//
// Loading: this module (Dexie, the engine) is NOT part of first paint. The app calls
// bootLocal(queryClient) (boot.ts, Dexie-free), which imports this module after first paint and
// calls startLocal() for the signed-in account. Pages write through writes.ts and sign-out goes
// through session-guard.ts; both are Dexie-free and reach the store via runtime.ts. The React
// hooks that read Dexie live in use-offline.ts (lazy chunks only); the shell's banner uses the
// Dexie-free useOnline()/useLocalStatus() of online.ts.
//
// Schema versions: db.ts declares version(1). A change adds version(2) with only the changed
// tables and an upgrade() that migrates rows; never edit a shipped version. The outbox table must
// keep its rows across every upgrade (it is the buyer's unsent work).
import { liveQuery } from 'dexie';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { cartListQuery } from '../api/cart';
import type { CartAddLine } from '../domain/cart-types';
import { cartSummaryKeys } from '../api/cart-summary';
import { http } from '../http/client';
import { favoriteKeys } from '../api/favorites';
import { goodsKeys } from '../api/goods';
import { userBaseQuery } from '../api/user';
import { CART_LIST_DEFAULT_FILTER } from '../domain/constants';
import { notifyCartChanged } from '../app/shell/cart-events';
import type { CartState } from '../domain/cart-types';
import type { SearchType } from '../domain/contracts';
import type { GoodsListItem, GoodsListQuery, GoodsListResult } from '../domain/catalog';
import type { OrderDetail, OrderSummary } from '../domain/orders';
import type { UserBase } from '../domain/user';
import { accountOf, rememberLastAccount, sameAccount, type LocalAccount } from './account';
import { serviceWorkerContainer, requestBackgroundSync } from './background-sync';
import {
  draftCartAdd,
  draftCartDelete,
  draftCartEdit,
  draftCartSelect,
  readCartDraft,
  readCartDraftCount,
  rememberCartState,
  type CartDraftView,
} from './cart-draft';
import {
  downloadForOffline,
  rememberGoods,
  searchLocal,
  type DownloadOptions,
  type DownloadResult,
} from './catalogue-snapshot';
import { deleteLocalDb, getMeta, openLocalDb, type LocalDb } from './db';
import { draftFavorite, mergeServerFavorites, readFavoriteMarks } from './favorites-local';
import { countPending, enqueue, isCartKind, isFavoriteKind } from './outbox';
import { buyAgainLines, rememberOrders, type BuyAgain } from './recent-orders';
import { currentLocalRuntime, publishLocalStatus, setLocalRuntime, type LocalOps, type LocalRuntime } from './runtime';
import { requestPersistentStorage } from './storage';
import {
  ACCOUNT_CHECK_TTL_MS,
  createSyncEngine,
  httpTransport,
  type LockManagerLike,
  type SyncSummary,
  type SyncTransport,
} from './sync-engine';
import { wireTriggers } from './triggers';
import { cartAdd, type WriteResult } from './writes';
import type { CartAddResult } from '../domain/cart-types';

export type { LocalAccount } from './account';
export type { CartDraftRow, ConflictRow, CartChangeConflict, RefusedConflict, FavoriteRow } from './db';
export type { OutboxEntry, OutboxKind } from './outbox';
export type { CartDraftView } from './cart-draft';
export type { DownloadOptions, DownloadProgress, DownloadResult } from './catalogue-snapshot';
export type { EngineStatus, EntryOutcome } from './sync-engine';
export type { LocalRuntime, LocalStatus } from './runtime';
export { CART_CHANGE_TEXTS } from './reconcile';
export { STORAGE_FULL_MESSAGE, LocalStorageFullError, isLocalStorageFullError, onStorageFull, estimateStorage } from './storage';

export interface StartLocalOptions {
  /** Tests: a fake server and lock manager. */
  transport?: SyncTransport;
  locks?: LockManagerLike | null;
}

let current: LocalRuntime | null = null;
/** The account the newest startLocal() call asked for; an older call that finishes later yields. */
let wanted: LocalAccount | null = null;

function invalidateAfterSync(queryClient: QueryClient, summary: SyncSummary): void {
  const kinds = [...summary.kinds];
  // cancelRefetch: false joins refetches the page's own onSuccess may already have started.
  const join = { cancelRefetch: false } as const;
  if (summary.reconciled || kinds.some(isCartKind)) {
    void queryClient.invalidateQueries({ queryKey: cartSummaryKeys.all }, join);
    notifyCartChanged();
  }
  if (kinds.some(isFavoriteKind)) {
    void queryClient.invalidateQueries({ queryKey: favoriteKeys.all }, join);
    void queryClient.invalidateQueries({ queryKey: goodsKeys.all }, join);
  }
}

/**
 * The engine's reads go through the query cache: the HTTP client keeps only the newest GET per
 * path alive, so a GET of our own would abort the header's user query or the cart page's list
 * (or be aborted by them); fetchQuery joins a fetch already in flight instead. The posts go
 * through the client directly (cart writes all come through the outbox, one at a time).
 */
function queryTransport(queryClient: QueryClient): SyncTransport {
  const quiet = { meta: { silentErrors: true }, retry: false } as const;
  return {
    post: httpTransport.post,
    getCart: () => queryClient.fetchQuery({ ...cartListQuery(CART_LIST_DEFAULT_FILTER), ...quiet, staleTime: 0 }),
    whoAmI: () => queryClient.fetchQuery({ ...userBaseQuery(), ...quiet, staleTime: ACCOUNT_CHECK_TTL_MS }),
  };
}

function createRuntime(db: LocalDb, account: LocalAccount, queryClient: QueryClient, options: StartLocalOptions): LocalRuntime {
  // Background Sync is asked for once per stretch of pending work, not after every failed run:
  // Chromium fires `sync` at once whenever the DEVICE is online, which it is while only the shop's
  // server is down, so re-registering after each failure became a hot loop (sync → forced retry →
  // failure → register → sync …) that hammered the server and, never letting the engine's run
  // end, kept every page write waiting for its outcome. Asked again once the queue has drained.
  let backgroundSyncAsked = false;
  const askBackgroundSync = () => {
    if (backgroundSyncAsked) return;
    backgroundSyncAsked = true;
    void requestBackgroundSync();
  };
  const engine = createSyncEngine({
    db,
    account,
    transport: options.transport ?? queryTransport(queryClient),
    locks: options.locks,
    isOnline: () => onlineManager.isOnline(),
    onSynced: (summary) => invalidateAfterSync(queryClient, summary),
    onPendingLeft: askBackgroundSync,
  });
  const offDrained = engine.subscribe((s) => {
    if (s.state === 'idle') backgroundSyncAsked = false;
  });
  const unwire = wireTriggers(engine, {
    online: onlineManager,
    document: typeof document === 'undefined' ? null : document,
    serviceWorker: serviceWorkerContainer(),
  });
  const statusSub = liveQuery(() =>
    Promise.all([
      db.outbox.count(),
      db.conflicts.where('dismissed').equals(0).count(),
      getMeta(db, 'lastSyncAt'),
      getMeta(db, 'catalogueAsOf'),
      readCartDraftCount(db),
      readFavoriteMarks(db),
    ]),
  ).subscribe({
    next: ([outboxCount, conflictCount, lastSyncAt, catalogueAsOf, cartDraft, favorites]) =>
      publishLocalStatus({
        account,
        outboxCount,
        conflictCount,
        lastSyncAt: lastSyncAt ?? null,
        catalogueAsOf: catalogueAsOf ?? null,
        cartDraft,
        favorites,
      }),
    // A closed database ends the subscription; the status simply stops updating.
    error: () => undefined,
  });
  const offEngine = engine.subscribe((s) => publishLocalStatus({ engine: s }));

  const ops: LocalOps = {
    cartAdd: (lines, goods) => draftCartAdd(db, lines, { goods }),
    cartEdit: (id, number) => draftCartEdit(db, id, number),
    cartDelete: (ids) => draftCartDelete(db, ids),
    cartSelect: (ids, selected) => draftCartSelect(db, ids, selected),
    favorite: (ids, on, items) => draftFavorite(db, ids, on, { items }),
    form: (kind, fields) => enqueue(db, kind, fields),
    rememberGoods: async (items, categoryId) => {
      try {
        await rememberGoods(db, items, { categoryId });
      } catch {
        // A cache write: a full disk was reported through onStorageFull; a closed db is moot.
      }
    },
    pendingCount: () => countPending(db),
    dismissRefusal: async (entryId) => {
      await db.conflicts.where('entryId').equals(entryId).modify({ dismissed: 1 });
    },
  };

  let stopped = false;
  const rt: LocalRuntime = {
    account,
    db,
    engine,
    ops,
    async stop() {
      if (stopped) return;
      stopped = true;
      engine.stop();
      unwire();
      statusSub.unsubscribe();
      offEngine();
      offDrained();
      db.close();
      if (current === rt) current = null;
      if (currentLocalRuntime() === rt) setLocalRuntime(null);
    },
    async discard() {
      await rt.stop();
      await deleteLocalDb(account);
    },
  };
  return rt;
}

/**
 * Opens `user`'s store and starts its engine (closing another account's first). A UserBase is
 * the server's word on who is signed in; a bare LocalAccount is the offline start's guess.
 * Resolves null when IndexedDB is unavailable (private modes): writes then go straight online.
 */
export async function startLocal(
  queryClient: QueryClient,
  user: UserBase | LocalAccount,
  options: StartLocalOptions = {},
): Promise<LocalRuntime | null> {
  const verified = 'customer' in user;
  const account = verified ? accountOf(user) : user;
  wanted = account;
  if (current && sameAccount(current.account, account)) {
    setLocalRuntime(current);
    return current;
  }
  if (current) await current.stop();
  const db = openLocalDb(account);
  try {
    await db.open();
  } catch {
    if (sameAccount(wanted, account)) setLocalRuntime(null);
    return null;
  }
  if (!sameAccount(wanted, account)) {
    db.close();
    return null;
  }
  const rt = createRuntime(db, account, queryClient, options);
  current = rt;
  setLocalRuntime(rt);
  if (verified) {
    rememberLastAccount(account);
    void requestPersistentStorage();
  }
  void rt.engine.trigger('start');
  return rt;
}

/** Stops the running store (signed out by the server); the data stays for the next sign-in. */
export async function stopLocal(): Promise<void> {
  wanted = null;
  if (current) await current.stop();
  setLocalRuntime(null);
}

// ---- bound helpers for pages (lazy chunks) --------------------------------------------------------

function db(): LocalDb | null {
  return currentLocalRuntime()?.db ?? null;
}

/** Offline search over the catalogue snapshot; [] without a store. */
export async function searchOffline(keyword: string, type: SearchType = 1): Promise<GoodsListItem[]> {
  const d = db();
  return d ? searchLocal(d, keyword, type) : [];
}

export const fetchGoodsPage = (query: GoodsListQuery, signal?: AbortSignal): Promise<GoodsListResult> =>
  http.get<GoodsListResult>('goods/list', query, { signal });

/** "Download the catalogue for offline use" of the buyer's categories, within a byte budget. */
export async function downloadCatalogue(opts: DownloadOptions): Promise<DownloadResult | null> {
  const d = db();
  return d ? downloadForOffline(d, fetchGoodsPage, opts) : null;
}

export async function readCart(): Promise<CartDraftView | null> {
  const d = db();
  return d ? readCartDraft(d) : null;
}

/** The cart page fetched GET cart/list online: keep it for offline use (ignored while changes are queued). */
export async function rememberCart(state: CartState): Promise<void> {
  const d = db();
  if (d) await rememberCartState(d, state).catch(() => false);
}

/** The favourites page read the server's list; `complete` when it read every page. */
export async function rememberFavoriteList(items: readonly GoodsListItem[], complete: boolean): Promise<void> {
  const d = db();
  if (d) await mergeServerFavorites(d, items, { complete }).catch(() => undefined);
}

export async function rememberRecentOrders(orders: readonly (OrderSummary | OrderDetail)[]): Promise<void> {
  const d = db();
  if (d) await rememberOrders(d, orders).catch(() => undefined);
}

/** "Buy again" from a stored order into the cart (offline: into the draft, synced later). */
export async function buyAgain(orderId: number): Promise<{ result: WriteResult<CartAddResult>; info: BuyAgain } | null> {
  const d = db();
  const info = d ? await buyAgainLines(d, orderId) : null;
  if (!info || info.lines.length === 0) return null;
  const lines: CartAddLine[] = info.lines;
  return { result: await cartAdd(lines, { goods: info.goods }), info };
}

/** The banner's close button. */
export async function dismissConflict(id: number): Promise<void> {
  await db()?.conflicts.update(id, { dismissed: 1 });
}

/** Asks the engine to run now (a "sync now" button). */
export async function syncNow(): Promise<void> {
  await currentLocalRuntime()?.engine.trigger('manual');
}
