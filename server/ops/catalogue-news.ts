// With WORKERS=n (server/ops/workers.ts) each process keeps its own catalogue caches (list
// summaries, stored search and list answers). A console write is made in one of them; this tells
// the others through the cluster primary, so an operator's price edit is not served stale by
// another worker for the rest of the caches' TTL. Without a cluster (one process, tests) nothing is
// sent. Several machines still rely on the TTL (docs/decisions/catalogue-cache.md).
import cluster, { type Worker } from 'node:cluster';

export const CATALOGUE_CHANGED = 'catalogue-changed';

interface CatalogueNews {
  type: typeof CATALOGUE_CHANGED;
}

const isNews = (m: unknown): m is CatalogueNews => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === CATALOGUE_CHANGED;

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
