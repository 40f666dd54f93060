// The outbox: the contract between the page, the sync engine and the server (STYLE.md "The
// offline side"). A page's write becomes a local change plus one entry here, in ONE Dexie
// transaction (cart-draft.ts, favorites-local.ts), so a crash can never keep one without the
// other. The engine sends entries strictly in `seq` order with `id` as the Idempotency-Key.
import type { CartAddLine } from '../api/cart';
import type { FormValue } from '../api/form-body';
import type { LocalDb } from './db';

export type OutboxKind =
  | 'cart.add'
  | 'cart.edit'
  | 'cart.delete'
  | 'cart.select'
  | 'favorite.add'
  | 'favorite.cancel'
  | 'request.create'
  | 'feedback.create';

export const OUTBOX_KINDS: readonly OutboxKind[] = [
  'cart.add',
  'cart.edit',
  'cart.delete',
  'cart.select',
  'favorite.add',
  'favorite.cancel',
  'request.create',
  'feedback.create',
];

/** A form body as the server reads it (request/feedback forms pass theirs through). */
export type FormFields = { [key: string]: FormValue };

export interface OutboxPayloads {
  /**
   * `lineIds[i]` is the draft line `lines[i]` went to: a server line id, or a temporary negative
   * id for a line created offline. The server answers with its line ids in request order, which
   * replace the temporary ids everywhere (draft and later entries) when the add is acknowledged.
   */
  'cart.add': { lines: CartAddLine[]; lineIds: number[] };
  'cart.edit': { id: number; number: number };
  'cart.delete': { ids: number[] };
  'cart.select': { ids: number[]; is_selected: 0 | 1 };
  'favorite.add': { goods_ids: number[] };
  'favorite.cancel': { goods_ids: number[] };
  'request.create': FormFields;
  'feedback.create': FormFields;
}

interface OutboxEntryOf<K extends OutboxKind> {
  /** Queue position (auto-increment); absent only before the entry is stored. */
  seq?: number;
  /** uuid, sent as Idempotency-Key: every retry of this entry is the same request to the server. */
  id: string;
  kind: K;
  payload: OutboxPayloads[K];
  createdAt: number;
  /**
   * Attempts so far: counted before each send (so a crash mid-send still counts), and a failed
   * session check before a send counts too (it sets the backoff just the same).
   */
  tries: number;
  lastError?: string;
  /** Not before this time (ms) unless a trigger says the network is back. */
  nextAttemptAt: number;
}

export type OutboxEntry = { [K in OutboxKind]: OutboxEntryOf<K> }[OutboxKind];

/** What the page asked for, in words, for conflict rows and warnings. */
export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  'cart.add': '加入购物车',
  'cart.edit': '修改购物车数量',
  'cart.delete': '删除购物车商品',
  'cart.select': '勾选购物车商品',
  'favorite.add': '收藏商品',
  'favorite.cancel': '取消收藏',
  'request.create': '提交品种求购',
  'feedback.create': '提交意见反馈',
};

export function isCartKind(kind: OutboxKind): boolean {
  return kind.startsWith('cart.');
}

export function isFavoriteKind(kind: OutboxKind): boolean {
  return kind.startsWith('favorite.');
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * RFC 4122 v4 uuid. crypto.randomUUID exists only in secure contexts; a shop opened over plain
 * http on a LAN address still has getRandomValues, which is just as random.
 */
export function newEntryId(): string {
  const c: Crypto | undefined = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function createEntry<K extends OutboxKind>(kind: K, payload: OutboxPayloads[K], now: number): OutboxEntry {
  // TS cannot relate a generic K to the mapped union member; kind and payload agree by signature.
  return { id: newEntryId(), kind, payload, createdAt: now, tries: 0, nextAttemptAt: now } as OutboxEntry;
}

/**
 * Appends an entry. Call it inside the same `db.transaction('rw', …)` as the local change (Dexie
 * joins the running transaction), so both are stored or neither is.
 */
export async function enqueue<K extends OutboxKind>(
  db: LocalDb,
  kind: K,
  payload: OutboxPayloads[K],
  now: number = Date.now(),
): Promise<OutboxEntry> {
  const entry = createEntry(kind, payload, now);
  const seq = await db.outbox.add(entry);
  return { ...entry, seq };
}

/** The entry the engine sends next. */
export function headEntry(db: LocalDb): Promise<OutboxEntry | undefined> {
  return db.outbox.orderBy('seq').first();
}

export function pendingEntries(db: LocalDb): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').toArray();
}

export function countPending(db: LocalDb): Promise<number> {
  return db.outbox.count();
}

export async function hasPendingCartEntries(db: LocalDb): Promise<boolean> {
  return (await db.outbox.filter((e) => isCartKind(e.kind)).count()) > 0;
}

/** The HTTP request an entry stands for (DESIGN.md "API contract"; docs/api.md "Cart"). */
export interface OutboxRequest {
  path: string;
  body: FormFields;
}

export function requestFor(entry: OutboxEntry): OutboxRequest {
  switch (entry.kind) {
    case 'cart.add':
      return { path: 'cart', body: { params: entry.payload.lines.map((l) => ({ ...l })) } };
    case 'cart.edit':
      return { path: `cart/${entry.payload.id}/edit`, body: { params: { number: entry.payload.number } } };
    case 'cart.delete':
      return { path: 'cart/batch_delete', body: { ids: [...entry.payload.ids] } };
    case 'cart.select':
      return { path: 'cart/batch_select', body: { ids: [...entry.payload.ids], is_selected: entry.payload.is_selected } };
    case 'favorite.add':
      return { path: 'favorite', body: { goods_ids: [...entry.payload.goods_ids] } };
    case 'favorite.cancel':
      return { path: 'favorite/cancel', body: { goods_ids: [...entry.payload.goods_ids] } };
    case 'request.create':
      return { path: 'user/buy', body: entry.payload };
    case 'feedback.create':
      return { path: 'user/feedback', body: entry.payload };
  }
}

/** Temporary (offline-created) cart line ids an entry refers to in what it sends. */
export function tempIdsIn(entry: OutboxEntry): number[] {
  switch (entry.kind) {
    case 'cart.edit':
      return entry.payload.id < 0 ? [entry.payload.id] : [];
    case 'cart.delete':
    case 'cart.select':
      return entry.payload.ids.filter((id) => id < 0);
    default:
      return [];
  }
}

/** The entry with temporary line ids replaced by the server's (unchanged when nothing maps). */
export function withMappedIds(entry: OutboxEntry, map: ReadonlyMap<number, number>): OutboxEntry {
  const m = (id: number) => map.get(id) ?? id;
  switch (entry.kind) {
    case 'cart.add':
      return { ...entry, payload: { ...entry.payload, lineIds: entry.payload.lineIds.map(m) } };
    case 'cart.edit':
      return { ...entry, payload: { ...entry.payload, id: m(entry.payload.id) } };
    case 'cart.delete':
      return { ...entry, payload: { ids: entry.payload.ids.map(m) } };
    case 'cart.select':
      return { ...entry, payload: { ...entry.payload, ids: entry.payload.ids.map(m) } };
    default:
      return entry;
  }
}

/**
 * An entry whose temporary ids can no longer resolve (their add was refused): delete/select of a
 * line that was never created have nothing left to do, so those ids are dropped; null when
 * nothing is left to send. An edit cannot be narrowed this way (the caller records a conflict).
 */
export function withoutIds(entry: OutboxEntry, drop: ReadonlySet<number>): OutboxEntry | null {
  if (entry.kind === 'cart.delete') {
    const ids = entry.payload.ids.filter((id) => !drop.has(id));
    return ids.length > 0 ? { ...entry, payload: { ids } } : null;
  }
  if (entry.kind === 'cart.select') {
    const ids = entry.payload.ids.filter((id) => !drop.has(id));
    return ids.length > 0 ? { ...entry, payload: { ...entry.payload, ids } } : null;
  }
  return entry;
}
