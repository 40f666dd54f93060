// The running local store: opens the account's database, starts its sync engine and publishes its
// status (runtime.ts). Dexie and the engine live here, so nothing outside src/local imports this
// module: the public entry (index.ts) loads it on first use, after first paint.
//
// Schema versions: db.ts declares version(1). A change adds version(2) with only the changed
// tables and an upgrade() that migrates rows; never edit a shipped version. The outbox table must
// keep its rows across every upgrade (it is the buyer's unsent work).
import { listLocal, localGoods } from './pack-list';
import { cartAddRefusal } from './cart-rules';
import {
  applyPackDeltas,
  downloadPack,
  httpPackTransport,
  packSummary,
  readPackState,
  type PackDownloadOptions,
  type PackResult,
  type PackSummary,
} from './catalogue-pack';
import { liveQuery } from 'dexie';
import { onlineManager } from '@tanstack/react-query';
import type { CartAddLine, CartAddResult, CartState } from '../domain/cart-types';
import type { SearchType } from '../domain/contracts';
import type { GoodsListItem, GoodsListQuery, GoodsListResult } from '../domain/catalog';
import type { OrderDetail, OrderSummary } from '../domain/orders';
import type { UserBase } from '../domain/user';
import { http } from '../http/client';
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
  forgetGoods,
  rememberGoods,
  searchLocal,
  type DownloadOptions,
  type DownloadResult,
} from './catalogue-snapshot';
import { deleteLocalDb, getMeta, openLocalDb, type LocalDb } from './db';
import { warmSnapshotRows } from './snapshot-rows';
import { draftFavorite, mergeServerFavorites, readFavoriteMarks } from './favorites-local';
import { LIVE_READS } from './live-reads';
import { countPending, enqueue } from './outbox-queue';
import { buyAgainLines, rememberOrders, storedOrderDetail, type BuyAgain } from './recent-orders';
import { currentLocalRuntime, publishLocalStatus, setLocalRuntime, type LocalOps, type LocalRuntime } from './runtime';
import { requestPersistentStorage } from './storage';
import { createSyncEngine, type LockManagerLike } from './sync-engine';
import { httpTransport, type SyncSummary, type SyncTransport } from './transport';
import { wireTriggers } from './triggers';
import { cartAdd, type WriteResult } from './writes';
import {
  matchOffline,
  readQuickPurchase,
  rememberHistory,
  rememberLists,
  type QuickPurchaseCache,
} from './quick-purchase-local';
import type { MatchedLine, PurchaseHistoryRow, SavedList } from '../domain/quick-purchase';

export interface StartLocalOptions {
  /** How the engine reaches the server: the app's goes through its query cache; tests pass a fake. */
  transport?: SyncTransport;
  /** After a run the server answered something in: the app refreshes what it changed. */
  onSynced?: (summary: SyncSummary) => void;
  /** Tests: a fake lock manager, or null for none. */
  locks?: LockManagerLike | null;
}

/** The runtime with its database: only this module and its tests hold the Dexie handle. */
export interface StoreRuntime extends LocalRuntime {
  readonly db: LocalDb;
}

let current: StoreRuntime | null = null;
/** The account the newest startLocal() call asked for; an older call that finishes later yields. */
let wanted: LocalAccount | null = null;

function createRuntime(db: LocalDb, account: LocalAccount, options: StartLocalOptions): StoreRuntime {
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
    transport: options.transport ?? httpTransport,
    locks: options.locks,
    isOnline: () => onlineManager.isOnline(),
    onSynced: options.onSynced,
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
    cartAdd: (lines, goods, partial) => draftCartAdd(db, lines, { goods, partial }),
    cartAddRefusal: (lines, goods) => cartAddRefusal(db, lines, goods),
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
    forgetGoods: async (ids) => {
      try {
        await forgetGoods(db, ids);
      } catch {
        // A cache write: a closed db is moot.
      }
    },
    pendingCount: () => countPending(db),
    dismissRefusal: async (entryId) => {
      await db.conflicts.where('entryId').equals(entryId).modify({ dismissed: 1 });
    },
  };
  const watch: LocalRuntime['watch'] = (key, onValue) => {
    const read = LIVE_READS[key];
    // A closed database ends the subscription; the hook keeps its last value.
    const sub = liveQuery(() => read(db)).subscribe({ next: onValue, error: () => undefined });
    return () => sub.unsubscribe();
  };

  let stopped = false;
  const rt: StoreRuntime = {
    account,
    db,
    engine,
    ops,
    watch,
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
  user: UserBase | LocalAccount,
  options: StartLocalOptions = {},
): Promise<StoreRuntime | null> {
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
  const rt = createRuntime(db, account, options);
  current = rt;
  setLocalRuntime(rt);
  if (verified) {
    rememberLastAccount(account);
    void requestPersistentStorage();
  }
  void rt.engine.trigger('start');
  void warmCatalogue(db);
  return rt;
}

/**
 * With a whole pack stored, its rows are read into memory in the background (snapshot-rows.ts):
 * the first offline search or list then finds them there instead of reading 20,000 rows itself.
 */
async function warmCatalogue(d: LocalDb): Promise<void> {
  try {
    if ((await readPackState(d))?.completeAt == null) return;
    await warmSnapshotRows(d);
  } catch {
    // A cache warm-up: a closed database (signed out, another account) is moot.
  }
}

/** Stops the running store (signed out by the server); the data stays for the next sign-in. */
export async function stopLocal(): Promise<void> {
  wanted = null;
  if (current) await current.stop();
  setLocalRuntime(null);
}

// ---- bound helpers for pages (through index.ts) ---------------------------------------------------

function db(): LocalDb | null {
  // The registry's runtime: boot drops it (signed out) before this module's stop has run.
  return current && currentLocalRuntime() === current ? current.db : null;
}

/** Offline search over the catalogue snapshot; [] without a store. */
export async function searchOffline(keyword: string, type: SearchType = 1): Promise<GoodsListItem[]> {
  const d = db();
  return d ? searchLocal(d, keyword, type) : [];
}

const fetchGoodsPage = (query: GoodsListQuery, signal?: AbortSignal): Promise<GoodsListResult> =>
  http.get<GoodsListResult>('goods/list', query, { signal });

/** "Download the catalogue for offline use" of the buyer's categories, within a byte budget. */
export async function downloadCatalogue(opts: DownloadOptions): Promise<DownloadResult | null> {
  const d = db();
  return d ? downloadForOffline(d, fetchGoodsPage, opts) : null;
}

export interface CatalogueSyncOptions extends PackDownloadOptions {
  /** The buyer asked (the download page); otherwise only on Wi-Fi / wired, as the Network Information API says. */
  asked?: boolean;
}

export type CatalogueSyncResult = PackResult | { stoppedBy: 'skipped' | 'deltas'; goods: number; bytes: number };

let catalogueRun: Promise<CatalogueSyncResult | null> | null = null;

/**
 * Brings the catalogue pack up to date: the rest of an interrupted download, a new pack when none
 * is complete or the buyer's class changed, else the change feed since its version (a feed too
 * far behind fetches a new pack). One run at a time per tab.
 */
export function syncCatalogue(opts: CatalogueSyncOptions = {}): Promise<CatalogueSyncResult | null> {
  const d = db();
  if (!d) return Promise.resolve(null);
  if (catalogueRun) return catalogueRun;
  const run = (async (): Promise<CatalogueSyncResult> => {
    const state = await readPackState(d);
    const complete = state?.completeAt != null;
    if (!complete && !opts.asked && !onUnmeteredNetwork()) return { stoppedBy: 'skipped', goods: 0, bytes: 0 };
    if (complete) {
      const manifest = await httpPackTransport.manifest(opts.signal);
      if (manifest.class === state!.class) {
        const outcome = await applyPackDeltas(d, httpPackTransport, opts.now, opts.signal);
        if (outcome === 'applied') return { stoppedBy: 'deltas', goods: 0, bytes: 0 };
      }
    }
    return downloadPack(d, httpPackTransport, opts);
  })();
  catalogueRun = run;
  void run
    .finally(() => {
      if (catalogueRun === run) catalogueRun = null;
      void warmCatalogue(d);
    })
    .catch(() => undefined);
  return run;
}

/** True on Wi-Fi or a wired connection, where the Network Information API says which. */
function onUnmeteredNetwork(): boolean {
  const c = (navigator as Navigator & { connection?: { type?: string; saveData?: boolean } }).connection;
  return !c?.saveData && (c?.type === 'wifi' || c?.type === 'ethernet');
}

/** The pack on this device: size, age, how far a download got; null without a store or a pack. */
export async function catalogueSummary(): Promise<PackSummary | null> {
  const d = db();
  return d ? packSummary(d) : null;
}

/** GET goods/list answered from the whole pack on this device; null without a store or a whole pack. */
export async function listOffline(q: GoodsListQuery): Promise<GoodsListResult | null> {
  const d = db();
  return d ? listLocal(d, q) : null;
}

/** A goods' list item as this device holds it (pack or seen); null when unknown here. */
export async function goodsOffline(id: number): Promise<GoodsListItem | null> {
  const d = db();
  return d ? localGoods(d, id) : null;
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

/** The order detail this device kept when it was last opened online (扫码验货 offline), or null. */
export async function readStoredOrder(orderId: number): Promise<OrderDetail | null> {
  const d = db();
  return d ? storedOrderDetail(d, orderId).catch(() => null) : null;
}

/** "Buy again" from a stored order into the cart (offline: into the draft, synced later). */
export async function buyAgain(
  orderId: number,
): Promise<{ result: WriteResult<CartAddResult>; info: BuyAgain } | null> {
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

/** Quick purchase read the purchase history online: keep it (and its goods) for offline use. */
export async function rememberPurchaseHistory(rows: readonly PurchaseHistoryRow[]): Promise<void> {
  const d = db();
  if (d) await rememberHistory(d, rows).catch(() => undefined);
}

/** Quick purchase read the saved lists (常购清单) online: keep them for offline use. */
export async function rememberSavedLists(lists: readonly SavedList[]): Promise<void> {
  const d = db();
  if (d) await rememberLists(d, lists).catch(() => undefined);
}

/** The purchase history and saved lists as last read online; empty without a store. */
export async function readQuickPurchaseCache(): Promise<QuickPurchaseCache> {
  const d = db();
  return d ? readQuickPurchase(d) : { history: [], lists: [] };
}

/** A pasted list matched on the device (no connection); null without a store. */
export async function matchListOffline(content: string): Promise<MatchedLine[] | null> {
  const d = db();
  return d ? matchOffline(d, content) : null;
}
