// The local store's test helpers, for unit and integration tests alike: a fresh account (and so a
// fresh fake-indexeddb database) per test, a lock manager in miniature, a gate, a flush.
import 'fake-indexeddb/auto';
import { openLocalDb, type LocalAccount, type LocalDb } from '../../src/local/db';
import type { LockManagerLike } from '../../src/local/sync-engine';

let dbCounter = 0;
/** A fresh account (and so a fresh database) per test. */
export function freshAccount(username = 'alice'): LocalAccount {
  dbCounter += 1;
  return { username: `${username}-${dbCounter}`, companyId: 100 + dbCounter };
}

export async function openDb(account: LocalAccount): Promise<LocalDb> {
  const db = openLocalDb(account);
  await db.open();
  return db;
}

/** navigator.locks in miniature: one holder per name, the rest wait in order. */
export function fakeLocks(): LockManagerLike & { holders: number; maxHolders: number } {
  const tails = new Map<string, Promise<unknown>>();
  const state = {
    holders: 0,
    maxHolders: 0,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const prev = tails.get(name) ?? Promise.resolve();
      const run = prev.then(async () => {
        state.holders += 1;
        state.maxHolders = Math.max(state.maxHolders, state.holders);
        try {
          return await callback();
        } finally {
          state.holders -= 1;
        }
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return state;
}

/** A promise with its resolve, for holding a request. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets pending IndexedDB work (setImmediate-scheduled in fake-indexeddb) finish. */
export async function flush(times = 20): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise<void>((r) => setImmediate(r));
}
