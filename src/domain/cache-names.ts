// The contract between the page and the service worker: cache names, the scope format, the
// headers the worker adds and the messages both sides exchange. Imported by sw/ AND by src/
// (app/cache-scope.ts, app/online-bridge.ts, local/background-sync.ts), so it lives in domain/
// and holds constants and types only — no `self`, no `window`. docs/offline.md "Service worker" explains each cache.

/**
 * Runtime cache names. The `-vN` suffix is the schema of what is stored (key shape, added
 * headers): bump it when that changes; the worker deletes runtime caches it no longer names on
 * activate (sw/caches.ts `deleteRetiredCaches`).
 */
export const CACHE = {
  /** Goods lists, details, search, zones, home data: per viewer (keyed by scope). */
  catalogue: 'catalogue-v1',
  /** Help centre and news articles: public content. */
  help: 'help-v1',
  /** GET /api/focus/common: the category tree and shell data, the same for every buyer. */
  categories: 'categories-v1',
  /** Goods and banner pictures. */
  images: 'images-v1',
  /**
   * The papers an inspector asks a clinic for (issue 35): the e-contract, 药检报告 files, 随货同行单,
   * and their list (GET /api/user/papers): per account (keyed by scope), kept for a year.
   */
  papers: 'papers-v1',
  /**
   * The thumbnails of goods the buyer bought or favourited (issue 35, budgeted; filled by the page,
   * src/api/kept-thumbnails.ts): read by the pictures route when images-v1 misses. Per account:
   * cleared with the catalogue on logout or an account switch.
   */
  thumbnails: 'thumbnails-v1',
  /** The worker's own small state (the current scope), kept where a restart finds it. */
  meta: 'sw-meta-v1',
} as const;

/** Caches whose answers depend on who is signed in: cleared on logout and on an account switch. */
export const USER_SCOPED_CACHES: readonly string[] = [CACHE.catalogue, CACHE.papers, CACHE.thumbnails];

/** Prefix shared by every runtime cache above (lets activate tell ours from Workbox's precache). */
export const RUNTIME_CACHE_PATTERN = /^(?:catalogue|help|categories|images|papers|thumbnails|sw-meta)-v\d+$/;

/** The entry in CACHE.meta holding the current scope as its body text. */
export const SCOPE_ENTRY_PATH = '/__scope__';

/** Query parameter appended to a catalogue request's URL to make its cache key per viewer. */
export const SCOPE_KEY_PARAM = '__scope';

/** Who the cached catalogue answers were made for: a signed-in account or any visitor. */
export type CacheScope = 'visitor' | `u:${string}`;

export function scopeForUsername(username: string): CacheScope {
  return `u:${username}`;
}

export function isCacheScope(value: unknown): value is CacheScope {
  return value === 'visitor' || (typeof value === 'string' && value.startsWith('u:') && value.length > 2);
}

/** Added by the worker: on every answer it stores (when) and every answer it serves from cache. */
export const HEADER_CACHED_AT = 'X-Cached-At';
export const HEADER_FROM_CACHE = 'X-From-Cache';
/**
 * Added by the worker to a stored copy it answers with before asking the server (the shell's
 * stale-while-revalidate data): such an answer says nothing about whether the server is there.
 */
export const HEADER_STORED_COPY = 'X-Stored-Copy';

/** Background Sync tag the page's outbox registers; the worker wakes the page with SYNC_OUTBOX. */
export const OUTBOX_SYNC_TAG = 'outbox';

// ---- messages ---------------------------------------------------------------------------------

/** Page → worker. A reply, when the sender passed a MessagePort, is `{ ok: true }`. */
export type PageToWorkerMessage =
  /** The page's user base settled: the account the catalogue is now fetched for. */
  | { type: 'SET_SCOPE'; scope: CacheScope }
  /** Logout or account switch: drop every per-user cache; the worker relearns the scope. */
  | { type: 'CLEAR_USER_CACHES' }
  /** The buyer clicked 刷新 in the update prompt (src/app/pwa-update.tsx via workbox-window). */
  | { type: 'SKIP_WAITING' };

/** Worker → page. */
export type WorkerToPageMessage =
  /** A routed API request reached the server (any HTTP answer except a gateway failure). */
  | { type: 'NETWORK_OK' }
  /** A routed API request got no answer from the server (offline, refused, 502/503/504). */
  | { type: 'NETWORK_FAILED' }
  /** The server did not answer in time or at all, so a cached copy stored at `cachedAt` was served. */
  | { type: 'SERVED_FROM_CACHE'; url: string; cachedAt: number }
  /** Background Sync fired for OUTBOX_SYNC_TAG: the page's sync engine should drain the outbox. */
  | { type: 'SYNC_OUTBOX' };

export function isWorkerToPageMessage(value: unknown): value is WorkerToPageMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  if (type === 'SERVED_FROM_CACHE') {
    const v = value as { cachedAt?: unknown; url?: unknown };
    return typeof v.cachedAt === 'number' && typeof v.url === 'string';
  }
  return type === 'NETWORK_OK' || type === 'NETWORK_FAILED' || type === 'SYNC_OUTBOX';
}

export function isPageToWorkerMessage(value: unknown): value is PageToWorkerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; scope?: unknown };
  if (v.type === 'SET_SCOPE') return isCacheScope(v.scope);
  return v.type === 'CLEAR_USER_CACHES' || v.type === 'SKIP_WAITING';
}
