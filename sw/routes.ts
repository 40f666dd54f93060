// Which same-origin request goes to which runtime cache: pure functions of method + pathname, so
// the table is read (and unit-tested, tests/unit/sw-routes.test.ts) without a service worker.
// Anything not named here is not cached by the worker — in particular every per-user mutable
// answer (papers excepted, see PAPERS_EXACT) (/api/cart*, /api/user*, /api/order*, /api/favorite*, /api/address*, /api/invoice*,
// /api/after_sale*, /api/upload*, /api/pay*, /api/register*):
// the local store (src/local/, IndexedDB) owns the buyer's offline cart and favourites.
import { CACHE } from '../src/domain/cache-names';

/** The caches a request can be routed to (the meta cache holds worker state, never answers). */
export type RuntimeCacheName =
  | typeof CACHE.catalogue
  | typeof CACHE.help
  | typeof CACHE.categories
  | typeof CACHE.images
  | typeof CACHE.papers;

const IMAGE_EXT = /\.(?:svg|png|jpe?g|webp|gif)$/i;

/**
 * Catalogue answers (they differ by viewer: prices hidden from visitors, 控销 goods only for
 * special companies). Exact paths or `prefix/…` sub-paths; a prefix never matches a longer word
 * (`/api/goods/listing` is not `/api/goods/list`).
 */
const CATALOGUE_EXACT: ReadonlySet<string> = new Set([
  '/api/goods/list',
  '/api/goods/search',
  '/api/goods/hot',
  '/api/goods/brands',
  '/api/goods/activities',
  '/api/index/spike',
  '/api/focus',
  '/api/global/links',
]);
const CATALOGUE_PREFIXES: readonly string[] = ['/api/goods/detail/', '/api/index_wntj/', '/api/focus/'];

/** Help centre and news (their API arrives with the help issue; routed now so nothing is missed). */
const HELP_PREFIXES: readonly string[] = ['/api/article', '/api/help'];

/**
 * Papers a clinic shows an inspector (issue 35, docs/decisions/papers-offline.md): per user, yet
 * kept — read-only documents the device fetches on purpose, keyed by account like the catalogue.
 * The only per-user answers the worker stores.
 */
const PAPERS_EXACT: ReadonlySet<string> = new Set(['/api/user/papers', '/api/user/contract', '/api/user/contract/pdf']);
const PAPERS_PATTERNS: readonly RegExp[] = [/^\/api\/jybg\/report\/\d+$/, /^\/api\/order\/\d+\/delivery-note$/];

export function isPapersPath(pathname: string): boolean {
  return PAPERS_EXACT.has(pathname) || PAPERS_PATTERNS.some((re) => re.test(pathname));
}

/** Never cached and never observed by the worker, whatever the prefix tables above say (papers excepted). */
const PER_USER_PREFIXES: readonly string[] = [
  '/api/cart',
  '/api/user',
  '/api/order',
  '/api/favorite',
  '/api/address',
  '/api/invoice',
  '/api/after_sale',
  '/api/upload',
  '/api/pay',
  '/api/register',
];

function underPrefix(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => pathname.startsWith(p));
}

export function isPerUserPath(pathname: string): boolean {
  return PER_USER_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}_`));
}

/**
 * The runtime cache a GET for `pathname` belongs to, or null for "straight to the network".
 * Navigations are not asked here (they get the precached shell).
 */
export function runtimeCacheFor(method: string, pathname: string): RuntimeCacheName | null {
  if (method !== 'GET') return null;
  if (pathname.startsWith('/api/')) {
    if (isPapersPath(pathname)) return CACHE.papers;
    if (isPerUserPath(pathname)) return null;
    // Before the /api/focus/ prefix: the shell's category tree has its own cache and strategy.
    if (pathname === '/api/focus/common') return CACHE.categories;
    if (CATALOGUE_EXACT.has(pathname) || underPrefix(pathname, CATALOGUE_PREFIXES)) return CACHE.catalogue;
    if (underPrefix(pathname, HELP_PREFIXES)) return CACHE.help;
    return null;
  }
  if (pathname.startsWith('/img/') || (pathname.startsWith('/media/') && IMAGE_EXT.test(pathname))) return CACHE.images;
  return null;
}

/** Account changes the worker watches (never caches) to switch the catalogue scope in time. */
export type SessionEvent = 'login' | 'logout';

export function sessionEventFor(method: string, pathname: string): SessionEvent | null {
  if (method === 'POST' && pathname === '/api/user/login') return 'login';
  if (method === 'DELETE' && pathname === '/api/user/logout') return 'logout';
  return null;
}

/** Paths the navigation fallback (precached index.html) must never answer. */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api\//, /^\/img\//, /^\/media\//, /^\/sw\.js$/, /^\/kf\//];
