// The papers kept on the device for an inspector (issue 35 §2, docs/decisions/papers-offline.md):
// GET /api/user/papers lists them; keepPapers() fetches each address once so the service worker's
// papers cache (papers-v1) holds it, and /dzht, /jybg and an order's 随货同行单 open with no
// connection. Files never change under their address (a report, a shipped order's note), so those
// already kept are not fetched again; the contract and the list are, every time (small, and a
// re-signed contract replaces its PDF).
import { queryOptions } from '@tanstack/react-query';
import { CACHE } from '../domain/cache-names';
import type { PapersManifest } from '../domain/papers';
import { http } from '../http/client';

export const papersKeys = { all: ['papers'] as const };

export const getPapers = (): Promise<PapersManifest> => http.get<PapersManifest>('user/papers');

export const papersQuery = () => queryOptions({ queryKey: papersKeys.all, queryFn: getPapers, staleTime: 300_000 });

const ALWAYS_AGAIN: ReadonlySet<string> = new Set(['/api/user/contract', '/api/user/contract/pdf']);

/** Paths the worker's papers cache holds for this account (its keys carry the account's scope). */
async function keptPaths(): Promise<Set<string>> {
  if (typeof caches === 'undefined' || !(await caches.has(CACHE.papers))) return new Set();
  const keys = await (await caches.open(CACHE.papers)).keys();
  return new Set(keys.map((r) => new URL(r.url).pathname));
}

/** Brings the papers onto the device; returns how many addresses were fetched now. */
export async function keepPapers(signal?: AbortSignal): Promise<number> {
  const manifest = await getPapers();
  const kept = await keptPaths();
  let fetched = 0;
  for (const href of manifest.keep) {
    if (signal?.aborted) break;
    if (kept.has(href) && !ALWAYS_AGAIN.has(href)) continue;
    // Through the worker, which stores the answer; the body is read so the answer completes.
    const res = await fetch(href, { credentials: 'include', signal });
    await res.arrayBuffer();
    if (res.ok) fetched += 1;
  }
  return fetched;
}
