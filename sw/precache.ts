/// <reference lib="webworker" />
// The app shell's precache (docs/decisions/precache-pack.md): Workbox's PrecacheController keeps
// the list, the cache keys (`?__WB_REVISION__=` for files whose name carries no hash), the route
// that answers from the cache and the clean-up of retired files at activation. Its install fetched
// each of ~280 files one request at a time; this install fetches the build's pack of all of them
// (src/domain/precache-pack.ts) when many are missing — a first visit — and each file on its own
// when a few are — an update that changed some chunks.
import { PrecacheController } from 'workbox-precaching';
import { decodePrecachePack, PRECACHE_PACK_PATH, type PackEntry } from '../src/domain/precache-pack';

declare const self: ServiceWorkerGlobalScope;

/**
 * Past this many missing files the pack is fetched (about 1.8 MB, 0.43 MB brotli); below it, the
 * files themselves. An update usually changes a few dozen hashed chunks at most.
 */
const PACK_WORTH_FILES = 40;
/** Files fetched on their own at once (a browser's connections per host). */
const PARALLEL_FETCHES = 6;
const REVISION_PARAM = '__WB_REVISION__';

export const precache = new PrecacheController();

/** The manifest's files not yet in the precache: URL → cache key. */
async function missingFiles(cache: Cache): Promise<Map<string, string>> {
  const stored = new Set((await cache.keys()).map((request) => request.url));
  const missing = new Map<string, string>();
  for (const [url, key] of precache.getURLsToCacheKeys()) if (!stored.has(key)) missing.set(url, key);
  return missing;
}

/** The pack's revision for a file must be the one this worker's manifest names. */
function sameRevision(key: string, entry: PackEntry): boolean {
  return new URL(key).searchParams.get(REVISION_PARAM) === entry.revision;
}

/** Stores what the pack holds of `missing` (removing it from the map); a pack that fails stores nothing. */
async function storeFromPack(cache: Cache, missing: Map<string, string>): Promise<void> {
  const response = await fetch(new URL(PRECACHE_PACK_PATH, self.location.href), { cache: 'no-cache' }).catch(
    () => null,
  );
  if (!response?.ok) return;
  const pack = decodePrecachePack(new Uint8Array(await response.arrayBuffer()));
  if (!pack) return;
  await Promise.all(
    pack.entries.map(async (entry) => {
      const url = new URL(entry.url, self.location.href).href;
      const key = missing.get(url);
      if (key === undefined || !sameRevision(key, entry)) return;
      await cache.put(key, new Response(pack.body(entry), { headers: { 'Content-Type': entry.type } }));
      missing.delete(url);
    }),
  );
}

/** Fetches and stores each file still missing; any failure fails the install, as Workbox's does. */
async function storeEach(cache: Cache, missing: Map<string, string>): Promise<void> {
  const queue = [...missing];
  const lane = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, key] = next;
      // A file without a hash in its name must not come from the HTTP cache's older copy.
      const revisioned = new URL(key).searchParams.has(REVISION_PARAM);
      const response = await fetch(url, { credentials: 'same-origin', cache: revisioned ? 'reload' : 'default' });
      if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
      await cache.put(key, response);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, lane));
}

export async function installPrecache(): Promise<void> {
  const cache = await self.caches.open(precache.strategy.cacheName);
  const missing = await missingFiles(cache);
  if (missing.size > PACK_WORTH_FILES) await storeFromPack(cache, missing);
  await storeEach(cache, missing);
}
