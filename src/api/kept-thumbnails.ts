// The pictures kept on the device (issue 35 §1 "Pictures", docs/decisions/kept-thumbnails.md): the
// server names the thumbnails of goods the buyer bought or favourited, most valuable first; this
// keeps them in the thumbnails cache, which the service worker reads when its general picture
// cache misses, so they draw with no connection. The walk stops at the budget (count and bytes):
// what is not reached, or no longer named, is dropped — the least valuable first.
import { CACHE } from '../domain/cache-names';
import type { KeptThumbnailsList } from '../domain/kept-thumbnails';
import { http } from '../http/client';

/** The size of a kept picture, stored with it so a later walk need not read the body. */
const KEPT_BYTES_HEADER = 'X-Kept-Bytes';

export interface KeptThumbnailsOutcome {
  kept: number;
  bytes: number;
  /** Fetched in this run (the others were kept already). */
  fetched: number;
  dropped: number;
}

export const getKeptThumbnails = (): Promise<KeptThumbnailsList> =>
  http.get<KeptThumbnailsList>('user/kept-thumbnails');

/** What the walk needs of the browser: the thumbnails cache, fetch and the page's address. */
export interface KeepIo {
  cache: Pick<Cache, 'match' | 'put' | 'keys' | 'delete'>;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The page's address: pictures are resolved against it and only its origin's are kept. */
  base: string;
}

async function keptSize(cache: KeepIo['cache'], url: string): Promise<number | null> {
  const held = await cache.match(url);
  if (!held) return null;
  const size = Number(held.headers.get(KEPT_BYTES_HEADER));
  return Number.isFinite(size) && size > 0 ? size : null;
}

/** Brings the named thumbnails onto the device within the budget; null where there is no Cache API. */
export async function keepThumbnails(signal?: AbortSignal): Promise<KeptThumbnailsOutcome | null> {
  if (typeof caches === 'undefined') return null;
  const list = await getKeptThumbnails();
  const cache = await caches.open(CACHE.thumbnails);
  return keepListed(list, { cache, fetch: (url, init) => fetch(url, init), base: location.href }, signal);
}

/**
 * The walk: the list in order (most valuable first), each picture kept (fetched unless already
 * held) while both caps hold; at the first that would pass either cap, the walk stops. Then every
 * held picture not kept in this walk is deleted: the least valuable, and those no longer named.
 */
export async function keepListed(
  list: KeptThumbnailsList,
  io: KeepIo,
  signal?: AbortSignal,
): Promise<KeptThumbnailsOutcome> {
  const { cache } = io;
  const origin = new URL(io.base).origin;
  const keep = new Set<string>();
  let bytes = 0;
  let fetched = 0;
  for (const thumb of list.thumbnails) {
    // Stopped half-way (sign-out, the buyer paused): keep everything, the next run goes on.
    if (signal?.aborted) return { kept: keep.size, bytes, fetched, dropped: 0 };
    if (keep.size >= list.max_count) break;
    const url = new URL(thumb.src, io.base);
    // Only our own pictures: a foreign one would be an opaque answer whose size is unknown.
    if (url.origin !== origin) continue;
    let size = await keptSize(cache, url.href);
    if (size === null) {
      // Through the worker: a picture the lists already showed comes from images-v1.
      const res = await io.fetch(url.href, { credentials: 'same-origin', signal }).catch(() => null);
      if (!res?.ok) continue;
      const blob = await res.blob();
      size = blob.size;
      if (bytes + size > list.max_bytes) break;
      await cache.put(
        url.href,
        new Response(blob, {
          headers: {
            'Content-Type': res.headers.get('Content-Type') ?? blob.type,
            [KEPT_BYTES_HEADER]: String(size),
          },
        }),
      );
      fetched += 1;
    } else if (bytes + size > list.max_bytes) break;
    bytes += size;
    keep.add(url.href);
  }
  let dropped = 0;
  for (const request of await cache.keys()) {
    if (keep.has(request.url)) continue;
    await cache.delete(request);
    dropped += 1;
  }
  return { kept: keep.size, bytes, fetched, dropped };
}
