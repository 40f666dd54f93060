// Favourites offline: a set of goods ids. Adding or cancelling changes the set at once and queues
// the matching outbox entry in the same transaction. Merging with the server's list is set
// arithmetic: members with a pending change keep the buyer's latest choice; every other member
// follows the server (the server wins for what this device did not change).
import type { GoodsListItem } from '../domain/catalog';
import type { FavoriteRow, LocalDb } from './db';
import type { OutboxEntry } from './outbox';
import { isFavoriteKind } from './outbox-kinds';
import { enqueue } from './outbox-queue';
import { storedRows } from './snapshot-rows';
import { guardQuota } from './storage';
import type { FavoriteMark } from './local-marks';

export interface FavoriteDraftOptions {
  /** Cards to show on the offline favourites list. */
  items?: readonly GoodsListItem[];
  now?: number;
}

export async function draftFavorite(
  db: LocalDb,
  goodsIds: readonly number[],
  on: boolean,
  opts: FavoriteDraftOptions = {},
): Promise<OutboxEntry> {
  const now = opts.now ?? Date.now();
  const ids = [...new Set(goodsIds)];
  const given = new Map((opts.items ?? []).map((g) => [g.id, g]));
  // Stored cards read before the transaction: a pack goods is built from its chunk (snapshot-rows.ts).
  const unknown = ids.filter((id) => !given.has(id));
  const stored = new Map((await storedRows(db, unknown)).map((row, i) => [unknown[i]!, row?.item]));
  return guardQuota(() =>
    db.transaction('rw', [db.favorites, db.outbox], async () => {
      const current = await db.favorites.bulkGet(ids);
      const rows: FavoriteRow[] = [];
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        const item = given.get(id) ?? current[i]?.item ?? stored.get(id) ?? null;
        rows.push({ goodsId: id, on: on ? 1 : 0, synced: 0, item, updatedAt: now });
      }
      await db.favorites.bulkPut(rows);
      return enqueue(db, on ? 'favorite.add' : 'favorite.cancel', { goods_ids: ids }, now);
    }),
  );
}

/** Goods ids a pending favourite entry (other than `exceptId`) still mentions. */
async function stillPending(db: LocalDb, exceptId: string): Promise<Set<number>> {
  const pending = new Set<number>();
  await db.outbox
    .filter((e) => isFavoriteKind(e.kind) && e.id !== exceptId)
    .each((e) => {
      if (e.kind === 'favorite.add' || e.kind === 'favorite.cancel')
        for (const id of e.payload.goods_ids) pending.add(id);
    });
  return pending;
}

/** The server acknowledged a favourite entry (inside the ack transaction). */
export async function favoriteAcknowledged(db: LocalDb, entry: OutboxEntry): Promise<void> {
  if (entry.kind !== 'favorite.add' && entry.kind !== 'favorite.cancel') return;
  const pending = await stillPending(db, entry.id);
  for (const id of entry.payload.goods_ids) {
    if (pending.has(id)) continue;
    if (entry.kind === 'favorite.cancel') await db.favorites.delete(id);
    else await db.favorites.update(id, { on: 1, synced: 1 });
  }
}

/** The server refused a favourite entry: the set goes back to what the server has. */
export async function favoriteRefused(db: LocalDb, entry: OutboxEntry): Promise<void> {
  if (entry.kind !== 'favorite.add' && entry.kind !== 'favorite.cancel') return;
  const pending = await stillPending(db, entry.id);
  for (const id of entry.payload.goods_ids) {
    if (pending.has(id)) continue;
    if (entry.kind === 'favorite.add') await db.favorites.delete(id);
    else await db.favorites.update(id, { on: 1, synced: 1 });
  }
}

export interface MergeOptions {
  /** True when `items` is the whole server list (all pages): members missing from it are gone. */
  complete: boolean;
  now?: number;
}

/** Merges a server favourites list (e.g. GET favorite pages read online) into the local set. */
export function mergeServerFavorites(db: LocalDb, items: readonly GoodsListItem[], opts: MergeOptions): Promise<void> {
  const now = opts.now ?? Date.now();
  return guardQuota(() =>
    db.transaction('rw', [db.favorites], async () => {
      const server = new Map(items.map((g) => [g.id, g]));
      const local = await db.favorites.toArray();
      for (const row of local) {
        if (row.synced === 0) continue;
        const item = server.get(row.goodsId);
        if (item) await db.favorites.put({ ...row, on: 1, item, updatedAt: now });
        else if (opts.complete) await db.favorites.delete(row.goodsId);
      }
      const known = new Set(local.map((r) => r.goodsId));
      const added = items
        .filter((g) => !known.has(g.id))
        .map((g): FavoriteRow => ({ goodsId: g.id, on: 1, synced: 1, item: g, updatedAt: now }));
      await db.favorites.bulkPut(added);
    }),
  );
}

export async function localFavoriteIds(db: LocalDb): Promise<Set<number>> {
  const ids = await db.favorites.where('on').equals(1).primaryKeys();
  return new Set(ids);
}

export async function isFavoriteLocal(db: LocalDb, goodsId: number): Promise<boolean> {
  return (await db.favorites.get(goodsId))?.on === 1;
}

/** Favourites to show offline, newest change first. */
export async function listLocalFavorites(db: LocalDb): Promise<FavoriteRow[]> {
  const rows = await db.favorites.where('on').equals(1).toArray();
  return rows.sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Every goods the device has a favourite state for (keys only: the cards stay on disk). */
export async function readFavoriteMarks(db: LocalDb): Promise<Map<number, FavoriteMark>> {
  return db.transaction('r', db.favorites, async () => {
    const [onIds, offIds, pendingIds] = await Promise.all([
      db.favorites.where('on').equals(1).primaryKeys(),
      db.favorites.where('on').equals(0).primaryKeys(),
      db.favorites.where('synced').equals(0).primaryKeys(),
    ]);
    const pending = new Set(pendingIds);
    const marks = new Map<number, FavoriteMark>();
    for (const id of onIds) marks.set(id, { on: true, pending: pending.has(id) });
    for (const id of offIds) marks.set(id, { on: false, pending: pending.has(id) });
    return marks;
  });
}
