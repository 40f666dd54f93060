// Per outbox kind: the HTTP request it stands for — THE table of kind → path and body, which the
// engine sends entries with and writes.ts posts with directly — and which data it touches. Kept
// apart from outbox.ts so the write path (first paint) carries only this, not the engine's
// entry handling.
import type { CartAddLine } from '../domain/cart-types';
import type { FormFields, OutboxEntry, OutboxKind, OutboxPayloads } from './outbox';

export function isCartKind(kind: OutboxKind): boolean {
  return kind.startsWith('cart.');
}

export function isFavoriteKind(kind: OutboxKind): boolean {
  return kind.startsWith('favorite.');
}

/** The HTTP request an entry stands for (DESIGN.md "API contract"; docs/api.md "Cart"). */
export interface OutboxRequest {
  path: string;
  body: FormFields;
}

/** What a kind's request is made of: an add's `lineIds` stay on the device. */
export type OutboxRequestInput = Omit<OutboxPayloads, 'cart.add'> & {
  'cart.add': { lines: readonly CartAddLine[]; partial?: true };
};

/** THE table of kind → path and body: the engine sends entries with it, writes.ts posts directly with it. */
const REQUESTS: { [K in OutboxKind]: (p: OutboxRequestInput[K]) => OutboxRequest } = {
  'cart.add': (p) => ({
    path: 'cart',
    body: p.partial
      ? { params: p.lines.map((l) => ({ ...l })), partial: 1 }
      : { params: p.lines.map((l) => ({ ...l })) },
  }),
  'cart.edit': (p) => ({ path: `cart/${p.id}/edit`, body: { params: { number: p.number } } }),
  'cart.delete': (p) => ({ path: 'cart/batch_delete', body: { ids: [...p.ids] } }),
  'cart.select': (p) => ({ path: 'cart/batch_select', body: { ids: [...p.ids], is_selected: p.is_selected } }),
  'favorite.add': (p) => ({ path: 'favorite', body: { goods_ids: [...p.goods_ids] } }),
  'favorite.cancel': (p) => ({ path: 'favorite/cancel', body: { goods_ids: [...p.goods_ids] } }),
  'request.create': (p) => ({ path: 'user/buy', body: p }),
  'feedback.create': (p) => ({ path: 'user/feedback', body: p }),
};

/** A kind with what its request is made of. */
export type OutboxRequestCall = { [K in OutboxKind]: { kind: K; input: OutboxRequestInput[K] } }[OutboxKind];

export function requestOf(call: OutboxRequestCall): OutboxRequest {
  // TS cannot correlate call.kind with call.input across the union; each union member pairs them.
  const build = REQUESTS[call.kind] as (input: OutboxRequestCall['input']) => OutboxRequest;
  return build(call.input);
}

export function requestFor(entry: OutboxEntry): OutboxRequest {
  // Each entry's payload is its kind's request input (an add's also carries lineIds).
  return requestOf({ kind: entry.kind, input: entry.payload } as OutboxRequestCall);
}
