// How the sync engine talks to the server. Dexie-free: the app builds its own transport over the
// query cache (src/app/local-store.ts) from httpTransport without loading the engine.
import { CART_LIST_DEFAULT_FILTER } from '../domain/constants';
import type { CartState } from '../domain/cart-types';
import type { Envelope } from '../domain/envelope';
import type { UserBase } from '../domain/user';
import { http } from '../http/client';
import type { FormFields, OutboxKind } from './outbox';

/** How long a "the session is still this account" answer is trusted before asking again. */
export const ACCOUNT_CHECK_TTL_MS = 30_000;

/** How the engine talks to the server; tests pass a fake. */
export interface SyncTransport {
  post(path: string, body: FormFields, idempotencyKey: string): Promise<Envelope<unknown>>;
  getCart(): Promise<CartState>;
  /** Who the browser's session belongs to now. */
  whoAmI(): Promise<{ username: string; customer: { id: number } | null }>;
}

export const httpTransport: SyncTransport = {
  post: (path, body, idempotencyKey) => http.post<unknown>(path, body, { envelope: true, idempotencyKey }),
  getCart: () => http.get<CartState>('cart/list', { filters: CART_LIST_DEFAULT_FILTER }),
  whoAmI: () => http.get<UserBase>('user/base'),
};

/** What a sync run did, for the app to refresh what the server changed. */
export interface SyncSummary {
  /** Kinds acknowledged or refused by the server in this run. */
  kinds: Set<OutboxKind>;
  reconciled: boolean;
}
