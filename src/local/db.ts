// The buyer's local database (Dexie over IndexedDB). One database PER ACCOUNT: its name carries the
// username and the company id, so a different account signing in on this browser opens its own
// outbox, drafts and snapshot and can never replay or read another account's.
//
// Schema changes: never edit the version(1) stores below once shipped. Add
//   this.version(2).stores({ <only changed tables> }).upgrade(tx => …)
// Dexie keeps both declarations, runs the upgrade once per browser and leaves untouched tables
// as they are. The outbox must survive every upgrade: it holds buyer work not yet on the server.
import type { PurchaseHistoryRow, SavedList } from '../domain/quick-purchase';
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { CartActivityData, CartFilterData, CartLineView, CartShippingData } from '../domain/cart-types';
import type { GoodsListItem } from '../domain/catalog';
import type { PackChunk, PackOverlay } from '../domain/catalogue-pack';
import type { OrderDetail, OrderSummary } from '../domain/orders';
import { dbNameFor, type LocalAccount } from './account';
import type { OutboxEntry, OutboxKind } from './outbox';

export { accountOf, dbNameFor, sameAccount, type LocalAccount } from './account';

/** A cart line as the buyer last saw it: a server line, or one added offline (negative id). */
export interface CartDraftRow extends CartLineView {
  /** Display order: server order first (0…), lines added offline above them (negative). */
  sort: number;
  /** 1 while the line exists only here (its add has not been acknowledged yet). */
  local: 0 | 1;
}

/** What the cart computation needs besides the lines, from the last GET cart/list. */
export interface CartDraftContext {
  shipping_data: CartShippingData;
  activity_data: CartActivityData;
  filter_data: CartFilterData | null;
  /** The server sent `totals: null`: prices are hidden from this buyer. */
  pricesHidden: boolean;
}

/** Favourites as a set with per-member sync state (favorites-local.ts merges it). */
export interface FavoriteRow {
  goodsId: number;
  /** 1 = in the set (as far as this device knows). */
  on: 0 | 1;
  /** 0 while an outbox entry for this goods is pending. */
  synced: 0 | 1;
  /** The card to show offline, when known. */
  item: GoodsListItem | null;
  updatedAt: number;
}

/** A goods the buyer has seen (lists, detail, search) or downloaded for offline use. */
export interface SnapshotRow {
  id: number;
  item: GoodsListItem;
  seenAt: number;
  /** Lower-cased search keys (computed once on write). */
  nameKey: string;
  sccjKey: string;
  approvalKey: string;
  /** Full pinyin and initials from the server (pinyin_full / pinyin_initials), when it sends them. */
  py?: string;
  pyi?: string;
  /** The goods' barcode when an answer carried one (a code matched online by barcode); kept across
   * later list answers that carry none, so a box scanned once online matches offline. */
  barcode?: string;
  /** Categories this goods was downloaded under (downloadForOffline); a pack goods: its leaf, level 2 and level 1. */
  categoryIds: number[];
  /** From the catalogue pack (catalogue-pack.ts): what category lists filter and sort by. */
  pack?: PackRowFacts;
  /** Approximate stored size (JSON length), for the download budget. */
  bytes: number;
}

/** The pack's list facts of a goods (src/domain/catalogue-pack.ts PackGoods). */
export interface PackRowFacts {
  manufacturerId: number;
  sccjPyi: string;
  /** 经营范围 class, for the device's own refusal (src/domain/cart-line-refusal.ts). */
  scopeClass: string;
  sales: number;
  created: number;
  /** Set by the pack download; a goods only seen in a list answer has no `pack`. */
  version: number;
}

/** The catalogue pack this device holds (catalogue-pack.ts). */
export interface PackState {
  class: string;
  /** The catalogue version the goods are at: the pack's, then each applied delta's. */
  version: number;
  /** Within `version`, the last goods id of a delta page (the change feed's cursor). */
  after: number | null;
  /** The pack being stored: its version, chunks, and which of them are stored. */
  packVersion: number;
  href: string;
  chunks: number;
  stored: number[];
  goods: number;
  bytes: number;
  rawBytes: number;
  builtAt: string;
  overlay: PackOverlay;
  /** Set once every chunk is stored: from then on the pack is searchable and follows deltas. */
  completeAt: number | null;
  /** Last time deltas were applied (ms). */
  syncedAt: number | null;
  /** Goods the change feed removed since the pack: its stored chunks still carry them. */
  gone?: number[];
}

/**
 * One stored chunk of the catalogue pack (schema version 2): the columns as the server sent them,
 * one record for 2,000 goods. Rows for search and lists are built in memory (snapshot-rows.ts).
 */
export interface PackChunkRow {
  index: number;
  /** The pack version the chunk belongs to (PackState.packVersion when it was stored). */
  version: number;
  /** Lowest and highest goods id in the chunk: a goods is looked up in the chunk that spans it. */
  first: number;
  last: number;
  chunk: PackChunk;
}

export interface RecentOrderRow {
  id: number;
  order: OrderSummary | OrderDetail;
  savedAt: number;
}

/** The reconcile texts of the offline issue, plus one for a line the server no longer has. */
export type CartChangeKind = 'price' | 'stock' | 'off_sale' | 'limit' | 'removed';

interface ConflictBase {
  id?: number;
  createdAt: number;
  /** 1 once the buyer closed it in the banner. */
  dismissed: 0 | 1;
  /** What the banner shows (Chinese). */
  text: string;
}

/** An outbox entry the server refused: kept for the buyer to see, never silently dropped. */
export interface RefusedConflict extends ConflictBase {
  source: 'refused';
  entryId: string;
  kind: OutboxKind;
  payload: unknown;
  code: number;
  status: number;
  /** The server's message. */
  msg: string;
}

/** A difference reconcile found between the local cart draft and the server's cart. */
export interface CartChangeConflict extends ConflictBase {
  source: 'change';
  change: CartChangeKind;
  lineId: number;
  goodsId: number;
  name: string;
  /** Before/after where it makes sense (price in fen, quantity in units). */
  before: number | null;
  after: number | null;
}

export type ConflictRow = RefusedConflict | CartChangeConflict;

/** Per-account key/value facts; one row per key. */
export interface MetaValues {
  /** Last time the outbox drained against the server (ms). */
  lastSyncAt: number;
  /** When the catalogue snapshot was last downloaded in full (ms). */
  catalogueAsOf: number;
  /** When the cart draft was last replaced by the server's cart (ms). */
  cartDraftAsOf: number;
  cartContext: CartDraftContext;
  /** Next temporary (negative) id for a line added offline. */
  nextTempId: number;
  /** Quick purchase: the purchase history and saved lists as last read online (quick-purchase-local.ts). */
  purchaseHistory: PurchaseHistoryRow[];
  savedLists: SavedList[];
  /** The catalogue pack on this device (catalogue-pack.ts). */
  pack: PackState;
}
export type MetaKey = keyof MetaValues;
export interface MetaRow {
  key: MetaKey;
  value: MetaValues[MetaKey];
}

/** Version 1 of the schema. Index only what is queried; rows carry more fields than listed. */
export const SCHEMA_V1 = {
  // seq orders the queue (strictly FIFO); id is the uuid sent as Idempotency-Key.
  outbox: '++seq, &id, kind',
  cartDrafts: 'id, sort',
  favorites: 'goodsId, on, synced',
  catalogueSnapshot: 'id, seenAt, nameKey, *categoryIds',
  recentOrders: 'id, savedAt',
  conflicts: '++id, source, dismissed, entryId',
  meta: 'key',
} as const;

/**
 * Version 2 (session 15): the catalogue pack is stored a chunk to a record (`packChunks`) instead
 * of a snapshot row with three indexes per goods (~0.75 ms a goods in Chromium). The upgrade drops
 * the pack rows and the pack state: the device downloads the pack again (docs/offline.md).
 */
export const SCHEMA_V2 = {
  packChunks: 'index, last',
} as const;

export class LocalDb extends Dexie {
  declare outbox: EntityTable<OutboxEntry, 'seq'>;
  declare cartDrafts: Table<CartDraftRow, number>;
  declare favorites: Table<FavoriteRow, number>;
  declare catalogueSnapshot: Table<SnapshotRow, number>;
  declare recentOrders: Table<RecentOrderRow, number>;
  declare conflicts: EntityTable<ConflictRow, 'id'>;
  declare meta: Table<MetaRow, MetaKey>;
  declare packChunks: Table<PackChunkRow, number>;
  readonly account: LocalAccount;

  constructor(account: LocalAccount) {
    super(dbNameFor(account));
    this.account = account;
    this.version(1).stores(SCHEMA_V1);
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade(async (tx) => {
        await tx
          .table<SnapshotRow, number>('catalogueSnapshot')
          .filter((row) => row.pack !== undefined)
          .delete();
        await tx.table<MetaRow, MetaKey>('meta').delete('pack');
      });
  }
}

export function openLocalDb(account: LocalAccount): LocalDb {
  return new LocalDb(account);
}

/** Deletes an account's database (sign-out). Other tabs' connections close on versionchange. */
export function deleteLocalDb(account: LocalAccount): Promise<void> {
  return Dexie.delete(dbNameFor(account));
}

export async function getMeta<K extends MetaKey>(db: LocalDb, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  // The row for `key` was written by setMeta with MetaValues[K]; the table type cannot say so.
  return row?.value as MetaValues[K] | undefined;
}

export async function setMeta<K extends MetaKey>(db: LocalDb, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}
