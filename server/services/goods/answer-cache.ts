// Whole answers of the catalogue's hottest reads (search-box suggestions, goods list pages), kept
// for a few seconds as the finished JSON envelope and, once asked for, its brotli/gzip bodies
// (docs/decisions/catalogue-cache.md). Under load most requests repeat one of a few hundred
// answers; serving the stored bytes skips the page statements, the row mapping, JSON.stringify
// and compression, which is where the time went (bench/README.md "load.ts").
//
// Correctness rests on the key and on forgetting:
// - The key holds everything that changes the answer. Callers build it from the parsed input and
//   from viewerAnswerKey(); answers that differ per company (favourites, business scope) live in
//   that company's bucket, so one buyer's answer is never served to another whose answer differs.
// - forgetCatalogueCaches() (every console write, see server/routes/admin/index.ts) drops every
//   bucket of the app, forgetCompanyAnswers() one company's (its favourites changed).
// - ANSWER_TTL_MS bounds what nothing forgets: stock and sales moved by orders, promotions starting
//   or ending on the clock, and another WORKERS process's console write. The cart and checkout
//   re-read price and stock, so a stale tile can never sell what is not there.
import type { Deps } from '../../deps.ts';
import type { StoredAnswer } from '../../http/stored-answer.ts';
import { CODE_OK } from '@domain/envelope.ts';
import type { Viewer } from '../price-visibility.ts';
import { catalogueEpoch, onCatalogueChange } from '../../cluster/catalogue-news.ts';

/** How long an answer is served before it is built again. */
export const ANSWER_TTL_MS = 30_000;
/** Answers kept at once per app, over all buckets (least recently used go first). */
export const ANSWER_CACHE_MAX = 2_000;

/** The bucket of answers that are the same for every viewer with the same key (no company data). */
export const SHARED_BUCKET = 'shared';

interface Entry {
  expiresAt: number;
  /** Stale once another WORKERS process reported a console write (cluster/catalogue-news.ts). */
  epoch: number;
  bucket: string;
  value: Promise<StoredAnswer>;
}

interface AppCache {
  /** `${bucket}\u0000${key}` → entry, in least-recently-used order. */
  entries: Map<string, Entry>;
  hits: number;
  misses: number;
}

const caches = new WeakMap<Deps, AppCache>();

function cacheOf(deps: Deps): AppCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = { entries: new Map(), hits: 0, misses: 0 };
    caches.set(deps, cache);
  }
  return cache;
}

// A console write forgets these answers together with the list summaries (in this process; other
// WORKERS processes get the news through their primary, see isCurrent below).
onCatalogueChange((deps) => caches.get(deps)?.entries.clear());

/** Drops one company's answers (its favourites changed); other companies keep theirs. */
export function forgetCompanyAnswers(deps: Deps, companyId: number): void {
  const cache = caches.get(deps);
  if (!cache) return;
  const bucket = companyBucket(companyId);
  for (const [k, e] of cache.entries) if (e.bucket === bucket) cache.entries.delete(k);
}

/** Hit and miss counts of one app (tests, and a look while benchmarking). */
export function answerCacheStats(deps: Deps): { hits: number; misses: number; size: number } {
  const cache = caches.get(deps);
  return { hits: cache?.hits ?? 0, misses: cache?.misses ?? 0, size: cache?.entries.size ?? 0 };
}

const companyBucket = (companyId: number): string => `company:${companyId}`;

/**
 * The bucket and key part of a viewer for answers that carry prices, favourites or buy blocks:
 * the acting company (favourites, 经营范围, lapsed certificates), whether prices are shown
 * (approval), the price rank and 控销 entitlement. Viewers without a company share one bucket.
 */
export function viewerAnswerKey(v: Viewer): { bucket: string; key: string } {
  const bucket = v.companyId === null ? 'no-company' : companyBucket(v.companyId);
  return {
    bucket,
    key: JSON.stringify([v.approved, v.isSpecial, v.rank, v.entitlement.scope, v.entitlement.expiredCertificates]),
  };
}

/**
 * The stored answer for (bucket, key), built by `load` when missing or expired. Concurrent misses
 * share one build; a failed build (a refusal, a database error) is not kept, so refusals are
 * thrown to every waiting request and never stored.
 */
export async function cachedAnswer<T>(
  deps: Deps,
  bucket: string,
  key: string,
  load: () => Promise<T>,
): Promise<StoredAnswer> {
  const cache = cacheOf(deps);
  const id = `${bucket}\u0000${key}`;
  const now = deps.clock().getTime();
  const hit = cache.entries.get(id);
  if (hit) {
    cache.entries.delete(id);
    if (hit.expiresAt > now && hit.epoch === catalogueEpoch()) {
      cache.entries.set(id, hit);
      cache.hits++;
      return { ...(await hit.value), hit: true };
    }
  }
  cache.misses++;
  const value = load().then((data): StoredAnswer => ({
    json: Buffer.from(JSON.stringify({ code: CODE_OK, msg: 'ok', data })),
    compressed: {},
  }));
  const entry: Entry = { expiresAt: now + ANSWER_TTL_MS, epoch: catalogueEpoch(), bucket, value };
  cache.entries.set(id, entry);
  if (cache.entries.size > ANSWER_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
  const own = cache.entries;
  value.catch(() => {
    if (own.get(id) === entry) own.delete(id);
  });
  return { ...(await value), hit: false };
}
