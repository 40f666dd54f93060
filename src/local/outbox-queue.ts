// The outbox queue in the account's database (the entries themselves: outbox.ts).
import type { LocalDb } from './db';
import { createEntry, type OutboxEntry, type OutboxKind, type OutboxPayloads } from './outbox';
import { isCartKind } from './outbox-kinds';

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
