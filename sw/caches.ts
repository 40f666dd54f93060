// The runtime caches, one by one: name, strategy and why, limits. docs/offline.md "Service
// worker" is the overview for people; this file is the overview for the code. Which request
// goes where is sw/routes.ts; the plugins are sw/plugins.ts.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { CACHE, RUNTIME_CACHE_PATTERN, USER_SCOPED_CACHES } from '../src/domain/cache-names';
import {
  keptThumbnailPlugin,
  reachabilityPlugin,
  scopePlugin,
  servedFromCachePlugin,
  stampPlugin,
  storedCopyPlugin,
  type ReportToPage,
} from './plugins';
import type { RuntimeCacheName } from './routes';
import type { ScopeStore } from './scope';

declare const self: ServiceWorkerGlobalScope;

const DAY_S = 24 * 60 * 60;
/**
 * How long a page waits for the server before a cached answer is shown instead. Long enough for
 * a slow 3G list answer, short enough that a dead link does not look like a hung shop. The
 * network request keeps running and refreshes the cache when it does arrive.
 */
const NETWORK_TIMEOUT_S = 3;
/**
 * Compressed API answers carry `Vary: Accept-Encoding`; the stored copy is already decoded and our
 * cache keys are plain URLs, so matching and expiry ignore Vary.
 */
const MATCH_OPTIONS: CacheQueryOptions = { ignoreVary: true };

export interface RuntimeCaches {
  strategies: Record<RuntimeCacheName, Strategy>;
  /** Drops the per-user caches and their expiry bookkeeping (logout, account switch). */
  clearUserScoped(): Promise<void>;
}

export function createRuntimeCaches(store: ScopeStore, report: ReportToPage): RuntimeCaches {
  /** NetworkFirst keyed by viewer (catalogue, papers): only 200s stored, stamped with their time,
   * the page told when an answer came from the cache and whether the server was reached. */
  const viewerNetworkFirst = (cacheName: string, expiration: ExpirationPlugin) =>
    new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: NETWORK_TIMEOUT_S,
      matchOptions: MATCH_OPTIONS,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        scopePlugin(store),
        stampPlugin,
        expiration,
        servedFromCachePlugin(report),
        reachabilityPlugin(report),
      ],
    });

  // --- catalogue-v1: goods lists, details, search, brands, activities, flash sale, 为你推荐,
  // ad/focus slots, footer links ------------------------------------------------------------------
  // Strategy: NetworkFirst, 3 s timeout. Prices, stock and 控销 visibility change during the day,
  // so the server's answer wins whenever it comes in time; offline (or on a dead link) the last
  // answer for the same URL is shown, with the offline banner saying how old it is.
  // Keyed by viewer: every key carries `__scope=u:<username>|visitor` (sw/scope.ts), answers
  // fetched across an account change are not stored, and the whole cache is dropped on logout
  // or when another account signs in — one company never sees another's prices.
  // Limits: 600 entries (least recently used evicted; a buyer's usual categories, a few hundred
  // details, the home sections), 7 days since fetched; dropped on storage pressure.
  const catalogueExpiration = new ExpirationPlugin({
    maxEntries: 600,
    maxAgeSeconds: 7 * DAY_S,
    purgeOnQuotaError: true,
    matchOptions: MATCH_OPTIONS,
  });
  const catalogue = viewerNetworkFirst(CACHE.catalogue, catalogueExpiration);

  // --- help-v1: help centre and news articles (/api/article*, /api/help*) -----------------------
  // Strategy: NetworkFirst, 3 s timeout, for the same reason as the catalogue (an edited article
  // shows at once online). Public content, the same for every reader: not keyed by viewer and
  // kept across logout. Limits: 200 entries, 30 days (articles change rarely).
  const help = new NetworkFirst({
    cacheName: CACHE.help,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    matchOptions: MATCH_OPTIONS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      stampPlugin,
      new ExpirationPlugin({
        maxEntries: 200,
        maxAgeSeconds: 30 * DAY_S,
        purgeOnQuotaError: true,
        matchOptions: MATCH_OPTIONS,
      }),
      servedFromCachePlugin(report),
      reachabilityPlugin(report),
    ],
  });

  // --- categories-v1: GET /api/focus/common -------------------------------------------------------
  // The shell's data (category tree, nav, hot search terms, brands; SPEC §7), the same for every
  // buyer and rarely changed, so StaleWhileRevalidate: the menu paints at once from the cache
  // (also offline) and is refreshed in the background for the next start.
  // Limits: 4 entries (query-string variants), 7 days; after that the shell waits for the network.
  const categories = new StaleWhileRevalidate({
    cacheName: CACHE.categories,
    matchOptions: MATCH_OPTIONS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      stampPlugin,
      new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 7 * DAY_S, matchOptions: MATCH_OPTIONS }),
      storedCopyPlugin,
      reachabilityPlugin(report),
    ],
  });

  // --- images-v1: goods and banner pictures (/img/*, /media/*.svg|png|jpg|webp|gif) --------------
  // Strategy: CacheFirst. A picture URL does not change content (a new picture gets a new URL),
  // so the network is only asked on a miss; lists render pictures offline and without a
  // round-trip on slow 4G. Limits: 500 entries, 30 days, least recently used first; dropped
  // entirely on storage pressure. Only complete same-origin 200 answers (no opaque responses).
  // A miss looks in thumbnails-v1 (the kept pictures of bought and favourited goods, issue 35)
  // before the network; offline, a picture in neither fails and the page draws its placeholder.
  const images = new CacheFirst({
    cacheName: CACHE.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
      keptThumbnailPlugin(CACHE.thumbnails),
    ],
  });

  // --- papers-v1: the e-contract, 药检报告 files, 随货同行单 and their list (GET /api/user/papers) ----
  // What an inspector asks a clinic to show (issue 35). The device fetches every address of the
  // list after the catalogue pack (src/api/papers.ts), so they open with no connection from the
  // pages that show them online. NetworkFirst like the catalogue (a re-signed contract shows at
  // once online); keyed by account and dropped with the catalogue on logout or account switch.
  // Limits: 1,000 entries (a year of a busy clinic's notes and reports), 400 days; dropped on
  // storage pressure.
  const papersExpiration = new ExpirationPlugin({
    maxEntries: 1_000,
    maxAgeSeconds: 400 * DAY_S,
    purgeOnQuotaError: true,
    matchOptions: MATCH_OPTIONS,
  });
  const papers = viewerNetworkFirst(CACHE.papers, papersExpiration);

  return {
    strategies: {
      [CACHE.catalogue]: catalogue,
      [CACHE.help]: help,
      [CACHE.categories]: categories,
      [CACHE.images]: images,
      [CACHE.papers]: papers,
    },
    clearUserScoped: async () => {
      // The plugin only knows caches it touched since this worker started; the explicit delete
      // covers a worker that restarted since. Leftover expiry rows for deleted URLs are harmless.
      await catalogueExpiration.deleteCacheAndMetadata();
      await papersExpiration.deleteCacheAndMetadata();
      await Promise.all(USER_SCOPED_CACHES.map((name) => self.caches.delete(name)));
    },
  };
}

/**
 * On activate: deletes runtime caches this worker no longer names (e.g. `catalogue-v1` once
 * `catalogue-v2` ships). Workbox's precache cleans up after itself (cleanupOutdatedCaches).
 */
export async function deleteRetiredCaches(): Promise<void> {
  const current = new Set<string>(Object.values(CACHE));
  const names = await self.caches.keys();
  await Promise.all(
    names
      .filter((name) => RUNTIME_CACHE_PATTERN.test(name) && !current.has(name))
      .map((name) => self.caches.delete(name)),
  );
}
