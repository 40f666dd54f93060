// The outbox's entries: the contract between the page, the sync engine and the server (STYLE.md
// "The offline side"); their queue in the database is outbox-queue.ts. A page's write becomes a
// local change plus one entry, in ONE Dexie transaction (cart-draft.ts, favorites-local.ts), so a
// crash can never keep one without the other. The engine sends entries strictly in `seq` order
// with `id` as the Idempotency-Key; what each kind's request is: outbox-kinds.ts.
import type { CartAddLine } from '../domain/cart-types';
import type { FormValue } from '../http/form-body';
import { newIdempotencyKey } from '../http/idempotency-key';

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
  'cart.add': {
    lines: CartAddLine[];
    lineIds: number[];
    /**
     * Quick purchase's "add all": sent with partial=1, so the server adds what its rules accept and
     * names each refused line; on acknowledgement the refused lines leave the draft and become
     * conflict rows (sync-engine.ts), instead of one refusal dropping the whole list.
     */
    partial?: true;
  };
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

export function createEntry<K extends OutboxKind>(kind: K, payload: OutboxPayloads[K], now: number): OutboxEntry {
  // TS cannot relate a generic K to the mapped union member; kind and payload agree by signature.
  return { id: newIdempotencyKey(), kind, payload, createdAt: now, tries: 0, nextAttemptAt: now } as OutboxEntry;
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
