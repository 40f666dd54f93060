// News that the catalogue changed, for every cache that must then forget: the catalogue's TTL
// caches and stored answers (services/goods) and the session memo (auth/session-memo.ts) each
// register with onCatalogueChange, and a console write (forgetCatalogueCaches) reaches them all.
// With WORKERS=n (server/ops/workers.ts) each process keeps its own caches, so the news also goes
// to the other workers through the cluster primary, which bumps their epoch: an operator's price
// edit is not served stale by another worker for the rest of the caches' TTL. Without a cluster
// (one process, tests) nothing is sent. Several machines still rely on the TTL
// (docs/decisions/catalogue-cache.md).
import cluster, { type Worker } from 'node:cluster';
import type { Deps } from '../deps.ts';

export const CATALOGUE_CHANGED = 'catalogue-changed';

interface CatalogueNews {
  type: typeof CATALOGUE_CHANGED;
}

const isNews = (m: unknown): m is CatalogueNews =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === CATALOGUE_CHANGED;

/** A worker tells its primary (which tells the other workers). */
export function announceCatalogueChange(): void {
  if (cluster.isWorker && process.send) process.send({ type: CATALOGUE_CHANGED } satisfies CatalogueNews);
}

/**
 * Runs `heard` whenever another process of this start announced a change. Only in a cluster
 * worker: elsewhere a 'message' listener would hold a parent's IPC channel (and the process) open.
 */
export function onCatalogueChangeElsewhere(heard: () => void): void {
  if (!cluster.isWorker) return;
  process.on('message', (m: unknown) => {
    if (isNews(m)) heard();
  });
}

/** The primary: passes a worker's news on to every other worker. */
export function relayCatalogueNews(from: Worker, message: unknown, workers: readonly (Worker | undefined)[]): void {
  if (!isNews(message)) return;
  for (const w of workers) if (w && w !== from && w.isConnected()) w.send(message);
}

let epoch = 0;

/**
 * Another WORKERS process changed the catalogue: every entry of every app in this process is stale
 * at once (WeakMaps cannot be walked, so entries carry the epoch they were stored in).
 */
export function catalogueChangedElsewhere(): void {
  epoch++;
}
onCatalogueChangeElsewhere(catalogueChangedElsewhere);

/**
 * This process committed a catalogue change (services/catalogue/changes.ts): every cache entry of
 * every app here is stale (the catalogue caches and the session memo compare epochs), and the
 * other workers hear of it.
 */
export function catalogueChangedHere(): void {
  epoch++;
  announceCatalogueChange();
}

/** Changes whenever this process or another of this start reported a catalogue change. */
export const catalogueEpoch = (): number => epoch;

/** What forgetCatalogueCaches runs: each catalogue cache's (and the session memo's) forget. */
const changeListeners: ((deps: Deps) => void)[] = [];

/** Registers `forget` to run on every forgetCatalogueCaches of an app. */
export function onCatalogueChange(forget: (deps: Deps) => void): void {
  changeListeners.push(forget);
}

/**
 * Drops every cached summary, brand count, category level and stored answer (search suggestions,
 * list pages) of one app, and its remembered sessions: after an operator's change (name, price,
 * stock, on sale, promotions, a company's review) the next read recounts instead of serving the
 * old answer for the rest of its TTL. The other workers hear of it too.
 */
export function forgetCatalogueCaches(deps: Deps): void {
  for (const forget of changeListeners) forget(deps);
  announceCatalogueChange();
}
