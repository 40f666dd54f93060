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
//       catalogueSnapshot  goods this buyer has seen, and the pack's goods the change feed changed,
//                          with THIS buyer's prices and an "as of" time (meta.catalogueAsOf)
//       packChunks         the catalogue pack, one record a chunk of 2,000 goods (its columns as
//                          sent); rows are built in memory from it (snapshot-rows.ts) — searchable offline
//       recentOrders       for reading orders and "buy again" offline
//       conflicts          refused entries and reconcile changes, until the buyer closes them
//       meta               lastSyncAt, catalogueAsOf, cart context, temp id counter
//     Per-account data in the SW cache would need keys per company and would leak on a shared
//     computer; in a per-account database it cannot, and sign-out deletes it.
//
// One public entry: nothing outside src/local imports its other files (tests excepted; the rule is
// in .dependency-cruiser.cjs). This file is Dexie-free, so first-paint code may import it: the
// store (store.ts: Dexie, the engine) arrives by dynamic import on first use — the app's boot
// (src/app/local-store.ts) starts it after first paint for the signed-in account. Pages write
// through writes.ts and sign-out goes through session-guard.ts; both reach the store via
// runtime.ts. The hooks over the store (use-offline.ts) subscribe through the running runtime's
// watch(), whose reads (live-reads.ts) arrive with the store. Schema versions: store.ts.
import { deferred } from '../domain/deferred';

type Store = typeof import('./store');

/**
 * The store module, loaded once: a dynamic import() of a module already loaded still resolves a
 * task later, behind whatever the page is drawing (~40 ms at 4× CPU per call on an offline
 * search, session 16); the held promise resolves in a microtask. A failed load is tried again.
 */
const storeModule = deferred<Store>(() => import('./store'));
const store = () => storeModule.load();
/**
 * The store once the boot has opened the database it is about to open (a visitor's is never
 * expected): a page's first query or answer can come before the boot opens it after the first paint.
 */
const openedStore = async () => {
  await awaitBootOpen();
  return store();
};

export type { LocalAccount } from './account';
export type {
  CartDraftRow,
  CartDraftContext,
  ConflictRow,
  CartChangeConflict,
  RefusedConflict,
  FavoriteRow,
} from './db';
export type { FormFields, OutboxEntry, OutboxKind } from './outbox';
export type { CartDraftView } from './cart-draft';
export type { DownloadOptions, DownloadProgress, DownloadResult } from './catalogue-snapshot';
export type { PackProgress, PackResult, PackSummary } from './catalogue-pack';
export type { CatalogueSyncOptions, CatalogueSyncResult } from './store';
export type { QuickPurchaseCache } from './quick-purchase-local';
export type { EngineStatus, EntryOutcome, LockManagerLike } from './sync-engine';
export type { LastSync, LiveReads, LocalRuntime, LocalStatus } from './runtime';
import type { LocalRuntime } from './runtime';
import { awaitBootOpen } from './runtime';
export type { StartLocalOptions } from './store';
export type { SyncSummary, SyncTransport } from './transport';
export type { CartAddOptions, FavoriteOptions, WriteResult } from './writes';
export type { SignOutCheck } from './session-guard';

export { CART_CHANGE_TEXTS } from './cart-change-texts';
export {
  CHECKOUT_REMINDER_GO,
  CHECKOUT_REMINDER_LABEL,
  CHECKOUT_REMINDER_MESSAGE,
  CHECKOUT_REMINDER_SET,
  checkoutReminderDue,
  setCheckoutReminder,
} from './checkout-reminder';
export { isCartKind, isFavoriteKind } from './outbox-kinds';
export { accountOf, lastAccount, sameAccount } from './account';
// The app's boot (src/app/local-store.ts) marks a store as starting or gone before it loads.
export {
  beginLocalStart,
  currentLocalAccount,
  currentLocalRuntime,
  localStatus,
  setLocalRuntime,
  subscribeLocal,
} from './runtime';
export { checkSignOut, finishSignOut, signOutWarningText } from './session-guard';
// Routes whose first screen is still loading hold the store's start back (start-holds.ts).
export {
  holdLocalStart,
  LOCAL_START_HOLD_MAX_MS,
  localStartHeld,
  localStartReleased,
  releaseLocalStart,
} from './start-holds';
export {
  estimateStorage,
  isLocalStorageFullError,
  LocalStorageFullError,
  onStorageFull,
  STORAGE_FULL_MESSAGE,
} from './storage';
export { ACCOUNT_CHECK_TTL_MS, httpTransport } from './transport';
export {
  useCartCountWithDraft,
  useCheckoutReminder,
  useFavoriteShown,
  useLocalAccount,
  useLocalStatus,
  useOnline,
} from './online';
export {
  useCartDraft,
  useConflicts,
  useLastSync,
  useLocalFavorites,
  useLocalLive,
  useLocalRuntime,
  useOutboxCount,
} from './use-offline';
export {
  cartAdd,
  cartAddPartial,
  cartDelete,
  cartEdit,
  cartSelect,
  favoriteAdd,
  favoriteCancel,
  feedbackCreate,
  forgetSeenGoods,
  OFFLINE_SAVED_MESSAGE,
  QUEUED_MESSAGE,
  rememberSeenGoods,
  requestCreate,
} from './writes';

// The store's operations, each loading it on first use.
// Typed as LocalRuntime: the store's database handle stays inside src/local.
export const startLocal = async (...args: Parameters<Store['startLocal']>): Promise<LocalRuntime | null> =>
  (await store()).startLocal(...args);
export const stopLocal: Store['stopLocal'] = async () => (await store()).stopLocal();
export const searchOffline: Store['searchOffline'] = async (...args) => (await store()).searchOffline(...args);
export const downloadCatalogue: Store['downloadCatalogue'] = async (...args) =>
  (await store()).downloadCatalogue(...args);
export const syncCatalogue: Store['syncCatalogue'] = async (...args) => (await store()).syncCatalogue(...args);
export const catalogueSummary: Store['catalogueSummary'] = async () => (await store()).catalogueSummary();
// An offline page's first list or detail query can fail before the boot opened the store.
export const listOffline: Store['listOffline'] = async (...args) => (await openedStore()).listOffline(...args);
export const goodsOffline: Store['goodsOffline'] = async (...args) => (await openedStore()).goodsOffline(...args);
export const readCart: Store['readCart'] = async () => (await store()).readCart();
// What a page read online is kept once the store is open: a page opened by its address (an order
// from a message's link) had its answer dropped (traced: an order's 追溯码 never reached the device).
export const rememberCart: Store['rememberCart'] = async (...args) => (await openedStore()).rememberCart(...args);
export const rememberFavoriteList: Store['rememberFavoriteList'] = async (...args) =>
  (await openedStore()).rememberFavoriteList(...args);
export const rememberRecentOrders: Store['rememberRecentOrders'] = async (...args) =>
  (await openedStore()).rememberRecentOrders(...args);
export const buyAgain: Store['buyAgain'] = async (...args) => (await store()).buyAgain(...args);
export const readStoredOrder: Store['readStoredOrder'] = async (...args) =>
  (await openedStore()).readStoredOrder(...args);
export const dismissConflict: Store['dismissConflict'] = async (...args) => (await store()).dismissConflict(...args);
export const syncNow: Store['syncNow'] = async () => (await store()).syncNow();
// Quick purchase's history and lists, as the orders above: /kjcg answered its history before the
// boot opened the store, and the device never kept it — offline, a line the server had matched by
// "bought before" among equally named goods came back unmatched (a CI run of quick-purchase.test).
export const rememberPurchaseHistory: Store['rememberPurchaseHistory'] = async (...args) =>
  (await openedStore()).rememberPurchaseHistory(...args);
export const rememberSavedLists: Store['rememberSavedLists'] = async (...args) =>
  (await openedStore()).rememberSavedLists(...args);
export const readQuickPurchaseCache: Store['readQuickPurchaseCache'] = async () =>
  (await openedStore()).readQuickPurchaseCache();
export const matchListOffline: Store['matchListOffline'] = async (...args) =>
  (await openedStore()).matchListOffline(...args);
