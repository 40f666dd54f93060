// The catalogue's small TTL caches: list summaries (total + facets), brand goods counts and the
// category levels. Counting is what a list costs (see list.ts), so its results are kept briefly.
import type { Deps } from '../../../deps.ts';
import { announceCatalogueChange, onCatalogueChangeElsewhere } from '../../../ops/catalogue-news.ts';

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

let epoch = 0;

/**
 * Another WORKERS process changed the catalogue: every entry of every app in this process is stale
 * at once (WeakMaps cannot be walked, so entries carry the epoch they were stored in).
 */
export function catalogueChangedElsewhere(): void {
  epoch++;
}
onCatalogueChangeElsewhere(catalogueChangedElsewhere);

/** Changes whenever another process of this start reported a catalogue change. */
export const catalogueEpoch = (): number => epoch;

type AnyCaches = WeakMap<Deps, Map<string, unknown>>;
/** Every cache made by ttlCache, so a catalogue change can drop them all at once. */
const allCaches: AnyCaches[] = [];

/** Other catalogue caches (goods/answer-cache.ts) that a catalogue change must also empty. */
const changeListeners: ((deps: Deps) => void)[] = [];

/** Registers `forget` to run on every forgetCatalogueCaches of an app. */
export function onCatalogueChange(forget: (deps: Deps) => void): void {
  changeListeners.push(forget);
}

/**
 * Drops every cached summary, brand count, category level and stored answer (search suggestions,
 * list pages) of one app: after an operator's change (name, price, stock, on sale, promotions)
 * the next list recounts instead of serving up to SUMMARY_TTL_MS of the old totals.
 */
export function forgetCatalogueCaches(deps: Deps): void {
  for (const caches of allCaches) caches.get(deps)?.clear();
  for (const forget of changeListeners) forget(deps);
  announceCatalogueChange();
}

/**
 * A per-app (keyed by its deps, so apps in one process never share) TTL cache with LRU eviction.
 * Concurrent misses share one load; a failed load is not kept.
 */
export function ttlCache<T>(ttlMs: number, max: number) {
  const caches = new WeakMap<Deps, Map<string, CacheEntry<T>>>();
  allCaches.push(caches);
  return (deps: Deps, key: string, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(deps);
    if (!cache) {
      cache = new Map();
      caches.set(deps, cache);
    }
    const now = deps.clock().getTime();
    const hit = cache.get(key);
    cache.delete(key);
    if (hit && hit.expiresAt > now && hit.epoch === epoch) {
      cache.set(key, hit);
      return hit.value;
    }
    const value = load();
    const entry: CacheEntry<T> = { expiresAt: now + ttlMs, epoch, value };
    cache.set(key, entry);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
    const own = cache;
    value.catch(() => {
      if (own.get(key) === entry) own.delete(key);
    });
    return value;
  };
}
