// The running local store of the signed-in account, as a tiny Dexie-free registry. startLocal()
// (store.ts, loaded after first paint) fills it; writes.ts, session-guard.ts and the shell's
// status hook read it without importing Dexie, so first-paint code can call them.
import type { CartAddLine } from '../domain/cart-types';
import type { GoodsListItem } from '../domain/catalog';
import type { OrderDetail, OrderSummary } from '../domain/orders';
import { lastAccount, type LocalAccount } from './account';
import type { CartDraftCount, FavoriteMark } from './local-marks';
import type { CartDraftView } from './cart-draft';
import type { CartDraftContext, ConflictRow, FavoriteRow } from './db';
import type { FormFields, OutboxEntry } from './outbox';
import type { EngineStatus, SyncEngine } from './sync-engine';

/** The local operations the Dexie-free modules call, bound to the account's database. */
export interface LocalOps {
  cartAdd(lines: readonly CartAddLine[], goods?: readonly GoodsListItem[], partial?: boolean): Promise<OutboxEntry>;
  /** The device's refusal of an add (cart-rules.ts), in the server's words; null when it may be queued. */
  cartAddRefusal(lines: readonly CartAddLine[], goods?: readonly GoodsListItem[]): Promise<string | null>;
  cartEdit(id: number, number: number): Promise<OutboxEntry>;
  cartDelete(ids: readonly number[]): Promise<OutboxEntry>;
  cartSelect(ids: readonly number[], selected: boolean): Promise<OutboxEntry>;
  favorite(goodsIds: readonly number[], on: boolean, items?: readonly GoodsListItem[]): Promise<OutboxEntry>;
  form(kind: 'request.create' | 'feedback.create', fields: FormFields): Promise<OutboxEntry>;
  rememberGoods(items: readonly GoodsListItem[], categoryId?: number): Promise<void>;
  /** The server says these goods are gone (不存在或已下架): their stored copies go. */
  forgetGoods(ids: readonly number[]): Promise<void>;
  pendingCount(): Promise<number>;
  /** The page showed a refusal itself: close its conflict row so the banner does not repeat it. */
  dismissRefusal(entryId: string): Promise<void>;
}

export interface LastSync {
  /** When the outbox last drained against the server. */
  lastSyncAt: number | null;
  /** When the catalogue snapshot was last downloaded. */
  catalogueAsOf: number | null;
}

/** What the pages' hooks can watch in the store (live-reads.ts reads them). */
export interface LiveReads {
  /** Outbox entries not yet acknowledged by the server. */
  outboxCount: number;
  /** Open conflict rows (refused entries and reconcile changes), newest first. */
  conflicts: ConflictRow[];
  lastSync: LastSync;
  /** The offline cart with provisional totals. */
  cartDraft: CartDraftView;
  /** The cart's shipping and promotion context from its last online read. */
  cartContext: { ctx: CartDraftContext | undefined };
  /** Favourites as this device knows them (pending changes included). */
  favorites: FavoriteRow[];
  recentOrders: (OrderSummary | OrderDetail)[];
}

/** The running store as the rest of the app sees it: no Dexie handle (the store keeps that, store.ts). */
export interface LocalRuntime {
  readonly account: LocalAccount;
  readonly engine: SyncEngine;
  readonly ops: LocalOps;
  /** Calls `onValue` with `key`'s value now and whenever it changes; returns the unsubscribe. */
  watch<K extends keyof LiveReads>(key: K, onValue: (value: LiveReads[K]) => void): () => void;
  /** Stops the engine and closes the database (the data stays). */
  stop(): Promise<void>;
  /** Stops, then deletes this account's database (sign-out). */
  discard(): Promise<void>;
}

/** What the shell's offline banner, cart badge and hearts show, kept current by the runtime. */
export interface LocalStatus {
  account: LocalAccount | null;
  outboxCount: number;
  conflictCount: number;
  lastSyncAt: number | null;
  catalogueAsOf: number | null;
  engine: EngineStatus | null;
  cartDraft: CartDraftCount | null;
  favorites: ReadonlyMap<number, FavoriteMark>;
}

type Phase =
  | { phase: 'idle' }
  | { phase: 'starting'; account: LocalAccount; promise: Promise<LocalRuntime | null> }
  | { phase: 'ready'; runtime: LocalRuntime };

/**
 * No store: what a visitor's page, the server's rendering and a hydration see (a drawn page is
 * hydrated as the server drew it, whatever the device opened meanwhile).
 */
export const EMPTY_STATUS: LocalStatus = {
  account: null,
  outboxCount: 0,
  conflictCount: 0,
  lastSyncAt: null,
  catalogueAsOf: null,
  engine: null,
  cartDraft: null,
  favorites: new Map(),
};

/** A write arriving while the store opens waits at most this long, then goes straight to the server. */
export const LOCAL_START_WAIT_MS = 5_000;

let phase: Phase = { phase: 'idle' };
let status: LocalStatus = EMPTY_STATUS;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of [...listeners]) l();
}

export function subscribeLocal(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function currentLocalRuntime(): LocalRuntime | null {
  return phase.phase === 'ready' ? phase.runtime : null;
}

/** The account being started or running, if any. */
export function currentLocalAccount(): LocalAccount | null {
  if (phase.phase === 'ready') return phase.runtime.account;
  if (phase.phase === 'starting') return phase.account;
  return null;
}

export function beginLocalStart(account: LocalAccount, promise: Promise<LocalRuntime | null>): void {
  phase = { phase: 'starting', account, promise };
  emit();
}

export function setLocalRuntime(runtime: LocalRuntime | null): void {
  phase = runtime ? { phase: 'ready', runtime } : { phase: 'idle' };
  if (!runtime) status = EMPTY_STATUS;
  emit();
}

/** The running store; waits for one being opened; null when none (visitor, unsupported browser). */
export async function awaitLocalRuntime(timeoutMs: number = LOCAL_START_WAIT_MS): Promise<LocalRuntime | null> {
  if (phase.phase === 'ready') return phase.runtime;
  if (phase.phase === 'idle') return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([phase.promise.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Together: the longest the app's boot can take to open an expected store (holds, then the start). */
export const LOCAL_OPEN_WAIT_MS = 8_000;

/**
 * For reads only the store can answer (the pack's lists and details with no server): waits until
 * the store is open when one is being opened or `expected` (an account last signed in here). The
 * boot opens it after first paint, so an offline page's first query fails before it exists; an
 * answer of "nothing on this device" then would leave that page without its offline list.
 */
export async function awaitLocalOpen(expected: boolean, timeoutMs: number = LOCAL_OPEN_WAIT_MS): Promise<void> {
  if (phase.phase === 'ready' || (phase.phase === 'idle' && !expected)) return;
  await new Promise<void>((resolve) => {
    const stopWaiting = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(stopWaiting, timeoutMs);
    const off = subscribeLocal(() => {
      if (phase.phase === 'ready') stopWaiting();
    });
  });
}

/**
 * awaitLocalOpen for the store the boot is about to open on this device: expected when an account
 * last signed in here (a visitor's never is). What a page reads or keeps before the boot has opened
 * the store after the first paint waits for it here, instead of being answered empty or dropped.
 */
export function awaitBootOpen(): Promise<void> {
  return awaitLocalOpen(lastAccount() !== null);
}

export function localStatus(): LocalStatus {
  return status;
}

export function publishLocalStatus(patch: Partial<LocalStatus>): void {
  status = { ...status, ...patch };
  emit();
}
