// The catalogue's small TTL caches: list summaries (total + facets), brand goods counts and the
// category levels. Counting is what a list costs (see list.ts), so its results are kept briefly.
import type { Deps } from '../../../deps.ts';
import { catalogueEpoch, onCatalogueChange } from '../../../cluster/catalogue-news.ts';

/** How long a cached summary, brand count or category level is served before it is recounted. */
export const SUMMARY_TTL_MS = 60_000;
/** Filters (or brand pages) whose summary is kept at once, per app. */
export const SUMMARY_CACHE_MAX = 500;

interface CacheEntry<T> {
  expiresAt: number;
  /** catalogueEpoch() when stored: an entry from before another process's change is stale. */
  epoch: number;
  value: Promise<T>;
}

/**
 * A per-app (keyed by its deps, so apps in one process never share) TTL cache with LRU eviction.
 * Concurrent misses share one load; a failed load is not kept.
 */
export function ttlCache<T>(ttlMs: number, max: number) {
  const caches = new WeakMap<Deps, Map<string, CacheEntry<T>>>();
  // A console write (forgetCatalogueCaches) drops this app's entries with the other caches'.
  onCatalogueChange((deps) => caches.get(deps)?.clear());
  return (deps: Deps, key: string, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(deps);
    if (!cache) {
      cache = new Map();
      caches.set(deps, cache);
    }
    const now = deps.clock().getTime();
    const hit = cache.get(key);
    cache.delete(key);
    if (hit && hit.expiresAt > now && hit.epoch === catalogueEpoch()) {
      cache.set(key, hit);
      return hit.value;
    }
    const value = load();
    const entry: CacheEntry<T> = { expiresAt: now + ttlMs, epoch: catalogueEpoch(), value };
    cache.set(key, entry);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
    const own = cache;
    value.catch(() => {
      if (own.get(key) === entry) own.delete(key);
    });
    return value;
  };
}
